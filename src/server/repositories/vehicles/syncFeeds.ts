import { and, asc, Column, desc, eq, gt, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { vehicles, vehicleTombstones } from '@/server/db/schema';
import type { SellerType, VehicleType } from '@/domain/core/constants';
import { inScope, type MirrorScope } from '@/domain/search/scope';
import type { SummarySource } from '@/domain/search/summary';
import { attributesOf, type AttributeField } from '@/domain/search/fields';
import { attributeColumns } from '@/server/search/sqlFilters';
import { publicSql, type VehicleRow } from './rows';
import { listingJsonSql } from './listingJson';
import { currentRevision } from './writes';

// The sync feeds devices keep their copies with: the full listings' changes since a revision, and the
// summaries' first download (snapshot pages) and changes since a revision.

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
  // Each attribute filter's column (search/fields.ts), by the field's name.
  ...attributeColumns,
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
  phoneVerified: vehicles.phoneVerified,
  location: vehicles.location,
  region: vehicles.region,
  featured: vehicles.featured,
  sellerLatitude: vehicles.sellerLatitude,
  sellerLongitude: vehicles.sellerLongitude,
  createdAt: vehicles.createdAt,
  expiresAt: vehicles.expiresAt,
  boostedUntil: vehicles.boostedUntil,
  firstImage: sql<string | null>`${vehicles.images} ->> 0`,
};

type SummaryRow = Pick<VehicleRow, Exclude<keyof typeof summaryColumns, 'firstImage' | AttributeField>> & Record<AttributeField, string | null> & { firstImage: string | null };
/**
 * The table's columns a summary reads: the trigger of migrations 0017 and 0018 must compare every one of them but the
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
    ...attributesOf(r),
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
    phone_verified: r.phoneVerified,
    location: r.location,
    region: r.region,
    featured: r.featured,
    seller_latitude: r.sellerLatitude,
    seller_longitude: r.sellerLongitude,
    created_at: r.createdAt.toISOString(),
    expires_at: r.expiresAt ? r.expiresAt.toISOString() : null,
    boosted_until: r.boostedUntil ? r.boostedUntil.toISOString() : null,
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
