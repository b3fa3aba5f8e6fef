import { unitVector } from '@/domain/geo/geo';
import type { FlagField } from '../filters';
import { ATTRIBUTE_FIELDS, type AttributeField } from '../fields';
import { IdSlots } from '../idSlots';
import type { Searchable } from '../match';
import { TextColumn } from './dictionaries';

// The listings' columns: what a listing is in the index (its id, each text field as a dictionary code,
// each number in a typed column, its flags), written from a listing, read back into one, packed for
// the device's store, and collected listing by listing for a bulk load (ColumnsBuilder). Every other
// part of the index reads them by slot.

export interface Indexed extends Searchable {
  expires_at: string | null;
  operating_hours: number | null;
  seller_name: string | null;
  seller_location: string | null;
  region: string | null;
}

/** What a listing's price verdict reads (search/priceVerdict.ts). */
export type PricedFields = Pick<Indexed, 'id' | 'vehicle_type' | 'make' | 'model' | 'year' | 'price' | 'mileage' | 'operating_hours'>;

/** The text fields a search tests: the listing's kind, its attribute filters (fields.ts) and its seller. */
export type TextKey = 'vehicle_type' | 'make' | 'model' | 'variant' | AttributeField | 'seller_id';
const TEXT_KEYS: TextKey[] = ['vehicle_type', 'make', 'model', 'variant', ...ATTRIBUTE_FIELDS, 'seller_id'];
/**
 * The keys whose values each have a set of listings. The seller has none: with one seller per two
 * listings, 50,000 small sets would cost more than the listings' other columns together, and a
 * seller's listings are found by one pass over the seller column's codes (100,000 small integers)
 * when a search names a seller.
 */
export const SET_KEYS: TextKey[] = TEXT_KEYS.filter((k) => k !== 'seller_id');
/** Every text field held, as a dictionary code a listing: the searched ones, and what a card shows besides. */
export type StoredText = TextKey | 'seller_type' | 'seller_name' | 'seller_location' | 'location' | 'region';
const STORED_TEXT: StoredText[] = [...TEXT_KEYS, 'seller_type', 'seller_name', 'seller_location', 'location', 'region'];
/** The number columns held (NaN for none), by the listing field each holds. */
const NUMBER_FIELDS = ['price', 'mileage', 'operating_hours', 'year', 'engine_size'] as const;
export type NumberColumn = (typeof NUMBER_FIELDS)[number];

/** Where each trust signal's "yes" is in a listing's flags (its `trustBits`, from bit 2 on). */
export const FLAG_BIT: Record<FlagField, number> = { duty_paid: 1 << 2, papers_ready: 1 << 4, verified_dealer: 1 << 6, phone_verified: 1 << 7 };
/** A declaration (yes, no, not said) as two bits: 1 for yes, 2 for no, 0 when not said. */
const said = (v: boolean | null, shift: number): number => (v === null ? 0 : (v ? 1 : 2) << shift);
const saidAt = (bits: number, shift: number): boolean | null => {
  const v = (bits >> shift) & 3;
  return v === 1 ? true : v === 2 ? false : null;
};
type Trust = Pick<Searchable, FlagField>;
/** A listing's trust signals as one number: duty paid (bits 0-1), papers ready (bits 2-3), verified dealer (bit 4), verified phone (bit 5). */
export const trustBits = (r: Trust): number => said(r.duty_paid, 0) | said(r.papers_ready, 2) | (r.verified_dealer ? 16 : 0) | (r.phone_verified ? 32 : 0);
export const fromTrustBits = (bits: number): Trust => ({
  duty_paid: saidAt(bits, 0),
  papers_ready: saidAt(bits, 2),
  verified_dealer: (bits & 16) === 16,
  phone_verified: (bits & 32) === 32,
});
/** A listing's flags: featured, has a photo, and its trust signals. */
const flagsOf = (item: Indexed, photos: boolean): number => (item.featured ? 1 : 0) | (photos ? 2 : 0) | (trustBits(item) << 2);

/**
 * The index's columns as plain data, to store on the device and load back with no listing object
 * made: the ids, each text field as a dictionary and a code a listing (0 for none), the numbers.
 */
