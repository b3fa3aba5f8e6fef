import { categoryText, conditionText, fuelText, mileageText, transmissionText } from '@/domain/listing/display';
import { wholeNumberText } from '@/domain/core/numbers';
import type { Vehicle } from '@/domain/listing/vehicle';

/** A row of a listing's details: its label and the text shown. */
export interface DetailRow {
  label: string;
  value: string;
}

/**
 * The listing page's 'Vehicle Details' grid as rows, for Compare (side by side, a row per field): the same
 * labels, texts and fallbacks, in the same order. A field a listing lacks where another has it (engine
 * power, a car's seats) reads '—' beside it.
 */
export function vehicleDetailRows(v: Vehicle): DetailRow[] {
  const rows: DetailRow[] = [
    { label: 'Make', value: v.make },
    { label: 'Model', value: v.model },
    { label: 'Variant', value: v.variant ?? 'Standard' },
    { label: 'Year', value: String(v.year) },
    { label: v.mileage === null && v.operating_hours !== null ? 'Operating Hours' : 'Mileage', value: mileageText(v) },
    { label: 'Fuel type', value: fuelText(v.fuel_type) },
    { label: 'Transmission', value: transmissionText(v.transmission) },
    { label: 'Condition', value: conditionText(v.condition) },
    { label: 'Category', value: categoryText(v.category) || '—' },
    { label: 'Colour', value: v.color ?? '—' },
  ];
  if (v.engine_power_hp != null) rows.push({ label: 'Engine power', value: `${wholeNumberText(v.engine_power_hp)} HP` });
  if (v.vehicle_type === 'car') rows.push({ label: 'Seats', value: '5' }, { label: 'Doors', value: '4' });
  return rows;
}

/**
 * The rows of Compare: every label any of the listings has, in the grid's order, with each listing's
 * text ('—' where it has none).
 */
export function compareRows(vehicles: readonly Vehicle[]): Array<{ label: string; values: string[] }> {
  const perVehicle = vehicles.map((v) => new Map(vehicleDetailRows(v).map((r) => [r.label, r.value])));
  const labels: string[] = [];
  for (const v of vehicles) for (const r of vehicleDetailRows(v)) if (!labels.includes(r.label)) labels.push(r.label);
  return labels.map((label) => ({ label, values: perVehicle.map((m) => m.get(label) ?? '—') }));
}
