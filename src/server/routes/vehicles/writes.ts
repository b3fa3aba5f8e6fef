import { z } from 'zod';
import { deletedSchema, listingAnswerSchema, ownVehicleSchema } from '@/domain/core/wire';
import { noContent } from '@/server/responses';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LISTING_MESSAGES } from '@/domain/core/messages';
import { isPublic } from '@/domain/listing/vehicle';
import { vehicleInputSchema } from '@/domain/listing/vehicleInput';
import { conflict, forbidden, notFound } from '@/server/errors';
import { isAdmin, requireUser } from '@/server/plugins/app/auth';
import { toApiVehicle, toOwnVehicle } from '@/server/repositories/vehicles/rows';
import { findVehicle } from '@/server/repositories/vehicles/reads';
import { markSold, deleteVehicles, withListingWrite } from '@/server/repositories/vehicles/writes';
import { recordListingEvent, countPublicVehicles } from '@/server/repositories/vehicles/statsAndEvents';
import { seedSampleData } from '@/server/seed/seed';
import { applyEdit, createListing, editColumns } from '@/server/listingWrites';
import { enqueueListingWebhook } from '@/server/webhooks/webhooks';
import { actingSeller, managesListingsOf } from '@/server/team';
import { idParams, type App } from './common';

// The listings' writes: a seller's create, edit, sold and delete, a buyer's share or tap, and the sample data.

const createQuery = z.object({ is_free_update: z.enum(['true', 'false']).optional() });
/** A create: the new listing with its contact (201), or the one a replayed create made (200). */
const createAnswers = { 200: listingAnswerSchema, 201: ownVehicleSchema };
/**
 * What a buyer did on a listing's page, counted for its seller's leads (views come with the page itself): a share, or a
 * tap on Call or WhatsApp (issue 38; the number itself is revealed once, these count each tap).
 */
const eventBody = z.object({ kind: z.enum(['share', 'call', 'whatsapp']) });
/** Taps counted per address and minute: enough for a person, too few to inflate a listing's leads. */
const TAPS_PER_MINUTE = 10;

/** Create: a draft until paid, or published at once on the free path. The seller comes from the token. */
export function createRoutes(app: App) {
  const create = async (req: FastifyRequest<{ Body: z.infer<typeof vehicleInputSchema>; Querystring: z.infer<typeof createQuery> }>, reply: FastifyReply) => {
    // A dealer's staff lists for the dealer.
    const { seller, actor } = await actingSeller(app.ctx.db, requireUser(req));
    const { row, replayed } = await createListing(app.ctx, seller, req.body, { free: req.query.is_free_update === 'true', actor });
    // A replay of a create made offline answers 200 with the listing as it is now.
    reply.code(replayed ? 200 : 201);
    return toOwnVehicle(row);
  };
  app.post(
    '/vehicles',
    {
      schema: { summary: 'Create a listing', body: vehicleInputSchema, querystring: createQuery, response: createAnswers, tags: ['vehicles'], security: [{ bearerAuth: [] }] },
      config: { apiKeys: true },
    },
    create,
  );
  app.post(
    '/cars',
    {
      schema: { summary: 'Create a car listing', body: vehicleInputSchema, querystring: createQuery, response: createAnswers, tags: ['vehicles'], security: [{ bearerAuth: [] }] },
      config: { apiKeys: true },
    },
    create,
  );
}

/** The listing a request names, when the signed-in user is its seller or an administrator. */
async function ownedVehicle(app: App, req: FastifyRequest<{ Params: { id: string } }>) {
  const user = requireUser(req);
  const row = await findVehicle(app.ctx.db, req.params.id);
  if (!row) throw notFound(LISTING_MESSAGES.notFound);
  // A dealer's software (an API key) is not told that another's listing exists.
  if (row.sellerId !== user.id && req.apiKey) throw notFound(LISTING_MESSAGES.notFound);
  if (!isAdmin(user) && !(await managesListingsOf(app.ctx.db, user, row.sellerId))) throw forbidden(LISTING_MESSAGES.notOwner);
  return { user, row };
}

/** Edit: the fields a PUT body names, by the listing's seller or an administrator. */
export function updateRoutes(app: App) {
  const updateSchema = vehicleInputSchema.omit({ id: true }).partial();
  /**
   * The fields a PUT body named, read before validation: the schema fills in defaults (a car, no photos)
   * and turns a missing text into null, so a field the edit did not send would otherwise be reset.
   */
  const sentFields = new WeakMap<FastifyRequest, Set<string>>();
  app.addHook('preValidation', async (req) => {
    if (req.method !== 'PUT') return;
    const body = req.body;
    sentFields.set(req, new Set(body && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body) : []));
  });
  const update = async (req: FastifyRequest<{ Params: { id: string }; Body: z.infer<typeof updateSchema> }>) => {
    const { user, row } = await ownedVehicle(app, req);
    const sent = sentFields.get(req) ?? new Set<string>();
    const input = Object.fromEntries(Object.entries(req.body).filter(([field]) => sent.has(field))) as z.infer<typeof updateSchema>;
    return toOwnVehicle(await applyEdit(app.ctx, row, await editColumns(app.ctx, user, row, input), user));
  };
  app.put(
    '/cars/:id',
    {
      schema: { summary: 'Edit a car listing', params: idParams, body: updateSchema, response: { 200: ownVehicleSchema }, tags: ['vehicles'], security: [{ bearerAuth: [] }] },
      config: { apiKeys: true },
    },
    update,
  );
  app.put(
    '/vehicles/:id',
    { schema: { summary: 'Edit a listing', params: idParams, body: updateSchema, response: { 200: ownVehicleSchema }, tags: ['vehicles'], security: [{ bearerAuth: [] }] }, config: { apiKeys: true } },
    update,
  );
}

