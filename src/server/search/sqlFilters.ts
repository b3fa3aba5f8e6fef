import { and, asc, desc, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { vehicles } from '../db/schema';
import type { LatLon, SortOrder } from '@/domain/core/constants';
import { chordSquaredForKm, unitVector } from '@/domain/geo/geo';
import type { Clause, FlagField, NumberField, TextField } from '@/domain/search/filters';
import { ATTRIBUTE_FIELDS, valueWords, type AttributeField } from '@/domain/search/fields';

// The SQL translation of the domain's search clauses (src/domain/search). Each case mirrors
// `matchesClause` in src/domain/search/match.ts; tests/server/search.agreement.test.ts checks that
// both give the same answer on the same data.

/** The vehicles table's column of each attribute filter (fields.ts): the column of the field's name. */
export const attributeColumns: Record<AttributeField, AnyPgColumn> = Object.fromEntries(
  ATTRIBUTE_FIELDS.map((field): [AttributeField, AnyPgColumn] => {
    const column: AnyPgColumn | undefined = Object.values(getTableColumns(vehicles)).find((c) => c.name === field);
    if (!column) throw new Error(`the search field ${field} has no column of its name in vehicles`);
    return [field, column];
  }),
) as Record<AttributeField, AnyPgColumn>;

const textColumns: Record<TextField, AnyPgColumn> = {
  vehicle_type: vehicles.vehicleType,
  make: vehicles.make,
  model: vehicles.model,
  variant: vehicles.variant,
  ...attributeColumns,
  seller_id: vehicles.sellerId,
};
const numberColumns: Record<NumberField, AnyPgColumn> = {
  price: vehicles.price,
  mileage: vehicles.mileage,
  operating_hours: vehicles.operatingHours,
  year: vehicles.year,
  engine_size: vehicles.engineSize,
  engine_power_hp: vehicles.enginePowerHp,
};
const flagColumns: Record<FlagField, AnyPgColumn> = {
  duty_paid: vehicles.dutyPaid,
  papers_ready: vehicles.papersReady,
  verified_dealer: vehicles.verifiedDealer,
  phone_verified: vehicles.phoneVerified,
};

/**
 * The squared chord from a point to the seller's position (null when it is unknown). It orders and
 * bounds exactly as Haversine distance does (see chordSquared in src/domain/geo/geo.ts) but reads the
 * unit vector PostgreSQL keeps for each listing instead of computing trigonometry per row.
 */
export function chordSql(p: LatLon): SQL<number | null> {
  const b = unitVector(p);
  return sql<number | null>`((${vehicles.geoX} - ${b.x}::float8) ^ 2 + (${vehicles.geoY} - ${b.y}::float8) ^ 2 + (${vehicles.geoZ} - ${b.z}::float8) ^ 2)`;
}

/** A box around the circle, so an index on the coordinates narrows the rows before the exact test. */
function boundingBox(c: LatLon, km: number): SQL | undefined {
  const dLat = (km / 111.19) * 1.01;
  const cosLat = Math.cos(((Math.abs(c.latitude) + dLat) * Math.PI) / 180);
  if (cosLat < 0.05) return undefined;
  const dLon = (km / (111.19 * cosLat)) * 1.01;
  return sql`${vehicles.sellerLatitude} between ${c.latitude - dLat} and ${c.latitude + dLat}
    and ${vehicles.sellerLongitude} between ${c.longitude - dLon} and ${c.longitude + dLon}`;
}

/** A term's matching tokens (search/listingWords.ts): what a words search finds listings' words by. */
export type WordsLookup = (term: string) => readonly string[];

/**
 * A words search: every term matches a token of the listing's words (words_tokens: its words fields,
 * description and colour), found through the GIN index on them from the tokens the term matches.
 */
function wordsSql(terms: readonly string[], lookup: WordsLookup): SQL {
  return and(
    ...terms.map((term) => {
      const tokens = lookup(term);
      return tokens.length ? sql`${vehicles.wordsTokens} && ${sql.param(tokens)}::text[]` : sql`false`;
    }),
  ) as SQL;
}

/** The SQL of a clause; a words clause needs the lookup of the listings' words. */
export function clauseSql(c: Clause, words?: WordsLookup): SQL {
  switch (c.kind) {
    case 'eq_ci':
      // A uuid's text is lower case, so lowering the value matches as case-insensitively as the domain's rule.
      return c.field === 'seller_id' ? sql`${textColumns.seller_id}::text = ${c.value.toLowerCase()}` : sql`lower(${textColumns[c.field]}) = ${c.value.toLowerCase()}`;
    case 'words_in':
      // The value's words, whole and in order, within the column's: both split as `valueWords` does (fields.ts).
      return sql`strpos(' ' || trim(regexp_replace(lower(${attributeColumns[c.field]}), '[^[:alnum:]]+', ' ', 'g')) || ' ', ${` ${valueWords(c.value)} `}) > 0`;
    case 'contains_ci':
      return sql`strpos(lower(${vehicles.location}), ${c.value.toLowerCase()}) > 0`;
    case 'range': {
      const col = numberColumns[c.field];
      const parts: SQL[] = [sql`${col} is not null`];
      if (c.min !== undefined) parts.push(sql`${col} >= ${c.min}`);
      if (c.max !== undefined) parts.push(sql`${col} <= ${c.max}`);
      return and(...parts) as SQL;
    }
    case 'seller_type':
      return c.value === 'private' ? sql`(${vehicles.sellerType} is null or ${vehicles.sellerType} = 'private')` : sql`${vehicles.sellerType} = ${c.value}`;
    case 'featured':
      return sql`${vehicles.featured} = ${c.value}`;
    case 'flag':
      // Not said (null) counts as not so, as in the domain's rule.
      return sql`coalesce(${flagColumns[c.field]}, false) = ${c.value}`;
    case 'within_km': {
      const exact = sql`${chordSql(c.center)} <= ${chordSquaredForKm(c.km)}::float8`;
      const box = boundingBox(c.center, c.km);
      return box ? sql`(${box} and ${exact})` : exact;
    }
    case 'words':
      if (!words) throw new Error("a words search needs the lookup of the listings' words");
      return wordsSql(c.terms, words);
  }
}

export function clausesSql(clauses: readonly Clause[], words?: WordsLookup): SQL | undefined {
  return clauses.length ? and(...clauses.map((c) => clauseSql(c, words))) : undefined;
}

/**
 * Where a listing stands in newest-first order (`newestKey` of src/domain/payments/boostOrder.ts): its
 * boost's end while that is later than its listing (greatest ignores a null). The same expression as
 * the indexes made for it (vehicles_public_newest_idx, the make cover index's columns), so they serve it.
 */
export const newestSql = sql`greatest(${vehicles.createdAt}, ${vehicles.boostedUntil})`;

/** The total order of `compareRanked` in src/domain/search/match.ts, as ORDER BY terms. */
export function orderBySql(sort: SortOrder, distance: SQL | null): SQL[] {
  const tail = [desc(newestSql), asc(vehicles.id)];
  switch (sort) {
    case 'price_asc':
      return [sql`${vehicles.price} asc nulls last`, ...tail];
    case 'price_desc':
      return [sql`${vehicles.price} desc nulls last`, ...tail];
    case 'year_desc':
      return [desc(vehicles.year), ...tail];
    case 'year_asc':
      return [asc(vehicles.year), ...tail];
    case 'mileage_asc':
      return [sql`${vehicles.mileage} asc nulls last`, ...tail];
    case 'distance':
      return distance ? [sql`${distance} asc nulls last`, ...tail] : tail;
    case 'newest':
      return tail;
  }
}
