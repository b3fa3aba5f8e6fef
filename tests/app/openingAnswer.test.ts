import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/domain/core/constants';
import { openingScript } from '@/domain/search/browseOpening';
import type { Vehicle } from '@/domain/listing/vehicle';
import { detailedListings } from '../bench/listings';

const store = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => void store.set(k, v),
  removeItem: (k: string) => void store.delete(k),
});
const { keepOpeningAnswer, openingAnswer, openingType } = await import('@/app/shared/search/openingAnswer');

const cars = (n: number): Vehicle[] => detailedListings(n).map((v) => ({ ...v, vehicle_type: 'car' }));
const browse = { vehicle_type: 'car', sort: 'newest', limit: 24, buyer_lat: -17.8, buyer_lon: 31.05 };

// A browse screen's first search starts from the device's last answer to it: kept after the device
// answers, read back at the next start, for that search only.
describe("a browse screen's opening answer", () => {
  beforeEach(() => {
    store.clear();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('answers only a type’s newest listings with no filter, on the first page', () => {
    expect(openingType(browse)).toBe('car');
    expect(openingType({ vehicle_type: 'farming' })).toBe('farming');
    expect(openingType({ ...browse, make: 'Toyota' })).toBeNull();
    expect(openingType({ ...browse, sort: 'price_asc' })).toBeNull();
    expect(openingType({ ...browse, limit: 48 })).toBeNull();
    expect(openingType({ ...browse, q: 'hilux' })).toBeNull();
    expect(openingType({ sort: 'newest' })).toBeNull();
    // Empty fields are no filter.
    expect(openingType({ ...browse, make: '', model: null })).toBe('car');
  });

  it("is the device's last answer, kept for the next start, with the HTML the page's first script draws", () => {
    expect(openingAnswer(browse)).toBeNull();
    const items = cars(30);
    keepOpeningAnswer(browse, { items, total: 1234 });
    vi.runAllTimers();
    const answer = openingAnswer(browse)!;
    expect(answer.total).toBe(1234);
    expect(answer.items.map((v) => v.id)).toEqual(items.slice(0, 24).map((v) => v.id));
    // What a card needs, not the description.
    expect(answer.items.every((v) => v.description === null && v.images.length <= 1)).toBe(true);
    expect(openingAnswer({ ...browse, limit: 6 })!.items).toHaveLength(6);
    expect(openingAnswer({ ...browse, vehicle_type: 'farming' })).toBeNull();
    expect(openingAnswer({ ...browse, make: 'Toyota' })).toBeNull();
    const kept = JSON.parse(store.get(STORAGE_KEYS.browseOpening)!) as { path: string; html: string };
    expect(kept.path).toBe('/cars');
    expect(kept.html).toContain('1,234 cars found');
    expect(kept.html).toContain(`href="/car/${items[0]!.id}"`);
    // The first script reads the same key.
    expect(openingScript()).toContain(JSON.stringify(STORAGE_KEYS.browseOpening));
  });

  it('keeps nothing for a filtered search, and a seller’s markup in a listing stays text', () => {
    keepOpeningAnswer({ ...browse, make: 'Toyota' }, { items: cars(3), total: 3 });
    vi.runAllTimers();
    expect(store.size).toBe(0);
    const [v] = cars(1);
    keepOpeningAnswer(browse, { items: [{ ...v!, location: '<img src=x onerror=alert(1)>' }], total: 1 });
    vi.runAllTimers();
    const kept = JSON.parse(store.get(STORAGE_KEYS.browseOpening)!) as { html: string };
    expect(kept.html).not.toContain('<img src=x');
    expect(kept.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});
