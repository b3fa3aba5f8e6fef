import { sql } from 'drizzle-orm';
import { RELIST_DAYS } from '@/domain/payments/boosts';
import { listingRevision, vehicles } from '../db/schema';
import { rowsOf, type Db, type Tx } from '../db/client';
import { withListingWrite } from '../repositories/vehicles/writes';

/** An Ultimate listing is relisted this long before its period ends, so the expiry sweep never finds it due. */
const RELIST_AHEAD = '1 hour';

const nextRevision = sql.raw(`nextval('${listingRevision.seqName}')`);

/** Boosts whose 24 hours are over (found by vehicles_boosted_until_idx). */
const boostEnded = sql`boosted_until is not null and boosted_until <= now()`;
/** Ultimate listings still for sale near the end of their 4 weeks (found by vehicles_ultimate_expiry_idx). */
const relistDue = sql`advertising_plan = 'ultimate' and expires_at <= now() + ${RELIST_AHEAD}::interval
  and is_published and sold_at is null and hidden_for_review_at is null`;

function affected(res: unknown): number {
  const r = res as { affectedRows?: number; rowCount?: number };
  return Number(r.affectedRows ?? r.rowCount ?? 0);
}

/**
 * The advertising plans' upkeep (issue 38), a recurring job: boosts whose 24 hours are over are
 * cleared (the listing goes back to its place in newest-first order), and unsold Ultimate listings
 * near the end of their 4 weeks are relisted: newest again (created_at) and live for another 4
 * weeks. Each changed listing gets a revision of its own, so devices and the search index follow.
 * Safe to run again: it changes only what is still due, and takes the listing-write lock only then.
 */
export async function sweepAdvertising(db: Db): Promise<{ boostsEnded: number; relisted: number }> {
  const [due] = rowsOf<{ ended: boolean; relist: boolean }>(
    await db.execute(sql`select exists(select 1 from ${vehicles} where ${boostEnded}) as ended, exists(select 1 from ${vehicles} where ${relistDue}) as relist`),
  );
  if (!due?.ended && !due?.relist) return { boostsEnded: 0, relisted: 0 };
  return withListingWrite(db, async (tx) => ({ boostsEnded: await endBoosts(tx), relisted: await relistUltimate(tx) }));
}

async function endBoosts(tx: Tx): Promise<number> {
  return affected(await tx.execute(sql`update ${vehicles} set boosted_until = null, revision = ${nextRevision} where ${boostEnded}`));
}

async function relistUltimate(tx: Tx): Promise<number> {
  return affected(
    await tx.execute(sql`update ${vehicles}
      set created_at = now(), expires_at = now() + ${`${RELIST_DAYS} days`}::interval, is_expired = false, updated_at = now(), revision = ${nextRevision}
      where ${relistDue}`),
  );
}
