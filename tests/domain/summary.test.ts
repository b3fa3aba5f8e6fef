import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../support/random';
import { CITIES, VEHICLE_TYPES } from '@/domain/core/constants';
import { summaryColumnsSchema } from '@/domain/search/summaryWire';
import { decodeSummaries, encodeSummaries, listingThumbUrl, packUuid, summarize, summaryAsVehicle, unpackUuid, UNKNOWN_SELLER, type ListingSummary, type SummarySource } from '@/domain/search/summary';

const rand = seededRandom(16);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
const SELLERS = Array.from({ length: 12 }, (_, i) => ({ id: randomUUID(), name: pick(['Tendai Moyo', 'Chiedza Ñyasha', 'Ndlovu Motors 🚙', 'Zoë Mhlanga', null]), i }));
const BASE = Date.parse('2026-11-22T12:00:00.000Z');

/** A listing as the server selects it, with every optional field null or set at random. */
function source(i: number): SummarySource {
  const city = pick(CITIES);
  const coords = rand() < 0.8;
  const seller = pick(SELLERS);
  const maybe = <T>(v: T): T | null => (rand() < 0.6 ? v : null);
  return {
    id: randomUUID(),
    vehicle_type: pick(VEHICLE_TYPES),
    make: pick(['Toyota', 'John Deere', 'Caterpillar', 'Mercedes-Benz']),
    model: pick(['Hilux', '5075E', '320D', 'C 200']),
    variant: maybe('GD-6'),
    category: maybe(pick(['pickup', 'tractor', 'excavator'])),
    fuel_type: maybe(pick(['diesel', 'petrol'])),
    transmission: maybe(pick(['manual', 'automatic'])),
    condition: maybe(pick(['used', 'new'])),
    drive_type: maybe('4wd'),
    // By the listing's number, not at random: the other fields keep their draws.
    color: ['Pearl White', 'Soul Red', null][i % 3] ?? null,
    seller_id: seller.id,
    seller_name: seller.name,
    seller_location: maybe(`${city.name}, Zimbabwe`),
    seller_type: maybe(pick(['private', 'dealer'] as const)),
    price: maybe(Math.round(rand() * 100_000) + 0.5),
    mileage: maybe(Math.round(rand() * 300_000)),
    operating_hours: maybe(Math.round(rand() * 20_000)),
    year: 1990 + Math.floor(rand() * 37),
    engine_size: maybe(Math.round(rand() * 60) / 10),
    engine_power_hp: maybe(Math.round(rand() * 500) + 1),
    location: maybe(pick(['Borrowdale, Harare', 'Sakubva, Mutare', 'Hillside, Bulawayo', 'Mbare, Harare'])),
    region: maybe(city.region),
    featured: rand() < 0.1,
    // Drawn from i, not the random stream, so the other fields' draws stay as they were.
    duty_paid: [true, false, null][i % 3]!,
    papers_ready: [null, true, false][Math.floor(i / 3) % 3]!,
    verified_dealer: i % 4 === 0,
    phone_verified: i % 3 === 0,
    seller_latitude: coords ? city.latitude + (rand() - 0.5) * 0.2 : null,
    seller_longitude: coords ? city.longitude + (rand() - 0.5) * 0.2 : null,
    // Newest first, with some listings made in the same second.
    created_at: new Date(BASE - i * Math.floor(rand() * 3) * 1000 - Math.floor(rand() * 1000)).toISOString(),
    expires_at: rand() < 0.7 ? new Date(BASE + Math.floor(rand() * 30) * 86_400_000 + Math.floor(rand() * 86_400) * 1000).toISOString() : null,
    images: rand() < 0.85 ? [`/media/${i}-full.webp`] : [],
  };
}

