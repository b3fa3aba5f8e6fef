import { z } from 'zod';
import { deletedSchema, listingAnswerSchema, ownVehicleSchema } from '@/domain/core/wire';
import { noContent } from '@/server/responses';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PLACEHOLDER_IMAGE } from '@/domain/core/constants';
import { LISTING_MESSAGES } from '@/domain/core/messages';
import { isPublic } from '@/domain/listing/vehicle';
import { vehicleInputSchema } from '@/domain/listing/vehicleInput';
import { conflict, forbidden, notFound } from '@/server/errors';
import { enqueueFavouritePriceDrop, enqueueListingPublished } from '@/server/jobs/backgroundJobs';
import { isAdmin, requireUser } from '@/server/plugins/app/auth';
import type { Tx } from '@/server/db/client';
import { toApiVehicle, toOwnVehicle, type VehicleRow } from '@/server/repositories/vehicles/rows';
import { findVehicle, hasTombstone } from '@/server/repositories/vehicles/reads';
import { insertVehicle, recordPriceChange, markSold, updateVehicle, deleteVehicles, withListingWrite } from '@/server/repositories/vehicles/writes';
import { recordListingEvent, countPublicVehicles } from '@/server/repositories/vehicles/statsAndEvents';
import { findUserById } from '@/server/repositories/users.repo';
import { recordLoosePhotos } from '@/server/repositories/uploads.repo';
import { freeListingEligibility, inputToColumns, publishColumns, resolveCoordinates, resolveImages, resolveLocation, resolvePlan, sellerFields } from '@/server/listings';
import { seedSampleData } from '@/server/seed/seed';
import { idParams, type App } from './common';

// The listings' writes: a seller's create, edit, sold and delete, a buyer's share, and the sample data.

const createQuery = z.object({ is_free_update: z.enum(['true', 'false']).optional() });
/** A create: the new listing with its contact (201), or the one a replayed create made (200). */
const createAnswers = { 200: listingAnswerSchema, 201: ownVehicleSchema };
/** A share a buyer made of a listing's page, counted for its seller's leads (views come with the page itself). */
const eventBody = z.object({ kind: z.enum(['share']) });
/** Shares counted per address and minute: enough for a person, too few to inflate a listing's leads. */
const SHARES_PER_MINUTE = 10;

