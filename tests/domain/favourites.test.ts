import { describe, expect, it } from 'vitest';
import { compareRows, vehicleDetailRows } from '@/app/features/saved/detailRows';
import { mergeFavourites, priceDrop, priceDroppedText, type DeviceFavourite } from '@/domain/listing/favourites';
import type { Vehicle } from '@/domain/listing/vehicle';

const car = (over: Partial<Vehicle> = {}) =>
  ({
    id: 'a',
    vehicle_type: 'car',
    make: 'Toyota',
    model: 'Hilux',
    variant: null,
    year: 2019,
    mileage: 85000,
    operating_hours: null,
    fuel_type: 'diesel',
    transmission: 'manual',
    condition: 'used',
    category: 'pickup',
    color: null,
    engine_power_hp: null,
    ...over,
  }) as Vehicle;

describe('favourites', () => {
  it('says how much the price fell since it was saved, never a rise', () => {
    expect(priceDrop(30000, 27500)).toBe(2500);
    expect(priceDrop(30000, 31000)).toBe(0);
    expect(priceDrop(null, 1000)).toBe(0);
    expect(priceDroppedText(2500)).toBe('Price dropped $2,500');
  });

  it("merges with the account: unsent changes win, the rest is the account's", () => {
    const row = (id: string, over: Partial<DeviceFavourite> = {}): DeviceFavourite => ({
      vehicle_id: id,
      title: `Title of ${id}`,
      saved_at: '2026-11-20T00:00:00.000Z',
      saved_price: 1,
      removed: false,
      pending: false,
      ...over,
    });
    const account = [
      { vehicle_id: 'kept', title: 'Kept', saved_at: '2026-11-19T00:00:00.000Z', saved_price: 5, vehicle: null, sold: true },
      { vehicle_id: 'removedHere', title: null, saved_at: '2026-11-19T00:00:00.000Z', saved_price: 5, vehicle: car(), sold: false },
      { vehicle_id: 'fromElsewhere', title: 'Elsewhere', saved_at: '2026-11-19T00:00:00.000Z', saved_price: 5, vehicle: car(), sold: false },
    ];
    const device = [row('kept'), row('removedHere', { removed: true, pending: true }), row('addedHere', { pending: true }), row('removedElsewhere')];
    expect(mergeFavourites(device, account)).toEqual([
      { vehicle_id: 'kept', title: 'Kept', saved_at: '2026-11-19T00:00:00.000Z', saved_price: 5, removed: false, pending: false, gone: true, sold: true },
      row('removedHere', { removed: true, pending: true }),
      { vehicle_id: 'fromElsewhere', title: 'Elsewhere', saved_at: '2026-11-19T00:00:00.000Z', saved_price: 5, removed: false, pending: false, gone: false, sold: false },
      row('addedHere', { pending: true }),
    ]);
  });
});

describe('compare', () => {
  it("shows the listing page's detail fields in rows, '—' where a listing lacks one", () => {
    const tractor = car({ id: 'b', vehicle_type: 'farming', make: 'John Deere', model: '5075E', mileage: null, operating_hours: 1200, engine_power_hp: 75 });
    expect(vehicleDetailRows(car()).map((r) => r.label)).toEqual(['Make', 'Model', 'Variant', 'Year', 'Mileage', 'Fuel type', 'Transmission', 'Condition', 'Category', 'Colour', 'Seats', 'Doors']);
    const rows = compareRows([car(), tractor]);
    expect(rows.find((r) => r.label === 'Make')?.values).toEqual(['Toyota', 'John Deere']);
    expect(rows.find((r) => r.label === 'Mileage')?.values).toEqual(['85,000 km', '—']);
    expect(rows.find((r) => r.label === 'Operating Hours')?.values).toEqual(['—', '1,200 hrs']);
    expect(rows.find((r) => r.label === 'Engine power')?.values).toEqual(['—', '75 HP']);
    expect(rows.find((r) => r.label === 'Seats')?.values).toEqual(['5', '—']);
  });
});