export interface IndexColumns {
  n: number;
  /** The ids joined by newlines. */
  ids: string;
  text: Record<StoredText, { dict: (string | null)[]; codes: Uint8Array | Uint16Array | Uint32Array }>;
  /**
   * `boosted`: a boost's end (ms since 1970, NaN for none). Columns stored by an app before boosts lack
   * it: every listing is then not boosted (`loadNumbers`).
   */
  numbers: Record<NumberColumn | 'created' | 'expires' | 'latitude' | 'longitude', Float64Array> & { boosted?: Float64Array };
  power: Uint16Array;
  /** Bit 0: featured; bit 1: has a photo; bits 2-7: the trust signals (`trustBits`). */
  flags: Uint8Array;
}

export const NONE = Number.NaN;

/** Whether stored columns lack a text field the index holds now (stored by an app before that field was searched). */
export const lacksFields = (c: IndexColumns): boolean => STORED_TEXT.some((f) => !Object.hasOwn(c.text, f));

/** A boost's end as a column holds it (ms, NaN for none), from a listing's `boosted_until`. */
const boostedMs = (item: Pick<Searchable, 'boosted_until'>): number => (item.boosted_until ? Date.parse(item.boosted_until) : NONE);
/** Where a listing stands in newest-first order (`newestKey` of payments/boostOrder.ts) from its columns' values: NaN, none, is never the later. */
const newestOf = (created: number, boosted: number): number => (boosted > created ? boosted : created);

/** A number column's value as a listing holds it: NaN (none) is null. */
const numberOrNull = (v: number): number | null => (v === v ? v : null);

/** The ids read between two pauses of fromColumnsYielding (a tenth of a second's work or so). */
const STEP_IDS = 250_000;

/**
 * Where each stored id starts in the one text of them all (and one more: the end of the last, plus
 * one); throws when the ids are not one a listing.
 */
export function idStartsOf(c: IndexColumns): Int32Array {
  const idStarts = new Int32Array(c.n + 1);
  let found = 1;
  for (let at = c.ids.indexOf('\n'); at !== -1 && found <= c.n; at = c.ids.indexOf('\n', at + 1)) idStarts[found++] = at + 1;
  if (found !== c.n) throw new Error(`stored columns: ${found} ids for ${c.n} listings`);
  idStarts[c.n] = c.ids.length + 1;
  return idStarts;
}

/** Copies stored values into slots: slot `s` takes the value given at `order[s]`. */
function gather<A extends Float64Array | Uint32Array | Uint16Array | Uint8Array>(to: A, from: ArrayLike<number>, order: Uint32Array, n: number): void {
  for (let slot = 0; slot < n; slot++) to[slot] = from[order[slot]!]!;
}

/** The number columns a builder collects: every one, `boosted` too. */
type BuiltNumbers = Required<IndexColumns['numbers']>;

/**
 * Columns collected listing by listing, for `ListingIndex.fromColumns`: a bulk load (a server's
 * million listings) costs a dictionary lookup a field and a listing, with no set touched until the
 * end, where each set is made by one pass over its field's codes.
 */
export class ColumnsBuilder {
  private n = 0;
  private ids: string[] = [];
  private dicts = Object.fromEntries(STORED_TEXT.map((f) => [f, { dict: [null] as (string | null)[], at: new Map<string, number>() }])) as Record<
    StoredText,
    { dict: (string | null)[]; at: Map<string, number> }
  >;
  private codes: Record<StoredText, Uint32Array>;
  private numbers: BuiltNumbers;
  private power: Uint16Array;
  private flags: Uint8Array;

  /** `expected`: about how many listings will be added (the columns are made that long, and grow if need be). */
  constructor(expected = 1024) {
    const n = Math.max(1024, Math.ceil(expected));
    this.codes = Object.fromEntries(STORED_TEXT.map((f) => [f, new Uint32Array(n)])) as Record<StoredText, Uint32Array>;
    this.numbers = Object.fromEntries([...NUMBER_FIELDS, 'created', 'boosted', 'expires', 'latitude', 'longitude'].map((f) => [f, new Float64Array(n)])) as BuiltNumbers;
    this.power = new Uint16Array(n);
    this.flags = new Uint8Array(n);
  }

