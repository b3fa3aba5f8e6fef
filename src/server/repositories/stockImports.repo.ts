import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '@/server/db/client';
import { listingPhotoSources, stockImports, vehicles } from '@/server/db/schema';
import type { ImportMapping, ImportState, ImportSummary, StockImport } from '@/domain/listing/stockImport';
import { LISTING_COLUMNS, type VehicleRow } from './vehicles/rows';

// A dealer's stock files (issue 38) and the photo addresses their listings were fetched from.

export type StockImportRow = typeof stockImports.$inferSelect;

const SAMPLE_ROWS = 5;

export function toStockImport(r: StockImportRow): StockImport {
  return {
    id: r.id,
    file_name: r.fileName,
    columns: r.columns,
    row_count: r.rows.length,
    sample: r.rows.slice(0, SAMPLE_ROWS),
    mapping: r.mapping as ImportMapping,
    mark_missing_sold: r.markMissingSold,
    state: r.state as ImportState,
    done: r.done,
    summary: r.summary as ImportSummary | null,
  };
}

export async function insertStockImport(db: Db, v: Pick<StockImportRow, 'dealerId' | 'fileName' | 'columns' | 'rows' | 'mapping'>): Promise<StockImportRow> {
  const [row] = await db.insert(stockImports).values(v).returning();
  return row!;
}

export async function findStockImport(db: Db, dealerId: string, id: string): Promise<StockImportRow | null> {
  const [row] = await db
    .select()
    .from(stockImports)
    .where(and(eq(stockImports.id, id), eq(stockImports.dealerId, dealerId)))
    .limit(1);
  return row ?? null;
}

export async function findStockImportById(db: Db, id: string): Promise<StockImportRow | null> {
  const [row] = await db.select().from(stockImports).where(eq(stockImports.id, id)).limit(1);
  return row ?? null;
}

/** The mapping of the dealer's last checked file, to suggest for the next. */
export async function lastMapping(db: Db, dealerId: string): Promise<ImportMapping> {
  const [row] = await db
    .select({ mapping: stockImports.mapping })
    .from(stockImports)
    .where(and(eq(stockImports.dealerId, dealerId), sql`${stockImports.mapping} <> '{}'::jsonb`))
    .orderBy(desc(stockImports.updatedAt))
    .limit(1);
  return (row?.mapping ?? {}) as ImportMapping;
}

export async function updateStockImport(
  db: Tx,
  id: string,
  patch: Partial<{ mapping: ImportMapping; markMissingSold: boolean; state: ImportState; done: number; summary: ImportSummary | null }>,
  onlyIn?: ImportState,
): Promise<StockImportRow | null> {
  const [row] = await db
    .update(stockImports)
    .set({ ...patch, updatedAt: new Date() } as Partial<StockImportRow>)
    .where(and(eq(stockImports.id, id), onlyIn ? eq(stockImports.state, onlyIn) : undefined))
    .returning();
  return row ?? null;
}

/** A dealer's listings that have a stock number, by it. */
export async function dealerStockByNumber(db: Db, dealerId: string): Promise<Map<string, VehicleRow>> {
  const rows = await db
    .select(LISTING_COLUMNS)
    .from(vehicles)
    .where(and(eq(vehicles.sellerId, dealerId), isNotNull(vehicles.stockNumber)));
  return new Map(rows.map((r) => [r.stockNumber!, r]));
}

export async function photoSources(db: Db, vehicleIds: string[]): Promise<Map<string, string[]>> {
  if (!vehicleIds.length) return new Map();
  const rows = await db.select().from(listingPhotoSources).where(inArray(listingPhotoSources.vehicleId, vehicleIds));
  return new Map(rows.map((r) => [r.vehicleId, r.urls]));
}

export async function savePhotoSources(db: Db, vehicleId: string, urls: string[]): Promise<void> {
  await db
    .insert(listingPhotoSources)
    .values({ vehicleId, urls })
    .onConflictDoUpdate({ target: listingPhotoSources.vehicleId, set: { urls, fetchedAt: new Date() } });
}