/** Create: a draft until paid, or published at once on the free path. The seller comes from the token. */
export function createRoutes(app: App) {
  const { db, media, config } = app.ctx;

  const create = async (req: FastifyRequest<{ Body: z.infer<typeof vehicleInputSchema>; Querystring: z.infer<typeof createQuery> }>, reply: FastifyReply) => {
    const user = requireUser(req);
    const input = req.body;
    if (input.featured && !isAdmin(user)) throw forbidden(LISTING_MESSAGES.featureAdminOnly);
    /**
     * A replay of a listing made offline: the same seller gets the listing back, nothing new is made.
     * Asked again inside the write's transaction (which holds the listing-write lock), so of racing
     * creates with one id exactly one inserts and the others are answered from its row.
     */
    const replayOf = async (tx: Tx, id: string) => {
      const existing = await findVehicle(tx, id);
      if (existing) {
        if (existing.sellerId !== user.id) throw conflict(LISTING_MESSAGES.idTaken);
        return existing;
      }
      if (await hasTombstone(tx, id)) throw conflict(LISTING_MESSAGES.idDeleted);
      return null;
    };
    if (input.id) {
      const existing = await replayOf(db, input.id);
      if (existing) {
        reply.code(200);
        return toOwnVehicle(existing);
      }
    }
    const plan = resolvePlan(user, input.subscription_plan);
    const free = req.query.is_free_update === 'true';
    const eligibility = free ? await freeListingEligibility(db, user.id) : null;
    if (free && !eligibility?.eligible_for_free_listing) throw forbidden(LISTING_MESSAGES.notEligibleFree);
    const images = await resolveImages(input.images, { media, db, publicUrl: config.publicUrl, now: app.ctx.now() });
    const location = resolveLocation(input, user);
    const coords = resolveCoordinates({ location, seller_latitude: input.seller_latitude, seller_longitude: input.seller_longitude }, user);
    const now = app.ctx.now();
    const raced = { replayed: false };
    const row = await withListingWrite(db, async (tx, nextRevision) => {
      const replayed = input.id ? await replayOf(tx, input.id) : null;
      if (replayed) {
        raced.replayed = true;
        return replayed;
      }
      const base = {
        ...(inputToColumns(input) as Required<Pick<VehicleRow, 'make' | 'model' | 'year' | 'vehicleType'>>),
        ...(input.id && { id: input.id }),
        ...sellerFields(user),
        images: images.length ? images : [PLACEHOLDER_IMAGE],
        location,
        sellerLatitude: coords?.latitude ?? null,
        sellerLongitude: coords?.longitude ?? null,
        subscriptionPlan: plan,
        featured: input.featured && isAdmin(user),
        createdAt: now,
        updatedAt: now,
      };
      const published = free ? { ...publishColumns({ firstPublishedAt: null, featured: base.featured }, plan, now), isFreeUpdate: true, expiresAt: new Date(eligibility!.expires_at!) } : {};
      const inserted = await insertVehicle(tx, { ...base, ...published }, await nextRevision());
      // A free listing is public at once: buyers whose saved searches it matches hear of it, through a
      // job committed with the listing.
      if (free) await enqueueListingPublished(tx, inserted.id, { paid: false });
      return inserted;
    });
    if (raced.replayed) {
      reply.code(200);
      return toApiVehicle(row);
    }
    if (free) app.ctx.jobs.kick();
    reply.code(201);
    return toOwnVehicle(row);
  };
  app.post(
    '/vehicles',
    { schema: { summary: 'Create a listing', body: vehicleInputSchema, querystring: createQuery, response: createAnswers, tags: ['vehicles'], security: [{ bearerAuth: [] }] } },
    create,
  );
  app.post(
    '/cars',
    { schema: { summary: 'Create a car listing', body: vehicleInputSchema, querystring: createQuery, response: createAnswers, tags: ['vehicles'], security: [{ bearerAuth: [] }] } },
    create,
  );
}

/** The listing a request names, when the signed-in user is its seller or an administrator. */
async function ownedVehicle(app: App, req: FastifyRequest<{ Params: { id: string } }>) {
  const user = requireUser(req);
  const row = await findVehicle(app.ctx.db, req.params.id);
  if (!row) throw notFound(LISTING_MESSAGES.notFound);
  if (row.sellerId !== user.id && !isAdmin(user)) throw forbidden(LISTING_MESSAGES.notOwner);
  return { user, row };
}