/**
 * Mark as sold (issue 20): only the listing's seller (an administrator removes listings instead). The
 * listing leaves search and the devices' copies, stays in the seller's history as Sold, and its page
 * still answers, saying so. Marking a sold listing again changes nothing; a listing never published
 * (a draft waiting for payment) cannot be sold.
 */
export function soldRoutes(app: App) {
  const { db } = app.ctx;

  const sold = async (req: FastifyRequest<{ Params: { id: string } }>) => {
    const user = requireUser(req);
    const row = await findVehicle(db, req.params.id);
    if (!row) throw notFound(LISTING_MESSAGES.notFound);
    if (!(await managesListingsOf(db, user, row.sellerId))) throw forbidden(LISTING_MESSAGES.soldNotSeller);
    if (row.soldAt) return toOwnVehicle(row);
    if (!row.firstPublishedAt) throw conflict(LISTING_MESSAGES.soldUnpublished);
    let hooked = false;
    const updated = await withListingWrite(db, async (tx, next) => {
      const current = await findVehicle(tx, row.id);
      if (!current || current.soldAt) return current;
      const sold = await markSold(tx, row.id, app.ctx.now(), await next(), user.id);
      hooked = await enqueueListingWebhook(tx, row.id, 'listing.sold', app.ctx.now());
      return sold;
    });
    if (hooked) app.ctx.jobs.kick();
    if (!updated) throw notFound(LISTING_MESSAGES.notFound);
    return toOwnVehicle(updated);
  };
  app.post(
    '/vehicles/:id/sold',
    { schema: { summary: 'Mark a listing as sold', params: idParams, response: { 200: ownVehicleSchema }, tags: ['vehicles'], security: [{ bearerAuth: [] }] }, config: { apiKeys: true } },
    sold,
  );
  app.post(
    '/cars/:id/sold',
    { schema: { summary: 'Mark a car listing as sold', params: idParams, response: { 200: ownVehicleSchema }, tags: ['vehicles'], security: [{ bearerAuth: [] }] }, config: { apiKeys: true } },
    sold,
  );
}

/** A share of a public listing, counted on the day's leads of its seller; anyone may, a few a minute per address. */
export function shareRoute(app: App) {
  const { db } = app.ctx;

  app.post(
    '/vehicles/:id/events',
    {
      schema: { summary: 'Record a share of a listing or a tap on Call or WhatsApp', params: idParams, body: eventBody, response: { 204: noContent }, tags: ['vehicles'], security: [] },
      config: { rateLimit: { max: TAPS_PER_MINUTE, timeWindow: '1 minute' } },
    },
    async (req, reply) => {
      const row = await findVehicle(db, req.params.id);
      if (!row || !isPublic(toApiVehicle(row))) throw notFound(LISTING_MESSAGES.notFound);
      await recordListingEvent(db, row.id, req.body.kind);
      return reply.code(204).send();
    },
  );
}

/** Delete, by the listing's seller or an administrator: a listing once public leaves a tombstone. */
export function removeRoutes(app: App) {
  const { db } = app.ctx;

  const remove = async (req: FastifyRequest<{ Params: { id: string } }>) => {
    const { row } = await ownedVehicle(app, req);
    await withListingWrite(db, (tx, next) => deleteVehicles(tx, [row], next));
    return { message: 'Vehicle deleted successfully', id: row.id };
  };
  app.delete(
    '/cars/:id',
    { schema: { summary: 'Delete a car listing', params: idParams, response: { 200: deletedSchema }, tags: ['vehicles'], security: [{ bearerAuth: [] }] }, config: { apiKeys: true } },
    remove,
  );
  app.delete(
    '/vehicles/:id',
    { schema: { summary: 'Delete a listing', params: idParams, response: { 200: deletedSchema }, tags: ['vehicles'], security: [{ bearerAuth: [] }] }, config: { apiKeys: true } },
    remove,
  );
}

/** Seeds the sample listings when there are none (spec: startup calls it when no cars exist). */
export function sampleDataRoute(app: App) {
  const { db } = app.ctx;

  app.post(
    '/initialize-data',
    {
      schema: { summary: 'Seed the sample listings when there are none', response: { 200: z.object({ message: z.string(), created: z.number() }) }, tags: ['vehicles'], security: [] },
      config: { skipIdempotency: true },
    },
    async () => {
      if ((await countPublicVehicles(db)) > 0) return { message: 'Data already initialized', created: 0 };
      const created = await seedSampleData(db, app.log);
      return { message: created ? 'Sample data initialized' : 'Data already initialized', created };
    },
  );
}