describe('the listing summary and its columns (format 2)', () => {
  it('round-trips summaries through the wire encoding, JSON included', () => {
    const rows = Array.from({ length: 400 }, (_, i) => summarize(source(i)));
    const wire = JSON.parse(JSON.stringify(encodeSummaries(rows)));
    expect(decodeSummaries(wire)).toEqual(rows);
  });

  it('keeps every nullable field null, and a listing with nothing optional at all', () => {
    const bare: SummarySource = {
      ...source(0),
      variant: null,
      category: null,
      fuel_type: null,
      transmission: null,
      condition: null,
      drive_type: null,
      seller_name: null,
      seller_location: null,
      seller_type: null,
      price: null,
      mileage: null,
      operating_hours: null,
      engine_size: null,
      engine_power_hp: null,
      duty_paid: null,
      papers_ready: null,
      location: null,
      region: null,
      seller_latitude: null,
      seller_longitude: null,
      expires_at: null,
      images: [],
    };
    const rows = [summarize(bare), summarize({ ...bare, id: randomUUID(), location: 'Mbare, Harare' })];
    expect(decodeSummaries(encodeSummaries(rows))).toEqual(rows);
    expect(decodeSummaries(encodeSummaries([]))).toEqual([]);
  });

  it("carries a boost's end to the second through the wire and its schema, and none where a page has no boost column (a server before boosts)", () => {
    const rows = Array.from({ length: 30 }, (_, i) => source(i));
    // Some boosted: one ending a day after it was listed, one in the same second as another, one with a
    // stray millisecond (read to the second, as created_at), one whose boost ended before a relist.
    const created = (i: number) => Date.parse(rows[i]!.created_at);
    rows[2] = { ...rows[2]!, boosted_until: new Date(Math.floor(created(2) / 1000) * 1000 + 86_400_000).toISOString() };
    rows[5] = { ...rows[5]!, boosted_until: rows[2]!.boosted_until };
    rows[9] = { ...rows[9]!, boosted_until: new Date(created(9) + 3_600_000 + 517).toISOString() };
    rows[12] = { ...rows[12]!, boosted_until: new Date(created(12) - 7 * 86_400_000).toISOString() };
    const summaries = rows.map(summarize);
    expect(summaries[9]!.boosted_until).toBe(new Date(Math.floor((created(9) + 3_600_517) / 1000) * 1000).toISOString());
    const wire = summaryColumnsSchema.parse(JSON.parse(JSON.stringify(encodeSummaries(summaries))));
    expect(wire.boosted?.filter((b) => b !== null)).toHaveLength(4);
    const decoded = decodeSummaries(wire);
    expect(decoded).toEqual(summaries);
    expect(decoded.filter((d) => d.boosted_until !== null).map((d) => d.id)).toEqual([2, 5, 9, 12].map((i) => summaries[i]!.id));
    expect(decoded[2]!.boosted_until).toBe(summaries[2]!.boosted_until);
    // A page without a boosted listing has no boost column at all, and reads as none boosted.
    const plain = encodeSummaries(summaries.filter((d) => d.boosted_until === null));
    expect(plain).not.toHaveProperty('boosted');
    expect(decodeSummaries(plain).every((d) => d.boosted_until === null)).toBe(true);
    // A page of a server before boosts (no column): every listing reads as not boosted, the rest as sent.
    const { boosted: _dropped, ...old } = encodeSummaries(summaries);
    expect(decodeSummaries(summaryColumnsSchema.parse(old))).toEqual(summaries.map((d) => ({ ...d, boosted_until: null })));
  });

  it('a listing with only one of its coordinates has none (a distance needs both)', () => {
    const half = summarize({ ...source(1), seller_latitude: -17.8252, seller_longitude: null });
    expect(half).toMatchObject({ seller_latitude: null, seller_longitude: null });
    expect(decodeSummaries(encodeSummaries([half]))).toEqual([half]);
  });

  it('keeps seller names in any script, each seller once', () => {
    const a = source(2);
    const rows = [
      summarize({ ...a, seller_name: 'Chiedza Ñyasha — Motors 🚙 ÿ' }),
      summarize({ ...source(3), seller_id: a.seller_id, seller_name: 'Chiedza Ñyasha — Motors 🚙 ÿ', seller_location: a.seller_location }),
    ];
    const columns = encodeSummaries(rows);
    expect(columns.sellers).toHaveLength(1);
    expect(decodeSummaries(columns).map((r) => r.seller_name)).toEqual(['Chiedza Ñyasha — Motors 🚙 ÿ', 'Chiedza Ñyasha — Motors 🚙 ÿ']);
  });

  it("keeps a dealer's id and not a private seller's, and a private seller's own location only for a listing without one", () => {
    const dealer = source(20);
    const d = decodeSummaries(encodeSummaries([summarize({ ...dealer, seller_type: 'dealer', seller_location: 'Msasa, Harare' })]))[0]!;
    expect(d.seller_id).toBe(dealer.seller_id);
    expect(d.seller_location).toBe('Msasa, Harare');
    const mine = source(21);
    const [p, q] = decodeSummaries(
      encodeSummaries([
        summarize({ ...mine, seller_type: 'private', location: 'Mbare, Harare', seller_location: 'Mbare' }),
        summarize({ ...mine, id: randomUUID(), seller_type: null, location: null, seller_location: 'Mbare' }),
      ]),
    );
    expect([p!.seller_id, q!.seller_id]).toEqual([UNKNOWN_SELLER, UNKNOWN_SELLER]);
    expect([p!.seller_location, q!.seller_location]).toEqual([null, 'Mbare']);
    expect(p!.seller_name).toBe(mine.seller_name);
  });

  it('rounds coordinates to 0.001°, whichever place came first', () => {
    const s = summarize({ ...source(4), location: 'Mbare, Harare', seller_latitude: -17.86449, seller_longitude: 31.03551 });
    expect(s.seller_latitude).toBe(-17.864);
    expect(s.seller_longitude).toBe(31.036);
    // The same place with another position: written as an offset from the place's first.
    const t = summarize({ ...source(5), location: 'Mbare, Harare', region: s.region, seller_latitude: -18.0005, seller_longitude: 30.9994 });
    const [u, v] = decodeSummaries(encodeSummaries([s, t]));
    expect([u!.seller_latitude, u!.seller_longitude, v!.seller_latitude, v!.seller_longitude]).toEqual([-17.864, 31.036, -18, 30.999]);
    const moved = Math.abs((v!.seller_latitude! - -18.0005) * 111_000);
    expect(moved).toBeLessThan(100);
  });

  it('keeps created_at to the second and the expiry exact to the second', () => {
    const s = summarize({ ...source(6), created_at: '2026-11-20T08:15:42.987Z', expires_at: '2026-12-20T08:15:42.000Z' });
    expect(s.created_at).toBe('2026-11-20T08:15:42.000Z');
    const [d] = decodeSummaries(encodeSummaries([s]));
    expect(d!.created_at).toBe('2026-11-20T08:15:42.000Z');
    expect(d!.expires_at).toBe('2026-12-20T08:15:42.000Z');
    // An expiry between seconds is never brought forward: the listing stays until its time.
    const late = summarize({ ...source(7), expires_at: '2026-12-20T08:15:42.250Z' });
    expect(decodeSummaries(encodeSummaries([late]))[0]!.expires_at).toBe('2026-12-20T08:15:43.000Z');
  });

  it('writes each id in 22 characters, and the photo flag as one character', () => {
    const rows = Array.from({ length: 5 }, (_, i) => summarize(source(100 + i)));
    const c = encodeSummaries(rows);
    expect(c.id).toHaveLength(5 * 22);
    expect(c.photo).toBe(rows.map((r) => (r.has_photo ? '1' : '0')).join(''));
  });

  it('a summary shows as a listing: its thumbnail, and summary_only', () => {
    const s = summarize({ ...source(8), images: ['/media/a-full.webp', '/media/b-full.webp'] });
    expect(summaryAsVehicle(s)).toMatchObject({ id: s.id, images: [listingThumbUrl(s.id)], summary_only: true, description: null });
    expect(summaryAsVehicle({ ...s, has_photo: false }).images).toEqual([]);
  });
});

