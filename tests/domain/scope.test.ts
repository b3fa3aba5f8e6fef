import { describe, expect, it } from 'vitest';
import { haversineKm } from '@/domain/geo/geo';
import { completeCovers, inScope, recordStands, isWholeCountry, parseScopeParams, scopeCovers, scopeParams, WHOLE_COUNTRY, type MirrorScope, type Scoped } from '@/domain/search/scope';

const HARARE = { latitude: -17.8252, longitude: 31.0335 };
const MUTARE = { latitude: -18.9707, longitude: 32.6709 };

const listing = (over: Partial<Scoped> = {}): Scoped => ({
  vehicle_type: 'car',
  region: 'Harare',
  location: 'Borrowdale, Harare',
  seller_latitude: HARARE.latitude,
  seller_longitude: HARARE.longitude,
  ...over,
});
const scope = (over: Partial<MirrorScope>): MirrorScope => ({ ...WHOLE_COUNTRY, ...over });

describe('inScope', () => {
  it('the whole country keeps every listing, coordinates or not', () => {
    expect(isWholeCountry(WHOLE_COUNTRY)).toBe(true);
    expect(inScope(listing({ region: null, location: null, seller_latitude: null, seller_longitude: null }), WHOLE_COUNTRY)).toBe(true);
  });

  it('types keep only their vehicle types', () => {
    const s = scope({ types: ['construction', 'farming'] });
    expect(inScope(listing(), s)).toBe(false);
    expect(inScope(listing({ vehicle_type: 'farming' }), s)).toBe(true);
  });

  it('regions keep a listing of the region, or whose location names it (any case)', () => {
    const s = scope({ regions: ['Manicaland', 'Harare'] });
    expect(inScope(listing(), s)).toBe(true);
    expect(inScope(listing({ region: 'Harare', location: null }), s)).toBe(true);
    expect(inScope(listing({ region: null, location: 'Mbare, HARARE' }), s)).toBe(true);
    expect(inScope(listing({ region: 'Bulawayo', location: 'Hillside, Bulawayo' }), s)).toBe(false);
    expect(inScope(listing({ region: null, location: null }), s)).toBe(false);
  });

  it('near keeps listings within its distance, and none without coordinates', () => {
    const s = scope({ near: { ...HARARE, km: 100 } });
    expect(inScope(listing(), s)).toBe(true);
    expect(haversineKm(HARARE, MUTARE)).toBeGreaterThan(100);
    expect(inScope(listing({ seller_latitude: MUTARE.latitude, seller_longitude: MUTARE.longitude }), s)).toBe(false);
    expect(inScope(listing({ seller_latitude: null, seller_longitude: null }), s)).toBe(false);
    expect(inScope(listing({ seller_latitude: MUTARE.latitude, seller_longitude: MUTARE.longitude }), scope({ near: { ...HARARE, km: 400 } }))).toBe(true);
  });

  it('all three together: every one must hold', () => {
    const s = scope({ types: ['car'], regions: ['Harare'], near: { ...HARARE, km: 50 } });
    expect(inScope(listing(), s)).toBe(true);
    expect(inScope(listing({ vehicle_type: 'farming' }), s)).toBe(false);
    expect(inScope(listing({ region: 'Manicaland', location: 'Sakubva, Mutare' }), s)).toBe(false);
    expect(inScope(listing({ seller_latitude: MUTARE.latitude, seller_longitude: MUTARE.longitude }), s)).toBe(false);
  });
});

describe('scopeCovers', () => {
  it('the whole country covers every search', () => {
    expect(scopeCovers(WHOLE_COUNTRY, {})).toBe(true);
  });

  it('types cover a search of a kept type only', () => {
    const s = scope({ types: ['farming'] });
    expect(scopeCovers(s, { vehicle_type: 'farming' })).toBe(true);
    expect(scopeCovers(s, { vehicle_type: 'car' })).toBe(false);
    expect(scopeCovers(s, {})).toBe(false);
  });

  it('regions cover a search whose region or place contains a kept region', () => {
    const s = scope({ regions: ['Harare'] });
    expect(scopeCovers(s, { region: 'Harare' })).toBe(true);
    expect(scopeCovers(s, { location: 'mount pleasant, harare' })).toBe(true);
    expect(scopeCovers(s, { location: 'Mount Pleasant' })).toBe(false);
    expect(scopeCovers(s, { region: 'Manicaland' })).toBe(false);
    expect(scopeCovers(s, {})).toBe(false);
  });

  it('near covers a distance search whose circle lies inside the kept one', () => {
    const s = scope({ near: { ...HARARE, km: 100 } });
    expect(scopeCovers(s, { distance: 50 }, HARARE)).toBe(true);
    expect(scopeCovers(s, { distance: 100 }, HARARE)).toBe(true);
    expect(scopeCovers(s, { distance: 101 }, HARARE)).toBe(false);
    expect(scopeCovers(s, { distance: 50 }, MUTARE)).toBe(false);
    expect(scopeCovers(s, { distance: 50 })).toBe(false);
    expect(scopeCovers(s, {}, HARARE)).toBe(false);
  });
});

