import { categoryText, conditionText, fuelText, mileageText, transmissionText } from '@/domain/listing/display';
import { wholeNumberText } from '@/domain/core/numbers';
import type { Vehicle } from '@/domain/listing/vehicle';
import { t } from '@/app/shared/i18n/language';

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
    { label: t(/*i18n*/ 'Make'), value: v.make },
    { label: t(/*i18n*/ 'Model'), value: v.model },
    { label: t(/*i18n*/ 'Variant'), value: v.variant ?? t(/*i18n*/ 'Standard') },
    { label: t(/*i18n*/ 'Year'), value: String(v.year) },
    { label: v.mileage === null && v.operating_hours !== null ? t(/*i18n*/ 'Operating Hours') : t(/*i18n*/ 'Mileage'), value: mileageText(v, t) },
    { label: t(/*i18n*/ 'Fuel type'), value: fuelText(v.fuel_type, undefined, t) },
    { label: t(/*i18n*/ 'Transmission'), value: transmissionText(v.transmission, undefined, t) },
    { label: t(/*i18n*/ 'Condition'), value: conditionText(v.condition, t) },
    { label: t(/*i18n*/ 'Category'), value: categoryText(v.category, t) || '—' },
    { label: t(/*i18n*/ 'Colour'), value: v.color ?? '—' },
  ];
  if (v.engine_power_hp != null) rows.push({ label: t(/*i18n*/ 'Engine power'), value: t(/*i18n*/ '{hp} HP', { hp: wholeNumberText(v.engine_power_hp) }) });
  if (v.vehicle_type === 'car') rows.push({ label: t(/*i18n*/ 'Seats'), value: '5' }, { label: t(/*i18n*/ 'Doors'), value: '4' });
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
