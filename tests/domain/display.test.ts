import { describe, expect, it } from 'vitest';
import { distanceBandLabel, distanceText, vehiclesInStockText } from '@/domain/listing/display';

describe('distance on a card', () => {
  it('shows the badge of the distance it writes: 4.5 km reads 5 km away, a Short drive, not Close by', () => {
    expect([distanceText(4.5), distanceBandLabel(4.5)]).toEqual(['5 km away', 'Short drive']);
    expect([distanceText(4.4), distanceBandLabel(4.4)]).toEqual(['4 km away', 'Close by']);
    expect([distanceText(24.5), distanceBandLabel(24.5)]).toEqual(['25 km away', 'Day trip']);
    expect([distanceText(49.6), distanceBandLabel(49.6)]).toEqual(['50 km away', 'Journey']);
    expect([distanceText(1.2), distanceBandLabel(1.2)]).toEqual(['1 km away', 'Close by']);
  });

  it('keeps under 1 km as it is', () => {
    expect([distanceText(0.96), distanceBandLabel(0.96)]).toEqual(['Under 1 km away', 'Nearby']);
    expect([distanceText(null), distanceBandLabel(null)]).toEqual(['Location unknown', null]);
  });

  it('every whole number written sits in the band the badge names', () => {
    const bandOf = { Nearby: [0, 1], 'Close by': [1, 5], 'Short drive': [5, 25], 'Day trip': [25, 50], Journey: [50, Infinity] } as Record<string, [number, number]>;
    for (let km = 1; km < 80; km += 0.05) {
      const written = Number(
        distanceText(km)
          .replace(/ km away$/, '')
          .replace(/,/g, ''),
      );
      const [from, to] = bandOf[distanceBandLabel(km)!]!;
      expect(written >= from && written < to, `${km} km: '${distanceText(km)}' under '${distanceBandLabel(km)}'`).toBe(true);
    }
  });
});

describe("a dealer's stock", () => {
  it('is one vehicle, or N vehicles', () => {
    expect(vehiclesInStockText(1)).toBe('1 vehicle in stock');
    expect(vehiclesInStockText(0)).toBe('0 vehicles in stock');
    expect(vehiclesInStockText(1250)).toBe('1,250 vehicles in stock');
  });
});