describe('packUuid / unpackUuid', () => {
  it('round-trip any UUID in 22 base64url characters', () => {
    const ids = [...Array.from({ length: 500 }, () => randomUUID()), '00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff'];
    for (const id of ids) {
      const packed = packUuid(id);
      expect(packed).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(unpackUuid(packed)).toBe(id);
    }
    const joined = ids.slice(0, 3).map(packUuid).join('');
    expect([0, 1, 2].map((i) => unpackUuid(joined, i * 22))).toEqual(ids.slice(0, 3));
  });

  it('read an upper-case UUID as its lower-case self', () => {
    const id = randomUUID();
    expect(unpackUuid(packUuid(id.toUpperCase()))).toBe(id);
  });

  it('refuse what is not a UUID, and a packed id with a character outside base64url or too short', () => {
    for (const bad of ['', 'not-a-uuid', '{' + randomUUID() + '}', randomUUID().replace(/-/g, ''), randomUUID() + '0', 'g' + randomUUID().slice(1)]) {
      expect(() => packUuid(bad), bad).toThrow(/not a UUID/);
    }
    expect(() => unpackUuid('A'.repeat(21) + '*')).toThrow();
    expect(() => unpackUuid('A'.repeat(21))).toThrow();
  });
});

// The type of a listing's summary is what the encoding carries: a field added to it fails here until encoded.
const _fields: Record<keyof ListingSummary, true> = {
  id: true,
  vehicle_type: true,
  make: true,
  model: true,
  variant: true,
  category: true,
  fuel_type: true,
  transmission: true,
  condition: true,
  drive_type: true,
  color: true,
  seller_id: true,
  seller_name: true,
  seller_location: true,
  seller_type: true,
  price: true,
  mileage: true,
  operating_hours: true,
  year: true,
  engine_size: true,
  engine_power_hp: true,
  duty_paid: true,
  papers_ready: true,
  verified_dealer: true,
  phone_verified: true,
  location: true,
  region: true,
  featured: true,
  seller_latitude: true,
  seller_longitude: true,
  created_at: true,
  expires_at: true,
  has_photo: true,
  boosted_until: true,
};
it('decodes every field of a summary', () => {
  const [d] = decodeSummaries(encodeSummaries([summarize(source(9))]));
  expect(Object.keys(d!).sort()).toEqual(Object.keys(_fields).sort());
});
