import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listingStatus } from '@/domain/listing/vehicle';
import { stockInputSchema, stockItemSchema, stockNumberSchema, stockPageSchema, stockQuerySchema } from '@/domain/account/stockApiWire';
import { upsertStock } from '@/server/listingWrites';
import { toOwnVehicle, type VehicleRow } from '@/server/repositories/vehicles/rows';
import { stockPage, type StockStatus } from '@/server/repositories/vehicles/stock';
import { requireStock } from './dealer';

const STATUS: Record<ReturnType<typeof listingStatus>, StockStatus> = { Sold: 'sold', Expired: 'expired', Active: 'live', Pending: 'draft' };
const security = [{ bearerAuth: [] }];
const stockParams = z.object({ stock_number: stockNumberSchema });
const putQuery = z.object({ is_free_update: z.enum(['true', 'false']).optional() });

function toStockItem(row: VehicleRow): z.infer<typeof stockItemSchema> {
  const own = toOwnVehicle(row);
  return { ...own, stock_number: row.stockNumber, status: STATUS[listingStatus(own)] };
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
      const { row, outcome } = await upsertStock(app.ctx, dealer, actor, req.params.stock_number, { full: req.body, given: req.body }, { free: req.query.is_free_update === 'true' });
      if (outcome === 'created') reply.code(201);
      return toStockItem(row);
    },
  );
};
