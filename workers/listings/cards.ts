import { summaryAsVehicle, type ListingSummary } from '@/domain/search/summary';
import type { Vehicle } from '@/domain/listing/vehicle';
import { ATTRIBUTE_FIELDS } from '@/domain/search/fields';
import { verdicts } from './state';

// A listing as the device shows it: a summary as a card, or a full record opened here with the fresher
// search fields a later sync brought, each with its price verdict among the listings the device holds.

/** A summary as a card shows it: the listing's shape, with its price verdict among the listings the device holds. */
export function cardOf(s: ListingSummary): Vehicle {
  return { ...summaryAsVehicle(s), price_verdict: verdicts.verdict(s) };
}

/** A full record opened here, with its summary's fresher fields over it and its price verdict. */
export function freshRecord(record: Vehicle, summary: ListingSummary): Vehicle {
  return { ...record, ...freshFields(summary), price_verdict: verdicts.verdict(summary) };
}

/** The fields of a summary that a later sync may have changed on a record opened before. */
function freshFields(s: ListingSummary): Partial<Vehicle> {
  const out: Record<string, unknown> = {};
  for (const f of FRESH_FIELDS) out[f] = s[f];
  return out as Partial<Vehicle>;
}

const FRESH_FIELDS = [
  'make',
  'model',
  'variant',
  'year',
  'price',
  'mileage',
  'operating_hours',
  'engine_size',
  'engine_power_hp',
  // Every attribute a buyer filters by (search/fields.ts).
  ...ATTRIBUTE_FIELDS,
  'featured',
  'duty_paid',
  'papers_ready',
  'verified_dealer',
  'phone_verified',
  'location',
  'region',
  'seller_name',
  'seller_location',
  'seller_type',
  'expires_at',
] as const satisfies readonly (keyof ListingSummary & keyof Vehicle)[];
