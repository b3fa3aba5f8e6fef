import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminStatsSchema, adminUserSchema, deletedSchema, messageSchema, ownVehicleSchema, zigRateSchema } from '@/domain/core/wire';
import { zigRateIssue } from '@/domain/payments/zig';
import { writeZigRate } from '../repositories/zigRate.repo';
import { ADMIN_MESSAGES, LISTING_MESSAGES } from '@/domain/core/messages';
import { RESET_DATABASE_PHRASE } from '@/domain/core/constants';
import { vehicleDetails } from '@/domain/account/admin';
import { badRequest, forbidden, notFound, unprocessable } from '../errors';
import { requireAdmin } from '../plugins/app/auth';
import { countUsersByType, deleteNonAdminUsers, deleteUser, findUserById, listUsersWithCounts } from '../repositories/users.repo';
import { toOwnVehicle } from '../repositories/vehicles/rows';
import { findVehicle, listAllVehicles } from '../repositories/vehicles/reads';
import { deleteVehicles, vehicleKeys, withListingWrite } from '../repositories/vehicles/writes';
import { vehicleStats } from '../repositories/vehicles/statsAndEvents';
import { deleteAllPayments } from '../repositories/payments.repo';
import { deleteAllPasswordResets } from '../repositories/passwordResets.repo';
import { deleteIdempotencyKeysExcept } from '../repositories/idempotency.repo';
import { endPlanOfDeletedAccount } from '../dealerPlan/subscribe';

const idParams = z.object({ id: z.uuid() });
const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(500),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  app.addHook('preHandler', async (req) => {
    requireAdmin(req);
  });

  app.get('/admin/stats', { schema: { summary: 'Get site-wide user and listing counts', response: { 200: adminStatsSchema }, tags: ['admin'], security: [{ bearerAuth: [] }] } }, async () => {
    const byType = await countUsersByType(db);
    return {
      total_users: Object.values(byType).reduce((a, b) => a + b, 0),
      dealers: byType.dealer ?? 0,
      private_sellers: byType.private ?? 0,
      admins: byType.admin ?? 0,
      ...(await vehicleStats(db)),
    };
  });

  app.get('/admin/users', { schema: { summary: 'List all users with their listing counts', response: { 200: z.array(adminUserSchema) }, tags: ['admin'], security: [{ bearerAuth: [] }] } }, async () =>
    listUsersWithCounts(db),
  );

  app.get(
    '/admin/vehicles',
    { schema: { summary: 'List all listings, a page at a time', querystring: pageQuery, response: { 200: z.array(ownVehicleSchema) }, tags: ['admin'], security: [{ bearerAuth: [] }] } },
    async (req, reply) => {
      const { rows, total } = await listAllVehicles(db, req.query.limit, req.query.offset);
      reply.header('x-total-count', String(total));
      return rows.map((r) => toOwnVehicle(r));
    },
  );

  app.delete('/admin/vehicle/:id', { schema: { summary: 'Delete a listing', params: idParams, response: { 200: deletedSchema }, tags: ['admin'], security: [{ bearerAuth: [] }] } }, async (req) => {
    const row = await findVehicle(db, req.params.id);
    if (!row) throw notFound(LISTING_MESSAGES.notFound);
    await withListingWrite(db, (tx, next) => deleteVehicles(tx, [row], next));
    return { message: ADMIN_MESSAGES.vehicleDeleted(vehicleDetails(row)), id: row.id };
  });

  app.delete(
    '/admin/user/:id',
    { schema: { summary: 'Delete a user and their listings', params: idParams, response: { 200: messageSchema }, tags: ['admin'], security: [{ bearerAuth: [] }] } },
    async (req) => {
      const user = await findUserById(db, req.params.id);
      if (!user) throw notFound('User not found');
      if (user.userType === 'admin') throw forbidden(ADMIN_MESSAGES.cannotDeleteAdmin);
      // A dealer's card plan stops renewing first; its invoices stay, detached (plan_invoices.user_id).
      await endPlanOfDeletedAccount(app.ctx, user.id);
      await withListingWrite(db, async (tx, next) => {
        await deleteVehicles(tx, await vehicleKeys(tx, user.id), next);
        await deleteUser(tx, user.id);
      });
      return { message: ADMIN_MESSAGES.userDeleted };
    },
  );

  /**
   * Deletes every listing, payment and non-admin account; administrators and the catalogue stay.
   * A call with no payload (body null) is refused like a wrong phrase.
   */
  app.put(
    '/admin/zig-rate',
    {
      schema: {
        summary: 'Set the ZiG rate buyers may see prices in',
        description: 'ZiG for one US dollar (issue 39). Prices stay in US dollars; buyers who choose ZiG see each price also in ZiG at this rate, marked "about".',
        body: z.object({ rate: z.number() }),
        response: { 200: zigRateSchema },
        tags: ['admin'],
        security: [{ bearerAuth: [] }],
      },
    },
    async (req) => {
      const issue = zigRateIssue(req.body.rate);
      if (issue) throw unprocessable(issue);
      const rate = { rate: req.body.rate, set_at: app.ctx.now().toISOString() };
      await writeZigRate(db, rate);
      return rate;
    },
  );

  app.post(
    '/admin/reset-database',
    {
      schema: {
        summary: 'Delete all listings, payments and non-admin accounts',
        body: z.object({ confirm: z.string().optional() }).nullish(),
        response: { 200: messageSchema },
        tags: ['admin'],
        security: [{ bearerAuth: [] }],
      },
    },
    async (req) => {
      if (req.body?.confirm !== RESET_DATABASE_PHRASE) throw badRequest(ADMIN_MESSAGES.resetPhraseRequired);
      await withListingWrite(db, async (tx, next) => {
        await deleteVehicles(tx, await vehicleKeys(tx), next);
        await deleteAllPayments(tx);
        await deleteAllPasswordResets(tx);
        await deleteIdempotencyKeysExcept(tx, `user:${req.currentUser!.id}`);
        await deleteNonAdminUsers(tx);
      });
      return { message: ADMIN_MESSAGES.resetDone };
    },
  );
};
