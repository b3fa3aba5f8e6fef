import { z } from 'zod';
import { CONDITIONS, DRIVE_TYPES, ENGINE_POWER_HP_MAX, FUEL_TYPES, OPERATING_HOURS_MAX, TRANSMISSIONS, VEHICLE_TYPES, YEAR_MIN, yearMax } from '../core/constants';
import { SUBSCRIPTION_PLANS } from '../payments/fees';
import { text } from '../core/text';
import { CONTACT_PREFERENCES } from '../messages/apiMessages';

/** A year out of range, in words (its first year is YEAR_MIN's, written out: a marked text is one literal). */
const YEAR_RANGE_MESSAGE = /*i18n*/ 'Year must be between 1990 and next year';

const trimmed = (max: number) => text().trim().min(1).max(max);
const optionalText = (max: number) =>
  text()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));
const lowerEnum = <T extends readonly [string, ...string[]]>(values: T) => z.preprocess((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v), z.enum(values));

/** Fields a seller sends to create or update a listing (spec section 7, POST /api/vehicles). */
export const vehicleInputSchema = z.object({
  id: z.uuid().optional(),
  vehicle_type: lowerEnum(VEHICLE_TYPES).default('car'),
  make: trimmed(80),
  model: trimmed(80),
  variant: optionalText(80),
  year: z.coerce
    .number()
    .int()
    .refine((y) => y >= YEAR_MIN && y <= yearMax(), { message: YEAR_RANGE_MESSAGE }),
  price: z.coerce.number().nonnegative().max(100_000_000).nullish(),
  mileage: z.coerce.number().int().nonnegative().max(10_000_000).nullish(),
  operating_hours: z.coerce.number().int().nonnegative().max(OPERATING_HOURS_MAX).nullish(),
  engine_size: z.coerce.number().positive().max(100).nullish(),
  /** Horsepower, for construction and farming equipment (spec section 9's engine-power bands filter on it). */
  engine_power_hp: z.coerce.number().int().positive().max(ENGINE_POWER_HP_MAX).nullish(),
  /** The seller's declarations: duty paid (ZIMRA), police clearance and a registration book in their name; null when not said. */
  duty_paid: z.boolean().nullish(),
  papers_ready: z.boolean().nullish(),
  fuel_type: lowerEnum(FUEL_TYPES).nullish(),
  transmission: lowerEnum(TRANSMISSIONS).nullish(),
  drive_type: lowerEnum(DRIVE_TYPES).nullish(),
  condition: lowerEnum(CONDITIONS).nullish(),
  car_category: optionalText(40),
  category: optionalText(40),
  color: optionalText(40),
  description: optionalText(5000),
  images: z
    .array(
      text()
        .min(1)
        .max(15 * 1024 * 1024),
    )
    .max(20)
    .default([]),
  features: z.array(text().trim().min(1).max(80)).max(60).default([]),
  featured: z.boolean().default(false),
  subscription_plan: z.enum(SUBSCRIPTION_PLANS).nullish(),
  seller_phone: optionalText(40),
  seller_email: optionalText(200),
  seller_location: optionalText(200),
  location: optionalText(200),
  region: optionalText(80),
  seller_latitude: z.coerce.number().min(-90).max(90).nullish(),
  seller_longitude: z.coerce.number().min(-180).max(180).nullish(),
  /** How buyers reach the seller about this listing (issue 37): 'phone', 'messages' only, or null for the account's choice. */
  contact_preference: z.enum(CONTACT_PREFERENCES).nullish(),
});
export type VehicleInput = z.infer<typeof vehicleInputSchema>;