  add(item: Indexed & { has_photo?: boolean; images?: readonly unknown[] }): void {
    if (this.n === this.power.length) this.grow();
    const i = this.n++;
    this.ids.push(item.id);
    for (const f of STORED_TEXT) {
      const v = item[f] ?? null;
      if (v === null) continue;
      const d = this.dicts[f];
      let c = d.at.get(v);
      if (c === undefined) {
        c = d.dict.push(v) - 1;
        d.at.set(v, c);
      }
      this.codes[f][i] = c;
    }
    for (const f of NUMBER_FIELDS) this.numbers[f][i] = item[f] ?? NONE;
    this.numbers.created[i] = Date.parse(item.created_at);
    this.numbers.boosted[i] = boostedMs(item);
    this.numbers.expires[i] = item.expires_at === null ? NONE : Date.parse(item.expires_at);
    this.numbers.latitude[i] = item.seller_latitude !== null && item.seller_longitude !== null ? item.seller_latitude : NONE;
    this.numbers.longitude[i] = item.seller_latitude !== null && item.seller_longitude !== null ? item.seller_longitude : NONE;
    this.power[i] = item.engine_power_hp ?? 0;
    const photos = item.has_photo ?? (item.images?.length ?? 0) > 0;
    this.flags[i] = flagsOf(item, photos);
  }

  private grow(): void {
    const cap = this.power.length * 2;
    const grow = <A extends Uint32Array | Float64Array | Uint16Array | Uint8Array>(a: A): A => {
      const b = new (a.constructor as new (n: number) => A)(cap);
      b.set(a);
      return b;
    };
    for (const f of STORED_TEXT) this.codes[f] = grow(this.codes[f]);
    for (const f of Object.keys(this.numbers) as (keyof BuiltNumbers)[]) this.numbers[f] = grow(this.numbers[f]);
    this.power = grow(this.power);
    this.flags = grow(this.flags);
  }

  /** The columns collected (the builder is spent). */
  finish(): IndexColumns {
    const n = this.n;
    const text = {} as IndexColumns['text'];
    for (const f of STORED_TEXT) text[f] = { dict: this.dicts[f].dict, codes: this.codes[f].subarray(0, n) };
    const numbers = Object.fromEntries(Object.entries(this.numbers).map(([f, a]) => [f, a.subarray(0, n)])) as BuiltNumbers;
    const ids = this.ids.join('\n');
    // What only the adding needed is let go now, before an index is made from the columns: the ids one
    // by one (a million strings) and each dictionary's lookup (half a million sellers').
    this.ids = [];
    for (const f of STORED_TEXT) this.dicts[f].at = new Map();
    return { n, ids, text, numbers, power: this.power.subarray(0, n), flags: this.flags.subarray(0, n) };
  }
}

/**
 * The slots and their columns: the id of each, the text fields as dictionary codes, the numbers, the
 * flags, and which slots are live. The arrays are replaced when the slots grow, so a part of the
 * index keeps this object and reads an array from it when it starts its work.
 */
export class Columns {
  readonly ids = new IdSlots();
  /** Slots ever given out: those at and above it have never held a listing. */
  slotsUsed = 0;
  readonly freeSlots: number[] = [];
  capacity = 0;
  readonly num: Record<NumberColumn, Float64Array> = {
    price: new Float64Array(0),
    mileage: new Float64Array(0),
    operating_hours: new Float64Array(0),
    year: new Float64Array(0),
    engine_size: new Float64Array(0),
  };
  /** Engine power in whole horsepower (1 to 5000), 0 for none: two bytes a listing. */
  power = new Uint16Array(0);
  created = new Float64Array(0);
  /** A boost's end (ms since 1970), NaN when not boosted. */
  boosted = new Float64Array(0);
  /**
   * Where each listing stands in newest-first order: the later of `created` and `boosted` (`newestKey`
   * of payments/boosts.ts), kept as a column of its own so the newest-first order and every sort's
   * tie-break read one number a slot, as they read `created` before boosts.
   */
  newest = new Float64Array(0);
  expires = new Float64Array(0);
  latitude = new Float64Array(0);
  longitude = new Float64Array(0);
  /** Each slot's unit vector, x y z side by side (one memory line for a distance, not three). */
  xyz = new Float64Array(0);
  flags = new Uint8Array(0);
  /** Per-search distances (squared chords), written during the scan and read by the comparator. */
  scratch = new Float64Array(0);
  /** The live slots, one bit a slot. */
  alive = new Uint32Array(0);
  readonly text = Object.fromEntries(STORED_TEXT.map((k) => [k, new TextColumn()])) as Record<StoredText, TextColumn>;

