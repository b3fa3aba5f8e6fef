import { ATTRIBUTE_FIELDS } from '@/domain/search/fields';
import { and, count, inArray, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '@/server/db/client';
import { vehicles } from '@/server/db/schema';
import type { Vehicle } from '@/domain/listing/vehicle';
import { toClauses, type SearchRequest } from '@/domain/search/filters';
import type { Indexed } from '@/domain/search/index/columns';
import { chordSql, clausesSql, orderBySql, type WordsLookup } from '@/server/search/sqlFilters';
import { listingWordsOf } from '@/server/search/listingWords';
import { LISTING_COLUMNS, publicSql, toApiVehicle, toOwnVehicle } from './rows';
import { currentRevision } from './writes';

// Searching listings: a search read with SQL (a seller's own, words searches, and every search while
// the in-memory index is built), and the one pass over the table that builds that index.

export interface SearchScope {
  /** Only public listings (the default for everyone but the seller looking at their own). */
  publicOnly: boolean;
  is_published?: boolean;
  is_expired?: boolean;
}

/** The lookup of the listings' words, caught up with every listing committed before the search. */
async function wordsLookup(db: Db): Promise<WordsLookup> {
  const words = listingWordsOf(db);
  await words.catchUp();
  return (term) => words.matching(term);
}

/**
 * A search read with SQL: a seller's own listings (drafts included, as the scope says) each with its
 * contact; with `publicOnly`, public listings as everyone reads them.
 */
export async function searchVehicles(db: Db, req: SearchRequest, scope: SearchScope): Promise<{ items: Vehicle[]; total: number }> {
  const where: SQL[] = [];
  if (scope.publicOnly) where.push(publicSql);
  if (scope.is_published !== undefined) where.push(sql`${vehicles.isPublished} = ${scope.is_published}`);
  if (scope.is_expired !== undefined) {
    const expired = sql`(${vehicles.isExpired} or (${vehicles.expiresAt} is not null and ${vehicles.expiresAt} <= now()))`;
    where.push(scope.is_expired ? expired : sql`not ${expired}`);
  }
  const clauses = toClauses(req.filters, req.buyer);
  const filter = clausesSql(clauses, clauses.some((c) => c.kind === 'words') ? await wordsLookup(db) : undefined);
  if (filter) where.push(filter);
  const distance = req.buyer ? chordSql(req.buyer) : null;
  const whereSql = where.length ? and(...where) : undefined;
  // Rank narrow rows first (id and sort keys, with the total), then read whole rows for the page only:
  // sorting wide rows (descriptions, photo lists) is what made large result sets slow.
  const q = db
    .select({ id: vehicles.id, total: sql<number>`count(*) over()` })
    .from(vehicles)
    .where(whereSql)
    .orderBy(...orderBySql(req.sort, distance))
    .offset(req.offset);
  const ranked = req.limit !== undefined ? await q.limit(req.limit) : await q;
  let total = ranked.length ? Number(ranked[0]!.total) : 0;
  if (!ranked.length && req.offset > 0) {
    const [c] = await db.select({ n: count() }).from(vehicles).where(whereSql);
    total = Number(c?.n ?? 0);
  }
  if (!ranked.length) return { items: [], total };
  const rows = await db
    .select(LISTING_COLUMNS)
    .from(vehicles)
    .where(
      inArray(
        vehicles.id,
        ranked.map((r) => r.id),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const toItem = scope.publicOnly ? toApiVehicle : toOwnVehicle;
  const items = ranked.flatMap((r) => {
    const row = byId.get(r.id);
    return row ? [toItem(row, req.buyer)] : [];
  });
  return { items, total };
}

/**
 * Every public listing's searchable fields, for the server's in-memory index: only what a search
 * tests or ranks, the times as ISO text and the photos as a yes or no, read by one pass over the table
 * (a cursor in a read-only repeatable-read transaction, `pageSize` rows at a time given to `onPage`),
 * so a million rows cost one sequential scan and little work a row. Resolves to the head revision of
 * the same snapshot: every change after it reaches the index through the delta from it.
 */
export async function readPublicIndex(db: Db, pageSize: number, onPage: (rows: Indexed[]) => void): Promise<number> {
  return db.transaction(
    async (tx) => {
      const revision = await currentRevision(tx);
      await tx.execute(sql`declare public_index no scroll cursor for
        select id, vehicle_type, make, model, variant, ${sql.raw(ATTRIBUTE_FIELDS.join(', '))},
          seller_id, seller_type, null as seller_name, null as seller_location, price, mileage, operating_hours, year, engine_size,
          engine_power_hp, duty_paid, papers_ready, verified_dealer, phone_verified, location, region, featured, seller_latitude, seller_longitude,
          to_json(created_at) #>> '{}' as created_at, to_json(expires_at) #>> '{}' as expires_at,
          to_json(boosted_until) #>> '{}' as boosted_until, jsonb_array_length(images) > 0 as has_photo
        from ${vehicles}
        where ${publicSql}`);
      for (;;) {
        const rows = rowsOf<Indexed>(await tx.execute(sql`fetch forward ${sql.raw(String(Math.floor(pageSize)))} from public_index`));
        onPage(rows);
        if (rows.length < pageSize) break;
      }
      await tx.execute(sql`close public_index`);
      return revision;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** About how many listings the table holds (PostgreSQL's estimate from its last ANALYZE; 0 when it has none). */
export async function estimatedListings(db: Db): Promise<number> {
  const res = await db.execute(sql`select reltuples::float8 as n from pg_class where oid = ${'vehicles'}::regclass`);
  return Math.max(0, Number(rowsOf<{ n: number | string }>(res)[0]?.n ?? 0));
}
