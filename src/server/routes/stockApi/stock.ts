import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listingStatus } from '@/domain/listing/vehicle';
import { STOCK_API_MESSAGES } from '@/domain/account/stockApi';
import { stockInputSchema, stockItemSchema, stockNumberSchema, stockPageSchema, stockQuerySchema } from '@/domain/account/stockApiWire';
import { conflict } from '@/server/errors';
import { applyEdit, createListing, editColumns } from '@/server/listingWrites';
import { toOwnVehicle, type NewVehicle, type VehicleRow } from '@/server/repositories/vehicles/rows';
import { findByStockNumber, stockPage, type StockStatus } from '@/server/repositories/vehicles/stock';
import { requireStock } from './dealer';

const STATUS: Record<ReturnType<typeof listingStatus>, StockStatus> = { Sold: 'sold', Expired: 'expired', Active: 'live', Pending: 'draft' };
const security = [{ bearerAuth: [] }];
const stockParams = z.object({ stock_number: stockNumberSchema });
const putQuery = z.object({ is_free_update: z.enum(['true', 'false']).optional() });

function toStockItem(row: VehicleRow): z.infer<typeof stockItemSchema> {
  const own = toOwnVehicle(row);
  return { ...own, stock_number: row.stockNumber, status: STATUS[listingStatus(own)] };
}

/** The columns of an edit that differ from the row: none when the same vehicle is sent again. */
function changedColumns(row: VehicleRow, patch: Partial<NewVehicle>): Partial<NewVehicle> {
  const changed = Object.entries(patch).filter(([column, value]) => JSON.stringify(value ?? null) !== JSON.stringify((row as Record<string, unknown>)[column] ?? null));
  return Object.fromEntries(changed) as Partial<NewVehicle>;
}

/** A unique index refused the insert (PostgreSQL's 23505), as drizzle and the drivers pass it on. */
function isUniqueViolation(e: unknown): boolean {
  for (let err = e as { code?: unknown; cause?: unknown } | undefined; err; err = err.cause as typeof err) if (err.code === '23505') return true;
  return false;
}

/**
 * A dealer's stock by their own stock numbers (issue 38), for a dealer management system: read a page
 * at a time, and create or update one vehicle by its stock number. A PUT is idempotent: the same
 * vehicle sent again changes nothing (no new revision, no price history); a changed price is recorded
 * and tells the buyers who saved it, as an edit in the app does. A new vehicle is a draft until its
 * fee is paid, or published at once on the free path (`is_free_update=true`), as a create is.
 */
export const stockRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.get(
    '/dealer/stock',
    { schema: { summary: "List the dealer's stock", querystring: stockQuerySchema, response: { 200: stockPageSchema }, tags: ['stock'], security }, config: { apiKeys: true } },
    async (req) => {
      const { dealer } = await requireStock(req);
      const rows = await stockPage(db, dealer.id, req.query);
      const page = rows.slice(0, req.query.limit);
      return { items: page.map(toStockItem), next: rows.length > req.query.limit ? page.at(-1)!.id : null };
    },
  );

  app.put(
    '/dealer/stock/:stock_number',
    {
      schema: {
        summary: 'Create or update a vehicle by stock number',
        params: stockParams,
        querystring: putQuery,
        body: stockInputSchema,
        response: { 200: stockItemSchema, 201: stockItemSchema },
        tags: ['stock'],
        security,
      },
      config: { apiKeys: true },
    },
    async (req, reply) => {
      const { dealer, actor } = await requireStock(req);
      const stockNumber = req.params.stock_number;
      for (let attempt = 0; ; attempt++) {
        const existing = await findByStockNumber(db, dealer.id, stockNumber);
        if (existing) {
          const changed = changedColumns(existing, await editColumns(app.ctx, actor, existing, req.body));
          const row = Object.keys(changed).length ? await applyEdit(app.ctx, existing, changed, actor) : existing;
          return toStockItem(row);
        }
        try {
          const { row } = await createListing(app.ctx, dealer, req.body, { free: req.query.is_free_update === 'true', stockNumber, actor });
          reply.code(201);
          return toStockItem(row);
        } catch (e) {
          // Another request made this stock number meanwhile: this one is then its update.
          if (!isUniqueViolation(e)) throw e;
          if (attempt > 0) throw conflict(STOCK_API_MESSAGES.stockNumberTaken);
        }
      }
    },
  );
};