  /** Makes every column `cap` slots long. */
  resize(cap: number): void {
    const resize = (a: Float64Array) => {
      const b = new Float64Array(cap);
      b.set(a);
      return b;
    };
    for (const f of NUMBER_FIELDS) this.num[f] = resize(this.num[f]);
    const power = new Uint16Array(cap);
    power.set(this.power);
    this.power = power;
    const flags = new Uint8Array(cap);
    flags.set(this.flags);
    this.flags = flags;
    this.created = resize(this.created);
    this.boosted = resize(this.boosted);
    this.newest = resize(this.newest);
    this.expires = resize(this.expires);
    this.latitude = resize(this.latitude);
    this.longitude = resize(this.longitude);
    const xyz = new Float64Array(cap * 3);
    xyz.set(this.xyz);
    this.xyz = xyz;
    this.scratch = resize(this.scratch);
    const alive = new Uint32Array(cap >>> 5);
    alive.set(this.alive);
    this.alive = alive;
    for (const col of Object.values(this.text)) col.resize(cap);
    this.ids.grow(cap);
    this.capacity = cap;
  }

  /** Writes a listing's fields but its coordinates (see `place`) into a slot. */
  write(slot: number, item: Indexed): void {
    for (const f of STORED_TEXT) this.text[f].codes[slot] = this.text[f].code(item[f] ?? null);
    for (const f of NUMBER_FIELDS) this.num[f][slot] = item[f] ?? NONE;
    this.power[slot] = item.engine_power_hp ?? 0;
    const photos = (item as { has_photo?: boolean; images?: unknown[] }).has_photo ?? ((item as { images?: unknown[] }).images?.length ?? 0) > 0;
    this.flags[slot] = flagsOf(item, photos);
    this.created[slot] = Date.parse(item.created_at);
    this.boosted[slot] = boostedMs(item);
    this.newest[slot] = newestOf(this.created[slot]!, this.boosted[slot]!);
    this.expires[slot] = item.expires_at === null ? NONE : Date.parse(item.expires_at);
  }

  /** A slot's coordinates, and their unit vector for distances. */
  place(slot: number, latitude: number | null, longitude: number | null): void {
    if (latitude !== null && longitude !== null) {
      const u = unitVector({ latitude, longitude });
      this.latitude[slot] = latitude;
      this.longitude[slot] = longitude;
      this.xyz[slot * 3] = u.x;
      this.xyz[slot * 3 + 1] = u.y;
      this.xyz[slot * 3 + 2] = u.z;
    } else {
      this.latitude[slot] = NONE;
      this.longitude[slot] = NONE;
      this.xyz[slot * 3] = NONE;
      this.xyz[slot * 3 + 1] = NONE;
      this.xyz[slot * 3 + 2] = NONE;
    }
  }

  /** The listing in a slot, made from the columns. */
  item(slot: number): Indexed & { has_photo: boolean } {
    const t = (f: StoredText) => this.text[f].value(slot);
    const n = (f: NumberColumn) => {
      const v = this.num[f][slot]!;
      return v === v ? v : null;
    };
    const lat = this.latitude[slot]!;
    const expires = this.expires[slot]!;
    const boosted = this.boosted[slot]!;
    return {
      id: this.ids.idAt(slot)!,
      vehicle_type: t('vehicle_type')!,
      make: t('make')!,
      model: t('model')!,
      variant: t('variant'),
      ...this.attributes(slot),
      seller_id: t('seller_id')!,
      seller_name: t('seller_name'),
      seller_location: t('seller_location'),
      seller_type: t('seller_type'),
      price: n('price'),
      mileage: n('mileage'),
      operating_hours: n('operating_hours'),
      year: this.num.year[slot]!,
      engine_size: n('engine_size'),
      engine_power_hp: this.power[slot]! || null,
      ...fromTrustBits(this.flags[slot]! >> 2),
      location: t('location'),
      region: t('region'),
      featured: (this.flags[slot]! & 1) === 1,
      seller_latitude: lat === lat ? lat : null,
      seller_longitude: lat === lat ? this.longitude[slot]! : null,
      created_at: new Date(this.created[slot]!).toISOString(),
      boosted_until: boosted === boosted ? new Date(boosted).toISOString() : null,
      expires_at: expires === expires ? new Date(expires).toISOString() : null,
      has_photo: (this.flags[slot]! & 2) === 2,
    };
  }

  /** A slot's attributes (fields.ts), each null where it has none. */
  private attributes(slot: number): Record<AttributeField, string | null> {
    const out = {} as Record<AttributeField, string | null>;
    for (const f of ATTRIBUTE_FIELDS) out[f] = this.text[f].value(slot);
    return out;
  }

