import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { listingReports, vehicles } from '../db/schema';
import type { ReportReason } from '@/domain/listing/reports';
import type { AdminReportGroup } from '@/domain/core/wire';

const open = isNull(listingReports.dismissedAt);

/** Files a report; false when this person already has an open report of the listing (the partial unique index). */
export async function insertReport(tx: Tx, r: { vehicleId: string; reporterId: string; reason: ReportReason; note: string | null }): Promise<boolean> {
  const rows = await tx.insert(listingReports).values(r).onConflictDoNothing().returning({ id: listingReports.id });
  return rows.length > 0;
}

/** How many different people have an open report of the listing (one open report per person). */
export async function openReporters(tx: Tx, vehicleId: string): Promise<number> {
  const [r] = await tx
    .select({ n: count() })
    .from(listingReports)
    .where(and(eq(listingReports.vehicleId, vehicleId), open));
  return Number(r?.n ?? 0);
}

/** Closes the listing's open reports; how many there were. */
export async function dismissReports(tx: Tx, vehicleId: string, at: Date): Promise<number> {
  const rows = await tx
    .update(listingReports)
    .set({ dismissedAt: at })
    .where(and(eq(listingReports.vehicleId, vehicleId), open))
    .returning({ id: listingReports.id });
  return rows.length;
}

/** Every open report, grouped by listing: the listings with the most reports first, then the most recently reported. */
export async function openReportGroups(db: Db): Promise<AdminReportGroup[]> {
  const rows = await db
    .select({
      vehicleId: listingReports.vehicleId,
      reason: listingReports.reason,
      note: listingReports.note,
      createdAt: listingReports.createdAt,
      year: vehicles.year,
      make: vehicles.make,
      model: vehicles.model,
      variant: vehicles.variant,
      sellerName: vehicles.sellerName,
      hiddenForReviewAt: vehicles.hiddenForReviewAt,
    })
    .from(listingReports)
    .innerJoin(vehicles, eq(vehicles.id, listingReports.vehicleId))
    .where(open)
    .orderBy(desc(listingReports.createdAt));
  const groups = new Map<string, AdminReportGroup>();
  for (const r of rows) {
    let g = groups.get(r.vehicleId);
    if (!g) {
      g = {
        vehicle_id: r.vehicleId,
        year: r.year,
        make: r.make,
        model: r.model,
        variant: r.variant,
        seller_name: r.sellerName,
        hidden_for_review: r.hiddenForReviewAt !== null,
        count: 0,
        reports: [],
      };
      groups.set(r.vehicleId, g);
    }
    g.count += 1;
    g.reports.push({ reason: r.reason as ReportReason, note: r.note, created_at: r.createdAt.toISOString() });
  }
  return [...groups.values()].sort((a, b) => b.count - a.count);
}
