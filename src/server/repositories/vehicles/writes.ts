import { eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '@/server/db/client';
import { listingRevision, priceChanges, vehicles, vehicleTombstones } from '@/server/db/schema';
import { recordLoosePhotos } from '../uploads.repo';
import { LISTING_COLUMNS, type NewVehicle, type VehicleRow } from './rows';

// Listing writes: the transaction that hands out revisions in order, and every change a write makes
// (create, edit, price change, sold, verified badge, delete, expiry sweep).

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

/**
 * Marks every listing of a seller as having a verified phone or not (issue 37), as setSellerVerified
 * does for the dealer's badge. (A changed phone takes the badge away in the database itself: migration 0020.)
 */
export async function setSellerPhoneVerified(tx: Tx, sellerId: string, verified: boolean): Promise<void> {
  await tx.execute(sql`update ${vehicles} set phone_verified = ${verified}, revision = nextval(${sql.raw(`'${listingRevision.seqName}'`)})
    where seller_id = ${sellerId} and phone_verified <> ${verified}`);
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

/** Marks a listing sold with a new revision, so the sync feeds send it as a tombstone; a sold one keeps its first date. */
export async function markSold(tx: Tx, id: string, at: Date, revision: number, by: string): Promise<VehicleRow> {
  return updateVehicle(tx, id, { soldAt: at, updatedBy: by }, revision);
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

/** The highest revision handed out so far (0 on a new database). */
export async function currentRevision(db: Tx): Promise<number> {
  const res = await db.execute<{ r: string | number | null }>(sql`select greatest((select max(revision) from ${vehicles}), (select max(revision) from ${vehicleTombstones}), 0) as r`);
  return Number(rowsOf<{ r: string | number | null }>(res)[0]?.r ?? 0);
}