describe('recordStands', () => {
  const cars: MirrorScope = { types: ['car'], regions: null, near: null };
  const tractor: Scoped = { vehicle_type: 'farming', region: 'Harare', location: 'Harare', seller_latitude: null, seller_longitude: null };
  const pickup: Scoped = { ...tractor, vehicle_type: 'car' };

  it('keeps showing a listing opened once that the scope does not keep (the device cannot know it is gone)', () => {
    expect(recordStands(tractor, cars, true)).toBe(true);
  });

  it('shows no more a listing in the scope that the finished download does not hold (it left the market)', () => {
    expect(recordStands(pickup, cars, true)).toBe(false);
    expect(recordStands(pickup, WHOLE_COUNTRY, true)).toBe(false);
  });

  it('keeps showing it while the download is still on its way', () => {
    expect(recordStands(pickup, cars, false)).toBe(true);
  });
});

describe('completeCovers', () => {
  it('answers a search of a finished type, or any search once every kept type is in', () => {
    expect(completeCovers([], {}, WHOLE_COUNTRY)).toBe(false);
    expect(completeCovers(['farming'], { vehicle_type: 'farming' }, WHOLE_COUNTRY)).toBe(true);
    expect(completeCovers(['farming'], { vehicle_type: 'car' }, WHOLE_COUNTRY)).toBe(false);
    expect(completeCovers(['farming'], {}, WHOLE_COUNTRY)).toBe(false);
    expect(completeCovers(['farming', 'car', 'construction'], {}, WHOLE_COUNTRY)).toBe(true);
    expect(completeCovers(['car'], {}, scope({ types: ['car'] }))).toBe(true);
  });
});

describe('scopeParams / parseScopeParams', () => {
  it('read back what they write', () => {
    const scopes: MirrorScope[] = [WHOLE_COUNTRY, scope({ types: ['car', 'farming'] }), scope({ regions: ['Harare', 'Matabeleland North'] }), scope({ near: { ...HARARE, km: 50 } })];
    for (const s of scopes) expect(parseScopeParams(scopeParams(s))).toEqual(s);
    expect(scopeParams(WHOLE_COUNTRY)).toEqual({});
  });

  it('trim spaces and ignore empty list entries', () => {
    expect(parseScopeParams({ types: ' car , farming,', regions: 'Harare,' })).toEqual({ types: ['car', 'farming'], regions: ['Harare'], near: null });
  });

  const refused: [Record<string, string>, RegExp][] = [
    [{ types: 'boat' }, /^types: unknown vehicle type "boat"$/],
    [{ types: '' }, /^types: name at least one/],
    [{ types: ' , ' }, /^types: name at least one/],
    [{ regions: 'Atlantis' }, /^regions: unknown region "Atlantis"$/],
    [{ regions: 'harare' }, /^regions: unknown region/],
    [{ regions: '' }, /^regions: name at least one/],
    [{ near: '-17.8,31' }, /^near: give latitude,longitude,km$/],
    [{ near: '-17.8,31,50,1' }, /^near: give latitude,longitude,km$/],
    [{ near: 'a,b,c' }, /^near: give latitude,longitude,km$/],
    [{ near: '-17.8,,50' }, /^near: give latitude,longitude,km$/],
    [{ near: ',,' }, /^near: give latitude,longitude,km$/],
    [{ near: '-17.8,Infinity,50' }, /^near: give latitude,longitude,km$/],
    [{ near: '91,31,50' }, /^near: latitude and longitude out of range$/],
    [{ near: '-17.8,181,50' }, /^near: latitude and longitude out of range$/],
    [{ near: '-17.8,31,0' }, /^near: km must be from 1 to 5000$/],
    [{ near: '-17.8,31,0.5' }, /^near: km must be from 1 to 5000$/],
    [{ near: '-17.8,31,5001' }, /^near: km must be from 1 to 5000$/],
  ];
  it.each(refused)('refuse %j, saying what is wrong', (params, message) => {
    expect(() => parseScopeParams(params)).toThrow(message);
  });
});
