import { z } from 'zod';
import { boostsLeft, harareMonthStart } from '@/domain/payments/boosts';
import { boostCountsSince } from '../repositories/boosts.repo';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eligibilitySchema, historyEntrySchema, leadsAnswerSchema, userSchema } from '@/domain/core/wire';
import { LEADS_DAYS, leadsOf } from '@/domain/listing/leads';
import type { FastifyRequest } from 'fastify';
import { daysLeft, listingStatus } from '@/domain/listing/vehicle';
import { forbidden, notFound } from '../errors';
import { freeListingEligibility } from '../listings';
import { isAdmin, requireUser } from '../plugins/app/auth';
import { findUserById, toApiUser, userNames } from '../repositories/users.repo';
import { actingSeller, managesListingsOf } from '../team';
import { utcToday } from '../db/clock';
import { toOwnVehicle } from '../repositories/vehicles/rows';
import { listSellerVehicles } from '../repositories/vehicles/reads';
import { contactRequestCounts, sellerListingEvents } from '../repositories/vehicles/statsAndEvents';

const idParams = z.object({ id: z.uuid() });

/** A user's own account, listing history and free-listing eligibility: for that user or an administrator. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  const selfOrAdmin = (req: FastifyRequest, userId: string) => {
    const user = requireUser(req);
    if (user.id !== userId && !isAdmin(user)) throw forbidden('You can only see your own listings');
  };

  app.get(
    '/users/:id/listing-eligibility',
    { schema: { summary: "Get a user's free-listing eligibility", params: idParams, response: { 200: eligibilitySchema }, tags: ['users'], security: [{ bearerAuth: [] }] } },
    async (req) => {
      selfOrAdmin(req, req.params.id);
      return freeListingEligibility(db, req.params.id);
    },
  );

  app.get(
    '/users/:id/listing-history',
    { schema: { summary: "List a user's listing history", params: idParams, response: { 200: z.array(historyEntrySchema) }, tags: ['users'], security: [{ bearerAuth: [] }] } },
    async (req) => {
      // A dealer's staff read the dealer's listings too (issue 38).
      const user = requireUser(req);
      if (!isAdmin(user) && !(await managesListingsOf(db, user, req.params.id))) throw forbidden('You can only see your own listings');
      const now = app.ctx.now();
      const [rows, leads] = await Promise.all([listSellerVehicles(db, req.params.id), contactRequestCounts(db, req.params.id)]);
      const boosts = await boostCountsSince(
        db,
        rows.filter((r) => r.advertisingPlan).map((r) => r.id),
        harareMonthStart(now),
      );
      const names = await userNames(db, [...new Set(rows.flatMap((r) => [r.createdBy, r.updatedBy]).filter((id): id is string => id !== null))]);
      const nameOf = (id: string | null) => (id === null ? null : (names.get(id) ?? null));
      // The price verdict of each public listing (the performance screen's), from the search index as a listing's page has it.
      const verdicts = await Promise.all(rows.map((r) => app.ctx.publicIndex.priceVerdict(r.id)));
      return rows.map((r, i) => {
        const v = toOwnVehicle(r);
        const verdict = verdicts[i];
        return {
          ...v,
          ...(verdict === undefined ? {} : { price_verdict: verdict }),
          first_published_at: r.firstPublishedAt ? r.firstPublishedAt.toISOString() : null,
          stock_number: r.stockNumber,
          status: listingStatus(v, now),
          days_left: daysLeft(v.expires_at, now),
          contact_requests: leads.get(r.id) ?? 0,
          boosts_left: boostsLeft(v.advertising_plan ?? null, boosts.get(r.id) ?? 0),
          created_by: nameOf(r.createdBy),
          updated_by: nameOf(r.updatedBy),
        };
      });
    },
  );

  /**
   * The signed-in seller's leads per listing and day (issue 20), a dealer's for its staff (issue 38); the dashboard keeps
   * the last answer for offline visits.
   */
  app.get(
    '/me/leads',
    { schema: { summary: "Get the signed-in seller's leads per listing and day", response: { 200: leadsAnswerSchema }, tags: ['users'], security: [{ bearerAuth: [] }] } },
    async (req, reply) => {
      const { seller } = await actingSeller(db, requireUser(req));
      const [rows, events, today] = await Promise.all([listSellerVehicles(db, seller.id), sellerListingEvents(db, seller.id, LEADS_DAYS), utcToday(db)]);
      reply.header('cache-control', 'private, no-store');
      return {
        today,
        days: LEADS_DAYS,
        listings: leadsOf(
          rows.map((r) => r.id),
          events,
          today,
          LEADS_DAYS,
        ),
      };
    },
  );

  app.get('/users/:id', { schema: { summary: 'Get a user account', params: idParams, response: { 200: userSchema }, tags: ['users'], security: [{ bearerAuth: [] }] } }, async (req) => {
    selfOrAdmin(req, req.params.id);
    const u = await findUserById(db, req.params.id);
    if (!u) throw notFound();
    return toApiUser(u);
  });
};
