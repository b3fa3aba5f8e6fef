import { z } from 'zod';
import { SELLER_TYPES, VEHICLE_TYPES } from '../core/constants';
import { nullableNumber, nullableString } from '../core/wire';
import { SUMMARY_FORMAT, SUMMARY_FORMAT_PREVIOUS, type SummaryColumns, type SummaryPage, type SummaryPrices } from './summary';

// The schema of the summary feed's page (GET /api/sync/summary), for the route's response and the
// tests. The page's fields are described in summary.ts, whose interfaces the worker reads without zod;
// `satisfies` keeps the two the same.

const nullableInts = z.array(nullableNumber);
/** A page's summaries as columns (see SummaryColumns in search/summary.ts). */
export const summaryColumnsSchema = z.object({
  n: z.number(),
  id: z.string(),
  created: z.array(z.number()),
  expires: nullableInts,
  boosted: nullableInts.optional(),
  kind: z.array(z.number()),
  kinds: z.array(z.tuple([z.enum(VEHICLE_TYPES), z.string(), z.string(), nullableString])),
  year: z.array(z.number()),
  price: nullableInts,
  mileage: nullableInts,
  hours: nullableInts,
  engine: nullableInts,
  power: nullableInts,
  attr: z.array(z.number()),
  attrs: z.array(
    z.tuple([nullableString, nullableString, nullableString, nullableString, nullableString, z.enum(SELLER_TYPES).nullable(), z.union([z.literal(0), z.literal(1)]), z.number()]).rest(nullableString),
  ),
  place: z.array(z.number()),
  places: z.array(z.tuple([nullableString, nullableString, nullableNumber, nullableNumber])),
  lat: nullableInts,
  lon: nullableInts,
  seller: z.array(z.number()),
  sellers: z.array(z.tuple([nullableString, nullableString, nullableString])),
  photo: z.string(),
}) satisfies z.ZodType<SummaryColumns>;

/** A page's new prices (see SummaryPrices in search/summary.ts). */
const summaryPricesSchema = z.object({ n: z.number(), id: z.string(), price: nullableInts }) satisfies z.ZodType<SummaryPrices>;

/** GET /api/sync/summary: one page of the summary feed (see SummaryPage in search/summary.ts), in the format asked. */
export const summaryPageSchema = z.object({
  format: z.union([z.literal(SUMMARY_FORMAT), z.literal(SUMMARY_FORMAT_PREVIOUS)]),
  rows: summaryColumnsSchema,
  prices: summaryPricesSchema.optional(),
  tombstones: z.array(z.string()),
  revision: z.number(),
  has_more: z.boolean(),
  cursor: nullableString,
  complete: z.array(z.enum(VEHICLE_TYPES)),
}) satisfies z.ZodType<SummaryPage>;
