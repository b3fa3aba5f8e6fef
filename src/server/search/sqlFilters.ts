import { and, asc, desc, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { vehicles } from '../db/schema';
import type { LatLon, SortOrder } from '../../domain/constants';
import { chordSquaredForKm, unitVector } from '../../domain/geo';
import type { Clause, FlagField, NumberField, TextField } from '../../domain/search/filters';
import { matchingValues, WORDS_FIELDS, type WordsField } from '../../domain/search/words';

// The SQL translation of the domain's search clauses (src/domain/search). Each case mirrors
// `matchesClause` in src/domain/search/match.ts; tests/server/search.agreement.test.ts checks that
// both give the same answer on the same data.

const textColumns: Record<TextField, AnyPgColumn> = {
  vehicle_type: vehicles.vehicleType,
  make: vehicles.make,
  model: vehicles.model,
  variant: vehicles.variant,
  category: vehicles.category,
  fuel_type: vehicles.fuelType,
  transmission: vehicles.transmission,
  condition: vehicles.condition,
  drive_type: vehicles.driveType,
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
};

/**
 * The squared chord from a point to the seller's position (null when it is unknown). It orders and
 * bounds exactly as Haversine distance does (see chordSquared in src/domain/geo.ts) but reads the
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

/** The columns of the words fields. */
export const wordsColumns: Record<WordsField, AnyPgColumn> = {
  make: vehicles.make,
  model: vehicles.model,
  variant: vehicles.variant,
  year: vehicles.year,
  location: vehicles.location,
  region: vehicles.region,
  seller_name: vehicles.sellerName,
};

/** The distinct values of each words field in the table: a words search's terms are looked up in them (words.ts). */
export type WordsVocabulary = Record<WordsField, readonly (string | number)[]>;

/**
 * A words search: every term is in a words field (one of the values the domain's rule matches to it,
 * found in the vocabulary, not in every row), or in the description or colour (their text contains it).
 */
function wordsSql(terms: readonly string[], vocabulary: WordsVocabulary): SQL {
  return and(
    ...terms.map((term) => {
      const parts: SQL[] = [];
      for (const f of WORDS_FIELDS) {
        const values = [...matchingValues(term, vocabulary[f])];
        if (values.length === 0) continue;
        parts.push(f === 'year' ? sql`${wordsColumns[f]} = any(${sql.param(values)}::int[])` : sql`${wordsColumns[f]} = any(${sql.param(values)}::text[])`);
      }
      parts.push(sql`strpos(lower(${vehicles.description}), ${term}) > 0`, sql`strpos(lower(${vehicles.color}), ${term}) > 0`);
      return or(...parts) as SQL;
    }),
  ) as SQL;
}

/** The SQL of a clause; a words clause needs the vocabulary of the words fields. */
export function clauseSql(c: Clause, vocabulary?: WordsVocabulary): SQL {
  switch (c.kind) {
    case 'eq_ci':
      // A uuid's text is lower case, so lowering the value matches as case-insensitively as the domain's rule.
      return c.field === 'seller_id' ? sql`${textColumns.seller_id}::text = ${c.value.toLowerCase()}` : sql`lower(${textColumns[c.field]}) = ${c.value.toLowerCase()}`;
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
      if (!vocabulary) throw new Error('a words search needs the vocabulary of the words fields');
      return wordsSql(c.terms, vocabulary);
  }
}

export function clausesSql(clauses: readonly Clause[], vocabulary?: WordsVocabulary): SQL | undefined {
  return clauses.length ? and(...clauses.map((c) => clauseSql(c, vocabulary))) : undefined;
}

/** The total order of `compareRanked` in src/domain/search/match.ts, as ORDER BY terms. */
export function orderBySql(sort: SortOrder, distance: SQL | null): SQL[] {
  const tail = [desc(vehicles.createdAt), asc(vehicles.id)];
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