/** Edit: the fields a PUT body names, by the listing's seller or an administrator. */
export function updateRoutes(app: App) {
  const { db, media, config } = app.ctx;

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
    // Only asking to feature is refused: the edit form sends featured: false, which a non-admin cannot change anyway.
    if (input.featured === true && !row.featured && !isAdmin(user)) throw forbidden(LISTING_MESSAGES.featureAdminOnly);
    const patch = inputToColumns(input);
    if (input.images !== undefined) {
      const images = await resolveImages(input.images, { media, db, publicUrl: config.publicUrl, now: app.ctx.now() }, row.images);
      patch.images = images.length ? images : [PLACEHOLDER_IMAGE];
    }
    if (input.subscription_plan !== undefined && !row.isPublished) patch.subscriptionPlan = resolvePlan(user, input.subscription_plan);
    if (input.featured !== undefined && isAdmin(user)) patch.featured = input.featured;
    if (input.location !== undefined || input.region !== undefined) {
      const seller = (await findUserById(db, row.sellerId)) ?? user;
      patch.location = resolveLocation({ location: input.location ?? null, region: input.region ?? row.region, seller_location: null }, seller);
      const c = resolveCoordinates({ location: patch.location, seller_latitude: input.seller_latitude, seller_longitude: input.seller_longitude }, seller);
      patch.sellerLatitude = c?.latitude ?? null;
      patch.sellerLongitude = c?.longitude ?? null;
    } else if (input.seller_latitude != null && input.seller_longitude != null) {
      patch.sellerLatitude = input.seller_latitude;
      patch.sellerLongitude = input.seller_longitude;
    }
    let alerts = false;
    const updated = await withListingWrite(db, async (tx, next) => {
      // The price as it is inside the write's lock, so racing edits each record the change they made.
      const current = await findVehicle(tx, row.id);
      const drop = patch.price !== undefined && current ? await recordPriceChange(tx, current, patch.price, app.ctx.now()) : {};
      const after = await updateVehicle(tx, row.id, { ...patch, ...drop }, await next());
      if (current && patch.images)
        await recordLoosePhotos(
          tx,
          current.images.filter((url) => !after.images.includes(url)),
          app.ctx.now(),
        );
      alerts = await enqueueFavouritePriceDrop(tx, row, after);
      return after;
    });
    if (alerts) app.ctx.jobs.kick();
    return toOwnVehicle(updated);
  };
  app.put(
    '/cars/:id',
    { schema: { summary: 'Edit a car listing', params: idParams, body: updateSchema, response: { 200: ownVehicleSchema }, tags: ['vehicles'], security: [{ bearerAuth: [] }] } },
    update,
  );
  app.put(
    '/vehicles/:id',
    { schema: { summary: 'Edit a listing', params: idParams, body: updateSchema, response: { 200: ownVehicleSchema }, tags: ['vehicles'], security: [{ bearerAuth: [] }] } },
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
    if (row.sellerId !== user.id) throw forbidden(LISTING_MESSAGES.soldNotSeller);
    if (row.soldAt) return toOwnVehicle(row);
    if (!row.firstPublishedAt) throw conflict(LISTING_MESSAGES.soldUnpublished);
    const updated = await withListingWrite(db, async (tx, next) => {
      const current = await findVehicle(tx, row.id);
      if (!current || current.soldAt) return current;
      return markSold(tx, row.id, app.ctx.now(), await next());
    });
    if (!updated) throw notFound(LISTING_MESSAGES.notFound);
    return toOwnVehicle(updated);
  };
  app.post('/vehicles/:id/sold', { schema: { summary: 'Mark a listing as sold', params: idParams, response: { 200: ownVehicleSchema }, tags: ['vehicles'], security: [{ bearerAuth: [] }] } }, sold);
  app.post('/cars/:id/sold', { schema: { summary: 'Mark a car listing as sold', params: idParams, response: { 200: ownVehicleSchema }, tags: ['vehicles'], security: [{ bearerAuth: [] }] } }, sold);
}

/** A share of a public listing, counted on the day's leads of its seller; anyone may, a few a minute per address. */
export function shareRoute(app: App) {
  const { db } = app.ctx;

  app.post(
    '/vehicles/:id/events',
    {
      schema: { summary: 'Record a share of a listing', params: idParams, body: eventBody, response: { 204: noContent }, tags: ['vehicles'], security: [] },
      config: { rateLimit: { max: SHARES_PER_MINUTE, timeWindow: '1 minute' } },
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
  app.delete('/cars/:id', { schema: { summary: 'Delete a car listing', params: idParams, response: { 200: deletedSchema }, tags: ['vehicles'], security: [{ bearerAuth: [] }] } }, remove);
  app.delete('/vehicles/:id', { schema: { summary: 'Delete a listing', params: idParams, response: { 200: deletedSchema }, tags: ['vehicles'], security: [{ bearerAuth: [] }] } }, remove);
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