  /** A slot's priced fields (`id`: its id, when the caller has it already, so it is not written again). */
  pricedAt(slot: number, id: string = this.ids.idAt(slot)!): PricedFields {
    return {
      id,
      vehicle_type: this.text.vehicle_type.value(slot)!,
      make: this.text.make.value(slot)!,
      model: this.text.model.value(slot)!,
      year: this.num.year[slot]!,
      price: numberOrNull(this.num.price[slot]!),
      mileage: numberOrNull(this.num.mileage[slot]!),
      operating_hours: numberOrNull(this.num.operating_hours[slot]!),
    };
  }

  /**
   * The columns of the listings held, packed (no free slots, each dictionary down to the values in use,
   * codes in the smallest integer type that holds them), for `ListingIndex.fromColumns`.
   */
  toColumns(): IndexColumns {
    const slots: number[] = [];
    for (let s = 0; s < this.slotsUsed; s++) if (this.ids.holds(s)) slots.push(s);
    const n = slots.length;
    const pick = (a: Float64Array) => Float64Array.from(slots, (s) => a[s]!);
    const text = {} as IndexColumns['text'];
    for (const f of STORED_TEXT) {
      const col = this.text[f];
      const recode = new Map<number, number>();
      const dict: (string | null)[] = [null];
      const codes = new Uint32Array(n);
      slots.forEach((s, i) => {
        const c = col.codes[s]!;
        if (c === 0) return;
        let to = recode.get(c);
        if (to === undefined) {
          to = dict.push(col.dict[c]!) - 1;
          recode.set(c, to);
        }
        codes[i] = to;
      });
      text[f] = { dict, codes: dict.length <= 256 ? Uint8Array.from(codes) : dict.length <= 65536 ? Uint16Array.from(codes) : codes };
    }
    return {
      n,
      ids: slots.map((s) => this.ids.idAt(s)!).join('\n'),
      text,
      numbers: {
        price: pick(this.num.price),
        mileage: pick(this.num.mileage),
        operating_hours: pick(this.num.operating_hours),
        year: pick(this.num.year),
        engine_size: pick(this.num.engine_size),
        created: pick(this.created),
        boosted: pick(this.boosted),
        expires: pick(this.expires),
        latitude: pick(this.latitude),
        longitude: pick(this.longitude),
      },
      power: Uint16Array.from(slots, (s) => this.power[s]!),
      flags: Uint8Array.from(slots, (s) => this.flags[s]!),
    };
  }

  /** Loads stored ids into slots 0..n-1 (slot `s` the one given at `order[s]`), pausing every STEP_IDS. */
  *loadIds(c: IndexColumns, idStarts: Int32Array, order: Uint32Array): Generator<void> {
    for (let slot = 0; slot < c.n; slot++) {
      const i = order[slot]!;
      this.ids.setRange(c.ids, idStarts[i]!, idStarts[i + 1]! - 1, slot);
      if (slot % STEP_IDS === STEP_IDS - 1) yield;
    }
    this.slotsUsed = c.n;
  }

  /**
   * Loads the stored text fields into slots 0..n-1 (slot `s` the one given at `order[s]`). A field the
   * columns lack (stored before it was searched: see `lacksFields`) is none for every listing.
   */
  loadText(c: IndexColumns, order: Uint32Array): void {
    for (const f of STORED_TEXT) {
      const stored = c.text[f] as IndexColumns['text'][StoredText] | undefined;
      if (!stored) continue;
      this.text[f].load(stored.dict);
      gather(this.text[f].codes, stored.codes, order, c.n);
    }
  }

  /**
   * Loads the stored numbers and flags (not the coordinates: see `place`) into slots 0..n-1. Columns
   * stored before boosts (no `boosted`) load as none boosted.
   */
  loadNumbers(c: IndexColumns, order: Uint32Array): void {
    for (const f of NUMBER_FIELDS) gather(this.num[f], c.numbers[f], order, c.n);
    gather(this.created, c.numbers.created, order, c.n);
    const boosted = c.numbers.boosted as Float64Array | undefined;
    if (boosted && boosted.length === c.n) gather(this.boosted, boosted, order, c.n);
    else this.boosted.fill(NONE, 0, c.n);
    for (let slot = 0; slot < c.n; slot++) this.newest[slot] = newestOf(this.created[slot]!, this.boosted[slot]!);
    gather(this.expires, c.numbers.expires, order, c.n);
    gather(this.power, c.power, order, c.n);
    gather(this.flags, c.flags, order, c.n);
  }

  /** Marks slots 0..n-1 live. */
  markLive(n: number): void {
    this.alive.fill(0xffffffff, 0, n >>> 5);
    for (let slot = n & ~31; slot < n; slot++) this.alive[slot >>> 5]! |= 1 << (slot & 31);
  }
}
