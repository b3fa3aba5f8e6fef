import { type AnyColumn, and, Column, asc, count, desc, eq, getTableColumns, gt, inArray, isNotNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { contactRequests, listingEvents, listingRevision, priceChanges, vehicles, vehicleTombstones } from '../db/schema';
import type { ListingEventKind } from '@/domain/listing/leads';
import { withDistance, type OwnVehicle, type Vehicle } from '@/domain/listing/vehicle';
import type { SellerType, VehicleType } from '@/domain/core/constants';
import type { SubscriptionPlan } from '@/domain/payments/fees';
import { toClauses, type SearchRequest } from '@/domain/search/filters';
import { inScope, type MirrorScope } from '@/domain/search/scope';
import type { SummarySource } from '@/domain/search/summary';
import type { Indexed } from '@/domain/search/listingIndex';
import { chordSql, clausesSql, orderBySql, type WordsLookup } from '../search/sqlFilters';
import { recordLoosePhotos } from './uploads.repo';
import { listingWordsOf } from '../search/listingWords';

const { wordsTokens: _wordsTokens, ...listingColumns } = getTableColumns(vehicles);
/**
 * Every column of a listing but its words (words_tokens: tens of tokens a row, which only the words
 * search reads, in SQL): what every read of whole listings selects, so a page of them does not carry
 * and parse their words.
 */
export const LISTING_COLUMNS = listingColumns;
export type VehicleRow = Omit<typeof vehicles.$inferSelect, 'wordsTokens'>;
export type NewVehicle = typeof vehicles.$inferInsert;
/** A database handle or an open transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

/** Published, not flagged expired, not past its expiry, not sold and not hidden pending review: what visitors may see. */
export const publicSql = sql`(${vehicles.isPublished} and not ${vehicles.isExpired} and ${vehicles.soldAt} is null and (${vehicles.expiresAt} is null or ${vehicles.expiresAt} > now()) and ${vehicles.hiddenForReviewAt} is null)`;

/** A listing as everyone may read it: no phone, no email (a signed-in user asks for those one listing at a time). */
export function toApiVehicle(r: VehicleRow, buyer?: { latitude: number; longitude: number }): Vehicle {
  const expires = r.expiresAt ? r.expiresAt.toISOString() : null;
  const v: Vehicle = {
    id: r.id,
    vehicle_type: r.vehicleType as VehicleType,
    make: r.make,
    model: r.model,
    variant: r.variant,
    year: r.year,
    price: r.price,
    mileage: r.mileage,
    operating_hours: r.operatingHours,
    engine_size: r.engineSize,
    engine_power_hp: r.enginePowerHp,
    duty_paid: r.dutyPaid,
    papers_ready: r.papersReady,
    verified_dealer: r.verifiedDealer,
    fuel_type: r.fuelType,
    transmission: r.transmission,
    drive_type: r.driveType,
    condition: r.condition,
    category: r.category,
    car_category: r.vehicleType === 'car' ? r.category : null,
    color: r.color,
    description: r.description,
    images: r.images,
    features: r.features,
    featured: r.featured,
    subscription_plan: (r.subscriptionPlan as SubscriptionPlan | null) ?? null,
    seller_id: r.sellerId,
    seller_name: r.sellerName,
    seller_location: r.sellerLocation,
    location: r.location,
    region: r.region,
    seller_type: (r.sellerType as SellerType | null) ?? null,
    seller_latitude: r.sellerLatitude,
    seller_longitude: r.sellerLongitude,
    is_published: r.isPublished,
    is_expired: r.isExpired || (r.expiresAt !== null && r.expiresAt.getTime() <= Date.now()),
    is_free_update: r.isFreeUpdate,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    published_at: r.publishedAt ? r.publishedAt.toISOString() : null,
    expires_at: expires,
    listing_expires_at: expires,
    views: r.views,
    revision: r.revision,
    sold_at: r.soldAt ? r.soldAt.toISOString() : null,
    price_drop: priceDropOf(r),
    ...(r.hiddenForReviewAt && { hidden_for_review: true as const }),
  };
  return buyer ? withDistance(v, buyer) : v;
}

/** A timestamp as toISOString writes it (the columns keep milliseconds: precision 3). */
const isoSql = (column: AnyColumn) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * toApiVehicle's answer for a public listing, as a select list for PostgreSQL's row_to_json: the
 * same keys in the same order, each written by PostgreSQL from its column. A page of a search read
 * this way comes back as one text a listing, with no row to parse and no object to make in the server;
 * a test keeps it equal to toApiVehicle's for listings of every kind (tests/server/listingJson.test.ts).
 * Doubles are written with all their digits as PostgreSQL 12 and later do by default
 * (extra_float_digits 1): a role or pooler that lowers it would round prices and coordinates.
 */
const publicJsonColumns = sql.join(
  (
    [
      ['id', vehicles.id],
      ['vehicle_type', vehicles.vehicleType],
      ['make', vehicles.make],
      ['model', vehicles.model],
      ['variant', vehicles.variant],
      ['year', vehicles.year],
      ['price', vehicles.price],
      ['mileage', vehicles.mileage],
      ['operating_hours', vehicles.operatingHours],
      ['engine_size', vehicles.engineSize],
      ['engine_power_hp', vehicles.enginePowerHp],
      ['duty_paid', vehicles.dutyPaid],
      ['papers_ready', vehicles.papersReady],
      ['verified_dealer', vehicles.verifiedDealer],
      ['fuel_type', vehicles.fuelType],
      ['transmission', vehicles.transmission],
      ['drive_type', vehicles.driveType],
      ['condition', vehicles.condition],
      ['category', vehicles.category],
      ['car_category', sql`case when ${vehicles.vehicleType} = 'car' then ${vehicles.category} end`],
      ['color', vehicles.color],
      ['description', vehicles.description],
      ['images', vehicles.images],
      ['features', vehicles.features],
      ['featured', vehicles.featured],
      ['subscription_plan', vehicles.subscriptionPlan],
      ['seller_id', vehicles.sellerId],
      ['seller_name', vehicles.sellerName],
      ['seller_location', vehicles.sellerLocation],
      ['location', vehicles.location],
      ['region', vehicles.region],
      ['seller_type', vehicles.sellerType],
      ['seller_latitude', vehicles.sellerLatitude],
      ['seller_longitude', vehicles.sellerLongitude],
      ['is_published', vehicles.isPublished],
      ['is_expired', sql`(${vehicles.isExpired} or coalesce(${vehicles.expiresAt} <= now(), false))`],
      ['is_free_update', vehicles.isFreeUpdate],
      ['created_at', isoSql(vehicles.createdAt)],
      ['updated_at', isoSql(vehicles.updatedAt)],
      ['published_at', isoSql(vehicles.publishedAt)],
      ['expires_at', isoSql(vehicles.expiresAt)],
      ['listing_expires_at', isoSql(vehicles.expiresAt)],
      ['views', vehicles.views],
      ['revision', vehicles.revision],
      ['sold_at', isoSql(vehicles.soldAt)],
      [
        'price_drop',
        sql`case when ${vehicles.priceDropAmount} is not null and ${vehicles.priceDroppedAt} is not null then json_build_object('amount', ${vehicles.priceDropAmount}, 'at', ${isoSql(vehicles.priceDroppedAt)}) end`,
      ],
    ] as const
  ).map(([key, value]) => sql`${value} as ${sql.identifier(key)}`),
  sql`, `,
);

/** A public listing's JSON text as PostgreSQL writes it (publicJsonColumns), for a query over `vehicles`. */
const listingJsonSql = sql<string>`(select row_to_json(j)::text from (select ${publicJsonColumns}) j)`;

/**
 * The query of publicListingsJson, its text written once per database handle (drizzle would build
 * the long select list anew for every read), sent unnamed: a pooler in transaction mode does not
 * keep named statements.
 */
const jsonByIdsQuery = (db: Db) =>
  db
    .select({ id: vehicles.id, json: listingJsonSql })
    .from(vehicles)
    .where(and(sql`${vehicles.id} = any(string_to_array(${sql.placeholder('ids')}, ',')::uuid[])`, publicSql))
    .prepare('');
const jsonByIds = new WeakMap<Db, ReturnType<typeof jsonByIdsQuery>>();

/**
 * The public listings of `ids` (those still public; in no order) as the JSON text of toApiVehicle's
 * answer, written by PostgreSQL (publicJsonColumns).
 */
export async function publicListingsJson(db: Db, ids: readonly string[]): Promise<{ id: string; json: string }[]> {
  let query = jsonByIds.get(db);
  if (!query) jsonByIds.set(db, (query = jsonByIdsQuery(db)));
  // One text of the ids joined by commas: node-postgres writes an array parameter element by element,
  // escaping each, a hundred ids at a time under load.
  return query.execute({ ids: ids.join(',') });
}

/** The last price change when it was a drop: its amount and when. */
function priceDropOf(r: Pick<VehicleRow, 'priceDropAmount' | 'priceDroppedAt'>): { amount: number; at: string } | null {
  return r.priceDropAmount !== null && r.priceDroppedAt !== null ? { amount: r.priceDropAmount, at: r.priceDroppedAt.toISOString() } : null;
}

/** A listing as its seller (or an administrator) reads it: with the contact it was listed with. */
export function toOwnVehicle(r: VehicleRow, buyer?: { latitude: number; longitude: number }): OwnVehicle {
  return { ...toApiVehicle(r, buyer), seller_phone: r.sellerPhone, seller_email: r.sellerEmail };
}

/**
 * Runs listing writes in a transaction that holds one advisory lock, so revisions are handed out
 * and committed in the same order: a client that has seen revision N has seen every change up to N.
 */
export async function withListingWrite<T>(db: Db, fn: (tx: Tx, nextRevision: () => Promise<number>) => Promise<T>): Promise<T> {
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7318001)`);
    const nextRevision = async () => {
      const res = await tx.execute(sql`select nextval(${sql.raw(`'${listingRevision.seqName}'`)}) as r`);
      return Number(rowsOf<{ r: string | number }>(res)[0]?.r);
    };
    return fn(tx, nextRevision);
  });
  for (const listener of writeListeners.get(db) ?? []) listener();
  return result;
}

const writeListeners = new WeakMap<Db, Set<() => void>>();

/**
 * Calls `listener` after each committed listing write made through this process's `withListingWrite`,
 * before the write's caller continues: so the writer's next request sees it, with no wait for the
 * database's notification (which still tells of writes made elsewhere). Returns a function that stops.
 */
export function onListingWrite(db: Db, listener: () => void): () => void {
  let set = writeListeners.get(db);
  if (!set) writeListeners.set(db, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

/** PGlite and node-postgres return `execute` results in the same `{ rows }` shape. */
export function rowsOf<T>(res: unknown): T[] {
  return (res as { rows: T[] }).rows;
}

export async function findVehicle(db: Tx, id: string): Promise<VehicleRow | null> {
  const rows = await db.select(LISTING_COLUMNS).from(vehicles).where(eq(vehicles.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function hasTombstone(db: Tx, id: string): Promise<boolean> {
  const rows = await db.select({ id: vehicleTombstones.vehicleId }).from(vehicleTombstones).where(eq(vehicleTombstones.vehicleId, id));
  return rows.length > 0;
}

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

export async function insertVehicle(tx: Tx, v: Omit<NewVehicle, 'revision'>, revision: number): Promise<VehicleRow> {
  const [row] = await tx
    .insert(vehicles)
    .values({ ...v, revision })
    .returning(LISTING_COLUMNS);
  return row!;
}

export async function updateVehicle(tx: Tx, id: string, patch: Partial<NewVehicle>, revision: number): Promise<VehicleRow> {
  const [row] = await tx
    .update(vehicles)
    .set({ ...patch, revision, updatedAt: new Date() })
    .where(eq(vehicles.id, id))
    .returning(LISTING_COLUMNS);
  return row!;
}

/**
 * Marks every listing of a seller as a verified dealer's or not, each changed listing with a new
 * revision of its own (in order, under the listing-write lock) so offline copies and the search
 * index pick the badge up. Listings already right are left alone.
 */
export async function setSellerVerified(tx: Tx, sellerId: string, verified: boolean): Promise<void> {
  await tx.execute(sql`update ${vehicles} set verified_dealer = ${verified}, revision = nextval(${sql.raw(`'${listingRevision.seqName}'`)})
    where seller_id = ${sellerId} and verified_dealer <> ${verified}`);
}

/** Deletes listings; those that were ever public leave a tombstone so offline mirrors drop them; their photos are released (recordLoosePhotos). */
export async function deleteVehicles(tx: Tx, rows: Pick<VehicleRow, 'id' | 'firstPublishedAt'>[], nextRevision: () => Promise<number>): Promise<void> {
  if (!rows.length) return;
  for (const r of rows) {
    if (r.firstPublishedAt) {
      const revision = await nextRevision();
      await tx
        .insert(vehicleTombstones)
        .values({ vehicleId: r.id, revision })
        .onConflictDoUpdate({ target: vehicleTombstones.vehicleId, set: { revision, deletedAt: new Date() } });
    }
  }
  const deleted = await tx
    .delete(vehicles)
    .where(
      inArray(
        vehicles.id,
        rows.map((r) => r.id),
      ),
    )
    .returning({ images: vehicles.images });
  // Their photos go a day later unless another listing shows them by then.
  await recordLoosePhotos(
    tx,
    deleted.flatMap((d) => d.images),
    new Date(),
  );
}

/** What deleteVehicles needs of every listing, or of one seller's. */
export async function vehicleKeys(tx: Tx, sellerId?: string): Promise<Pick<VehicleRow, 'id' | 'firstPublishedAt'>[]> {
  const keys = tx.select({ id: vehicles.id, firstPublishedAt: vehicles.firstPublishedAt }).from(vehicles);
  return sellerId === undefined ? keys : keys.where(eq(vehicles.sellerId, sellerId));
}

/** Flags listings whose time ran out, giving each a new revision so the sync sends it as removed. */
export async function sweepExpired(db: Db): Promise<number> {
  const due = await db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(sql`${vehicles.isPublished} and not ${vehicles.isExpired} and ${vehicles.expiresAt} <= now()`)
    .limit(1);
  if (!due.length) return 0;
  return withListingWrite(db, async (tx) => {
    const res = await tx.execute(sql`update ${vehicles}
      set is_expired = true, updated_at = now(), revision = nextval(${sql.raw(`'${listingRevision.seqName}'`)})
      where is_published and not is_expired and expires_at <= now()`);
    return Number((res as { affectedRows?: number; rowCount?: number }).affectedRows ?? (res as { rowCount?: number }).rowCount ?? 0);
  });
}

/**
 * Changes since a revision, in revision order, as the JSON text of a SyncPage: public listings to
 * store, and the ids of listings that were removed, unpublished or expired. From 0, only what is
 * public now is sent (a new mirror has nothing to remove). Each page ends on an exact revision, so an
 * interrupted client resumes from the last revision it stored and neither loses nor repeats a change.
 */
export async function syncChanges(db: Db, since: number, limit: number): Promise<string> {
  // Read before the pages: every revision up to it is committed (see withListingWrite), so when no
  // more pages follow, the client may jump to it even if the last changes were drafts it never sees.
  const head = await currentRevision(db);
  // A public listing's JSON written by PostgreSQL: a page of 500 is sent as read, with no row parsed
  // and no object made in the server.
  const changed = await db
    .select({ id: vehicles.id, revision: vehicles.revision, json: sql<string | null>`case when ${publicSql} then ${listingJsonSql} end` })
    .from(vehicles)
    .where(since === 0 ? and(gt(vehicles.revision, since), publicSql) : and(gt(vehicles.revision, since), sql`(${publicSql} or ${vehicles.firstPublishedAt} is not null)`))
    .orderBy(asc(vehicles.revision))
    .limit(limit + 1);
  const gone =
    since === 0
      ? []
      : await db
          .select()
          .from(vehicleTombstones)
          .where(gt(vehicleTombstones.revision, since))
          .orderBy(asc(vehicleTombstones.revision))
          .limit(limit + 1);
  const { page, revision, hasMore } = changePage(
    changed.map((c): Change<string> => (c.json !== null ? { revision: c.revision, upsert: c.json } : { revision: c.revision, remove: c.id })),
    gone,
    since,
    head,
    limit,
  );
  const upserts = page.flatMap((e) => (e.upsert ? [e.upsert] : []));
  const tombstones = page.flatMap((e) => (e.remove ? [e.remove] : []));
  return `{"upserts":[${upserts.join(',')}],"tombstones":${JSON.stringify(tombstones)},"revision":${revision},"has_more":${hasMore}}`;
}

/** One change of the delta feeds: a listing to store, or the id of one to drop. */
type Change<T> = { revision: number; upsert?: T; remove?: string };

/**
 * The changed rows and tombstones (each read `limit + 1` past `since`) merged in revision order and
 * cut to a page that ends on an exact revision; the head once nothing more follows.
 */
function changePage<T>(changed: Change<T>[], gone: { revision: number; vehicleId: string }[], since: number, head: number, limit: number) {
  const merged: Change<T>[] = [...changed, ...gone.map((t): Change<T> => ({ revision: t.revision, remove: t.vehicleId }))].sort((a, b) => a.revision - b.revision);
  const page = merged.slice(0, limit);
  const hasMore = merged.length > limit;
  let revision = page.length ? page[page.length - 1]!.revision : since;
  if (!hasMore) revision = Math.max(revision, head);
  return { page, revision, hasMore };
}

/** The columns a listing's summary needs (no description, features or contact; the first photo only). */
const summaryColumns = {
  id: vehicles.id,
  vehicleType: vehicles.vehicleType,
  make: vehicles.make,
  model: vehicles.model,
  variant: vehicles.variant,
  category: vehicles.category,
  fuelType: vehicles.fuelType,
  transmission: vehicles.transmission,
  condition: vehicles.condition,
  driveType: vehicles.driveType,
  sellerId: vehicles.sellerId,
  sellerName: vehicles.sellerName,
  sellerLocation: vehicles.sellerLocation,
  sellerType: vehicles.sellerType,
  price: vehicles.price,
  mileage: vehicles.mileage,
  operatingHours: vehicles.operatingHours,
  year: vehicles.year,
  engineSize: vehicles.engineSize,
  enginePowerHp: vehicles.enginePowerHp,
  dutyPaid: vehicles.dutyPaid,
  papersReady: vehicles.papersReady,
  verifiedDealer: vehicles.verifiedDealer,
  location: vehicles.location,
  region: vehicles.region,
  featured: vehicles.featured,
  sellerLatitude: vehicles.sellerLatitude,
  sellerLongitude: vehicles.sellerLongitude,
  createdAt: vehicles.createdAt,
  expiresAt: vehicles.expiresAt,
  firstImage: sql<string | null>`${vehicles.images} ->> 0`,
};

type SummaryRow = Pick<VehicleRow, Exclude<keyof typeof summaryColumns, 'firstImage'>> & { firstImage: string | null };
/**
 * The table's columns a summary reads: migration 0017's trigger must compare every one of them but the
 * id and the price (tests/server/summaryRevisionTrigger.test.ts), or a change to one would reach
 * devices as a price alone.
 */
export const SUMMARY_SOURCE_COLUMNS: string[] = [...Object.values(summaryColumns).flatMap((c) => (c instanceof Column ? [c.name] : [])), 'images'];

function toSummarySource(r: SummaryRow): SummarySource {
  return {
    id: r.id,
    vehicle_type: r.vehicleType as VehicleType,
    make: r.make,
    model: r.model,
    variant: r.variant,
    category: r.category,
    fuel_type: r.fuelType,
    transmission: r.transmission,
    condition: r.condition,
    drive_type: r.driveType,
    seller_id: r.sellerId,
    seller_name: r.sellerName,
    seller_location: r.sellerLocation,
    seller_type: (r.sellerType as SellerType | null) ?? null,
    price: r.price,
    mileage: r.mileage,
    operating_hours: r.operatingHours,
    year: r.year,
    engine_size: r.engineSize,
    engine_power_hp: r.enginePowerHp,
    duty_paid: r.dutyPaid,
    papers_ready: r.papersReady,
    verified_dealer: r.verifiedDealer,
    location: r.location,
    region: r.region,
    featured: r.featured,
    seller_latitude: r.sellerLatitude,
    seller_longitude: r.sellerLongitude,
    created_at: r.createdAt.toISOString(),
    expires_at: r.expiresAt ? r.expiresAt.toISOString() : null,
    images: r.firstImage === null ? [] : [r.firstImage],
  };
}

/** The regions part of a scope as SQL, the same test as inScope's: the listing's region, or its location naming one. */
function regionsSql(regions: readonly string[]): SQL {
  const patterns = regions.map((r) => `%${r.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`);
  return sql`(${inArray(vehicles.region, [...regions])} or lower(${vehicles.location}) like any (array[${sql.join(
    patterns.map((p) => sql`${p}::text`),
    sql`, `,
  )}]))`;
}

/** Where a first download stands: the snapshot's head revision, the type it is in, the last listing sent of that type. */
export interface SnapshotPosition {
  revision: number;
  type: VehicleType;
  after: { createdAt: Date; id: string } | null;
}

export interface SnapshotPage {
  rows: SummarySource[];
  /** Where the next page starts; null when the snapshot is done. */
  next: SnapshotPosition | null;
  revision: number;
  /** The types of `order` whose every listing has been read. */
  complete: VehicleType[];
}

/**
 * One page of a first download of the public listings in a scope: type after type in `order`,
 * newest first within a type (keyset on created_at desc, id). At most `limit` rows are read; the
 * scope's types and regions are applied in SQL, its distance here with `inScope`, so a page may
 * hold fewer rows than it read. The head revision is read before the first page's rows: every
 * change after it reaches the client through the delta from it, whether or not a page saw it.
 */
export async function summarySnapshot(db: Db, scope: MirrorScope, order: readonly VehicleType[], from: SnapshotPosition | null, limit: number): Promise<SnapshotPage> {
  const revision = from ? from.revision : await currentRevision(db);
  let at = from ? order.indexOf(from.type) : 0;
  let after = from?.after ?? null;
  const rows: SummarySource[] = [];
  let budget = limit;
  while (at < order.length && budget > 0) {
    const where: SQL[] = [eq(vehicles.vehicleType, order[at]!), publicSql];
    if (scope.regions) where.push(regionsSql(scope.regions));
    // The redundant `created_at <=` bounds the index scan; the `or` alone would be a filter.
    if (after) where.push(lte(vehicles.createdAt, after.createdAt), or(lt(vehicles.createdAt, after.createdAt), and(eq(vehicles.createdAt, after.createdAt), gt(vehicles.id, after.id)))!);
    const read = await db
      .select(summaryColumns)
      .from(vehicles)
      .where(and(...where))
      .orderBy(desc(vehicles.createdAt), asc(vehicles.id))
      .limit(budget + 1);
    const taken = read.slice(0, budget);
    budget -= taken.length;
    for (const r of taken) {
      const source = toSummarySource(r);
      if (inScope(source, scope)) rows.push(source);
    }
    if (read.length > taken.length) {
      const last = taken[taken.length - 1]!;
      after = { createdAt: last.createdAt, id: last.id };
    } else {
      at += 1;
      after = null;
    }
  }
  return {
    rows,
    next: at < order.length ? { revision, type: order[at]!, after } : null,
    revision,
    complete: order.slice(0, at),
  };
}

export interface SummaryDelta {
  upserts: SummarySource[];
  tombstones: string[];
  revision: number;
  has_more: boolean;
  /** Upserts whose summary but for the price is as it was at `since`: a device holding them needs only the price. */
  priceOnly: ReadonlySet<string>;
  /**
   * Tombstones of listings that expired on schedule at the expiry they had at `since`, nothing else
   * changed: a device holding them drops them itself when that expiry passes.
   */
  lapsed: ReadonlySet<string>;
}

/** Public but for its expiry having passed: published, not sold, not hidden, its time run out. */
const lapsedSql = sql<boolean>`(${vehicles.isPublished} and ${vehicles.soldAt} is null and ${vehicles.hiddenForReviewAt} is null and ${vehicles.expiresAt} <= now())`;

/**
 * The summary feed's changes after `since` (> 0), as syncChanges pages them: a listing that is no
 * longer public, or deleted, or public but outside the scope (it may have left it) is a tombstone.
 * Which of them a device needs only in part is told by `summary_revision` (migration 0017): the
 * revision of the last change to a listing's summary but for its price and the sweep's flag.
 */
export async function summaryChanges(db: Db, since: number, limit: number, scope: MirrorScope): Promise<SummaryDelta> {
  const head = await currentRevision(db);
  const priceOnly = new Set<string>();
  const lapsed = new Set<string>();
  // A listing is paged at its last change to the summary but for the price when that is after `since`,
  // not at a later price change: a device whose position passes that change has the listing in full.
  const at = sql<number>`(case when ${vehicles.summaryRevision} > ${since} then ${vehicles.summaryRevision} else ${vehicles.revision} end)`.mapWith(Number);
  const changed = await db
    .select({ ...summaryColumns, revision: at, summaryRevision: vehicles.summaryRevision, isPublic: sql<boolean>`${publicSql}`, lapsed: lapsedSql })
    .from(vehicles)
    .where(and(gt(vehicles.revision, since), sql`(${publicSql} or ${vehicles.firstPublishedAt} is not null)`))
    .orderBy(asc(at))
    .limit(limit + 1);
  const gone = await db
    .select({ revision: vehicleTombstones.revision, vehicleId: vehicleTombstones.vehicleId })
    .from(vehicleTombstones)
    .where(gt(vehicleTombstones.revision, since))
    .orderBy(asc(vehicleTombstones.revision))
    .limit(limit + 1);
  const { page, revision, hasMore } = changePage(
    changed.map((c): Change<SummarySource> => {
      const source = toSummarySource(c);
      if (c.summaryRevision !== null && c.summaryRevision <= since) {
        if (c.isPublic) priceOnly.add(c.id);
        else if (c.lapsed) lapsed.add(c.id);
      }
      return c.isPublic && inScope(source, scope) ? { revision: c.revision, upsert: source } : { revision: c.revision, remove: c.id };
    }),
    gone,
    since,
    head,
    limit,
  );
  return {
    upserts: page.flatMap((e) => (e.upsert ? [e.upsert] : [])),
    tombstones: page.flatMap((e) => (e.remove ? [e.remove] : [])),
    revision,
    has_more: hasMore,
    priceOnly,
    lapsed,
  };
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
        select id, vehicle_type, make, model, variant, category, fuel_type, transmission, condition, drive_type,
          seller_id, seller_type, null as seller_name, null as seller_location, price, mileage, operating_hours, year, engine_size,
          engine_power_hp, duty_paid, papers_ready, verified_dealer, location, region, featured, seller_latitude, seller_longitude,
          to_json(created_at) #>> '{}' as created_at, to_json(expires_at) #>> '{}' as expires_at, jsonb_array_length(images) > 0 as has_photo
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

/** The highest revision handed out so far (0 on a new database). */
export async function currentRevision(db: Tx): Promise<number> {
  const res = await db.execute<{ r: string | number | null }>(sql`select greatest((select max(revision) from ${vehicles}), (select max(revision) from ${vehicleTombstones}), 0) as r`);
  return Number(rowsOf<{ r: string | number | null }>(res)[0]?.r ?? 0);
}

export async function countPublicVehicles(db: Db): Promise<number> {
  const [r] = await db.select({ n: count() }).from(vehicles).where(publicSql);
  return Number(r?.n ?? 0);
}

export async function countAllVehicles(db: Db): Promise<number> {
  const [r] = await db.select({ n: count() }).from(vehicles);
  return Number(r?.n ?? 0);
}

export async function vehicleStats(db: Db) {
  const [r] = await db
    .select({
      total: count(),
      featured: sql<number>`count(*) filter (where ${vehicles.featured})`,
      cars: sql<number>`count(*) filter (where ${vehicles.vehicleType} = 'car')`,
      construction: sql<number>`count(*) filter (where ${vehicles.vehicleType} = 'construction')`,
      farming: sql<number>`count(*) filter (where ${vehicles.vehicleType} = 'farming')`,
    })
    .from(vehicles);
  return {
    total_vehicles: Number(r?.total ?? 0),
    featured_vehicles: Number(r?.featured ?? 0),
    cars: Number(r?.cars ?? 0),
    construction: Number(r?.construction ?? 0),
    farming: Number(r?.farming ?? 0),
  };
}

export async function listSellerVehicles(db: Db, sellerId: string): Promise<VehicleRow[]> {
  return db.select(LISTING_COLUMNS).from(vehicles).where(eq(vehicles.sellerId, sellerId)).orderBy(desc(vehicles.createdAt), asc(vehicles.id));
}

export async function listAllVehicles(db: Db, limit: number, offset: number): Promise<{ rows: VehicleRow[]; total: number }> {
  const rows = await db.select(LISTING_COLUMNS).from(vehicles).orderBy(desc(vehicles.createdAt), asc(vehicles.id)).limit(limit).offset(offset);
  return { rows, total: await countAllVehicles(db) };
}

/** Other public listings of a seller, newest first. */
export async function otherPublicVehicles(db: Db, sellerId: string, exceptId: string, limit: number) {
  const rows = await db
    .select(LISTING_COLUMNS)
    .from(vehicles)
    .where(and(eq(vehicles.sellerId, sellerId), ne(vehicles.id, exceptId), publicSql))
    .orderBy(desc(vehicles.createdAt), asc(vehicles.id))
    .limit(limit);
  const [c] = await db
    .select({ n: count() })
    .from(vehicles)
    .where(and(eq(vehicles.sellerId, sellerId), publicSql));
  return { rows, total: Number(c?.n ?? 0) };
}

export async function incrementViews(db: Db, id: string): Promise<void> {
  await db
    .update(vehicles)
    .set({ views: sql`${vehicles.views} + 1` })
    .where(eq(vehicles.id, id));
}

export async function activeListings(db: Db, sellerId: string) {
  return db
    .select({ id: vehicles.id, expiresAt: vehicles.expiresAt })
    .from(vehicles)
    .where(and(eq(vehicles.sellerId, sellerId), publicSql, isNotNull(vehicles.expiresAt)));
}

/**
 * Records that `buyerId` asked for a listing's contact: once per buyer and listing, so asking again
 * (another device, a cleared browser) counts no second lead. The seller asking counts nothing.
 * True when this was the buyer's first ask (a new lead).
 */
export async function recordContactRequest(db: Db, vehicleId: string, buyerId: string): Promise<boolean> {
  const rows = await db.insert(contactRequests).values({ vehicleId, buyerId }).onConflictDoNothing().returning({ id: contactRequests.vehicleId });
  return rows.length > 0;
}

/** Contact requests (leads) per listing of a seller. */
export async function contactRequestCounts(db: Db, sellerId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: contactRequests.vehicleId, n: count() })
    .from(contactRequests)
    .innerJoin(vehicles, eq(vehicles.id, contactRequests.vehicleId))
    .where(eq(vehicles.sellerId, sellerId))
    .groupBy(contactRequests.vehicleId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

/** Marks a listing sold with a new revision, so the sync feeds send it as a tombstone; a sold one keeps its first date. */
export async function markSold(tx: Tx, id: string, at: Date, revision: number): Promise<VehicleRow> {
  return updateVehicle(tx, id, { soldAt: at }, revision);
}

/**
 * The columns an edit's new price sets, and the change it records (in the edit's transaction): a drop
 * becomes the listing's price drop, a rise clears it. Nothing when the price did not change.
 */
export async function recordPriceChange(tx: Tx, row: Pick<VehicleRow, 'id' | 'price'>, newPrice: number | null, at: Date): Promise<Partial<NewVehicle>> {
  if (newPrice === row.price) return {};
  await tx.insert(priceChanges).values({ vehicleId: row.id, oldPrice: row.price, newPrice, changedAt: at });
  const dropped = row.price !== null && newPrice !== null && newPrice < row.price;
  return dropped ? { priceDropAmount: row.price! - newPrice, priceDroppedAt: at } : { priceDropAmount: null, priceDroppedAt: null };
}

/** Counts one event of a listing on today's (UTC) row: a view, a contact request, a favourite or a share. */
export async function recordListingEvent(db: Tx, vehicleId: string, kind: ListingEventKind): Promise<void> {
  await db
    .insert(listingEvents)
    .values({ vehicleId, day: sql`(now() at time zone 'utc')::date`, kind, count: 1 })
    .onConflictDoUpdate({ target: [listingEvents.vehicleId, listingEvents.day, listingEvents.kind], set: { count: sql`${listingEvents.count} + 1` } });
}

/** Today's date in UTC as the database reads it (YYYY-MM-DD): the day listing events are counted on. */
export async function utcToday(db: Tx): Promise<string> {
  const res = await db.execute(sql`select to_char((now() at time zone 'utc')::date, 'YYYY-MM-DD') as d`);
  return rowsOf<{ d: string }>(res)[0]!.d;
}

/** A seller's listings' events per day over the last `days` days (today, UTC, included), oldest first. */
export async function sellerListingEvents(db: Db, sellerId: string, days: number): Promise<{ vehicleId: string; day: string; kind: ListingEventKind; count: number }[]> {
  const rows = await db
    .select({ vehicleId: listingEvents.vehicleId, day: sql<string>`to_char(${listingEvents.day}, 'YYYY-MM-DD')`, kind: listingEvents.kind, count: listingEvents.count })
    .from(listingEvents)
    .innerJoin(vehicles, eq(vehicles.id, listingEvents.vehicleId))
    .where(and(eq(vehicles.sellerId, sellerId), sql`${listingEvents.day} > (now() at time zone 'utc')::date - ${days}::int`))
    .orderBy(asc(listingEvents.day));
  return rows.map((r) => ({ ...r, kind: r.kind as ListingEventKind, count: Number(r.count) }));
}
