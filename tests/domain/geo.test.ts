import { describe, expect, it } from 'vitest';
import { seededRandom } from '../support/random';
import { accountPosition, chordSquared, chordSquaredForKm, distanceBand, knownCity, regionOf, driveSpeedKmh, driveTimeMinutes, haversineKm, roundKm, unitVector } from '@/domain/geo/geo';
import { CITIES, DEFAULT_LOCATION } from '@/domain/core/constants';

const city = (name: string) => CITIES.find((c) => c.name === name)!;

describe('haversine distance', () => {
  it('is zero for the same point and symmetric', () => {
    expect(haversineKm(DEFAULT_LOCATION, DEFAULT_LOCATION)).toBe(0);
    const a = city('Harare');
    const b = city('Bulawayo');
    expect(haversineKm(a, b)).toBeCloseTo(haversineKm(b, a), 9);
  });

  it('gives the known great-circle distances between Zimbabwean cities', () => {
    // Harare to Bulawayo is about 365 km in a straight line; Harare to Mutare about 214 km (263 km by road).
    expect(haversineKm(city('Harare'), city('Bulawayo'))).toBeGreaterThan(355);
    expect(haversineKm(city('Harare'), city('Bulawayo'))).toBeLessThan(375);
    expect(haversineKm(city('Harare'), city('Mutare'))).toBeGreaterThan(205);
    expect(haversineKm(city('Harare'), city('Mutare'))).toBeLessThan(225);
  });

  it('uses an Earth radius of 6371 km (a quarter meridian is 10,007.5 km)', () => {
    expect(haversineKm({ latitude: 0, longitude: 0 }, { latitude: 90, longitude: 0 })).toBeCloseTo((Math.PI / 2) * 6371, 6);
  });
});

describe('drive time', () => {
  it('assumes 60 km/h under 50 km and 80 km/h from 50 km', () => {
    expect(driveSpeedKmh(49.9)).toBe(60);
    expect(driveSpeedKmh(50)).toBe(80);
    expect(driveTimeMinutes(30)).toBe(30);
    expect(driveTimeMinutes(160)).toBe(120);
  });

  it('rounds distances to one decimal', () => {
    expect(roundKm(12.345)).toBe(12.3);
  });
});

describe('distance badges', () => {
  it('bands distances at 1, 5, 25 and 50 km', () => {
    expect(distanceBand(0.5)).toBe('nearby');
    expect(distanceBand(1)).toBe('close');
    expect(distanceBand(4.9)).toBe('close');
    expect(distanceBand(5)).toBe('drive');
    expect(distanceBand(24.9)).toBe('drive');
    expect(distanceBand(25)).toBe('trip');
    expect(distanceBand(49.9)).toBe('trip');
    expect(distanceBand(50)).toBe('journey');
  });
});

describe('places named in text', () => {
  it('finds the known city a town, an address or an account location names, the first one named', () => {
    expect(knownCity('Bulawayo')?.name).toBe('Bulawayo');
    expect(knownCity('Gweru, Zimbabwe')?.name).toBe('Gweru');
    expect(knownCity('suburbs, BULAWAYO')?.name).toBe('Bulawayo');
    expect(knownCity('Epworth, Harare')?.name).toBe('Epworth');
    expect(knownCity('Beitbridge, Zimbabwe')).toBeNull();
    // Whole words only: 'Harareville' is not Harare.
    expect(knownCity('Harareville')).toBeNull();
    expect(knownCity(null)).toBeNull();
  });

  it('gives the region a town lies in, or the region a text names', () => {
    expect(regionOf('Bulawayo')).toBe('Bulawayo');
    expect(regionOf('Gweru, Zimbabwe')).toBe('Midlands');
    expect(regionOf('Chinhoyi')).toBe('Mashonaland West');
    expect(regionOf('Victoria Falls, Matabeleland North')).toBe('Matabeleland North');
    expect(regionOf('Beitbridge')).toBeNull();
    expect(regionOf('')).toBeNull();
  });
});

describe("a signed-in buyer's position before the device shares one", () => {
  const account = { location: null, area: null, region: null, latitude: null, longitude: null };
  const bulawayo = CITIES.find((c) => c.name === 'Bulawayo')!;

  it('is the known city the account names, whatever coordinates sign-up sent', () => {
    const signedUp = { ...account, location: 'Bulawayo, Zimbabwe', latitude: DEFAULT_LOCATION.latitude, longitude: DEFAULT_LOCATION.longitude };
    expect(accountPosition(signedUp)).toEqual({ position: { latitude: bulawayo.latitude, longitude: bulawayo.longitude }, town: 'Bulawayo' });
    expect(accountPosition({ ...account, area: 'Kwekwe', location: 'Harare' })?.town).toBe('Kwekwe');
  });

  it("is the account's own coordinates for a town not in the list, and none when it has only the default's", () => {
    expect(accountPosition({ ...account, location: 'Beitbridge', latitude: -22.2167, longitude: 30.0 })).toEqual({ position: { latitude: -22.2167, longitude: 30.0 }, town: null });
    expect(accountPosition({ ...account, location: 'Beitbridge', latitude: DEFAULT_LOCATION.latitude, longitude: DEFAULT_LOCATION.longitude })).toBeNull();
    expect(accountPosition(account)).toBeNull();
  });
});

describe('chord distance', () => {
  it('orders points exactly as Haversine does, and bounds by the same radius', () => {
    const buyer = { latitude: -19.4167, longitude: 29.8167 };
    const b = unitVector(buyer);
    const rand = seededRandom(7);
    const points = Array.from({ length: 500 }, () => ({ latitude: -22 + rand() * 7, longitude: 25 + rand() * 8 }));
    const byHaversine = [...points].sort((p, q) => haversineKm(buyer, p) - haversineKm(buyer, q));
    const byChord = [...points].sort((p, q) => chordSquared(b, unitVector(p)) - chordSquared(b, unitVector(q)));
    expect(byChord).toEqual(byHaversine);
    for (const km of [20, 50, 100, 200]) {
      const limit = chordSquaredForKm(km);
      for (const p of points) expect(chordSquared(b, unitVector(p)) <= limit, `${km} km`).toBe(haversineKm(buyer, p) <= km);
    }
  });
});
