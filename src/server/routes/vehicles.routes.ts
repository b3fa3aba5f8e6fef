import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deletedSchema, dealerInfoSchema, listingAnswerSchema, ownVehicleSchema, sellerContactSchema, vehicleSchema } from '@/domain/core/wire';
import { asBuilt, bodiless, bytesOf, noContent } from '../responses';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEALER_OTHER_VEHICLES_MAX, PLACEHOLDER_IMAGE, type VehicleType } from '@/domain/core/constants';
import { LISTING_MESSAGES } from '@/domain/core/messages';
import { normalizeSearch, type SearchQuery } from '@/domain/search/filters';
import { listingQuerySchema } from '@/domain/search/querySchema';
import type { SellerContact } from '@/domain/listing/vehicle';
import { vehicleInputSchema } from '@/domain/listing/vehicleInput';
import { conflict, forbidden, gone, notFound } from '../errors';
import { enqueueFavouritePriceDrop, enqueueListingPublished } from '../jobs/backgroundJobs';
import { sendMedia, sendMediaHead } from '../media/sendMedia';
import { compressBody, preferredEncoding } from '../compression';
import { AnswerCache } from '../search/answerCache';
import { isAdmin, requireUser } from '../plugins/app/auth';
import {
  findVehicle,
  hasTombstone,
  incrementViews,
  insertVehicle,
  otherPublicVehicles,
  searchVehicles,
  toApiVehicle,
  toOwnVehicle,
  recordContactRequest,
  recordListingEvent,
  recordPriceChange,
  markSold,
  updateVehicle,
  deleteVehicles,
  withListingWrite,
  countPublicVehicles,
  type Tx,
  type VehicleRow,
} from '../repositories/vehicles.repo';
import { findUserById } from '../repositories/users.repo';
import { recordLoosePhotos } from '../repositories/uploads.repo';
import { freeListingEligibility, inputToColumns, isMediaUrl, publishColumns, resolveCoordinates, resolveImages, resolveLocation, resolvePlan, sellerFields } from '../listings';
import { isPublic, isSold } from '@/domain/listing/vehicle';
import { seedSampleData } from '../seed/seed';
import { keyedLimit } from '../keyedLimit';

const idParams = z.object({ id: z.uuid() });
const MAX_PAGE_SIZE = 500;
const buyerQuery = z.object({
  buyer_lat: z.coerce.number().min(-90).max(90).optional(),
  buyer_lon: z.coerce.number().min(-180).max(180).optional(),
});
const thumbQuery = z.object({ size: z.enum(['small']).optional() });
/** A card thumbnail may change when its listing's photos do: a day, not forever. */
const THUMB_CACHE = 'public, max-age=86400';
const createQuery = z.object({ is_free_update: z.enum(['true', 'false']).optional() });
/** A search's page: JSON built by the index (or SQL's listings), sent as built (see asBuilt). */
const listAnswer = { 200: asBuilt(z.array(vehicleSchema)) };
/** A create: the new listing with its contact (201), or the one a replayed create made (200). */
const createAnswers = { 200: listingAnswerSchema, 201: ownVehicleSchema };
/** A share a buyer made of a listing's page, counted for its seller's leads (views come with the page itself). */
const eventBody = z.object({ kind: z.enum(['share']) });
/** Shares counted per address and minute: enough for a person, too few to inflate a listing's leads. */
const SHARES_PER_MINUTE = 10;
/**
 * A listing anyone may open: a public one, or one its seller marked sold (its page says 'Sold', so an
 * old link or a favourite still tells the buyer what happened). Drafts and expired ones only for their seller.
 */
const openToAll = (row: VehicleRow) => {
  const v = toApiVehicle(row);
  return isPublic(v) || isSold(v);
};
const thumbAnswers = { 200: bytesOf('image/webp', 'The thumbnail'), 302: bodiless('The photo is elsewhere: redirected to it'), 304: noContent };

export const vehicleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, media, config } = app.ctx;

  /** GET /api/vehicles and /api/cars: public search; a seller (or an admin) also sees their own drafts through seller_id. */
  const answers = new AnswerCache();

  async function list(req: FastifyRequest, reply: FastifyReply, query: SearchQuery, defaultType?: VehicleType) {
    const search = normalizeSearch(query);
    if (defaultType && !search.filters.vehicle_type) search.filters.vehicle_type = defaultType;
    // Without a limit a list would be every listing; one page of the largest size keeps it bounded.
    search.limit ??= MAX_PAGE_SIZE;
    const viewer = req.currentUser;
    const own = !!search.filters.seller_id && !!viewer && (viewer.id === search.filters.seller_id || isAdmin(viewer));
    const scope = own
      ? { publicOnly: false, ...(query.is_published !== undefined && { is_published: query.is_published }), ...(query.is_expired !== undefined && { is_expired: query.is_expired }) }
      : { publicOnly: true };
    // Public searches come from memory, as ready JSON text, compressed once and kept a few seconds for
    // the searches that repeat (with SQL while the index is being built at start); a seller's own
    // listings (drafts included) from SQL. So are words searches: they read seller names, descriptions
    // and colours, which the index does not keep.
    const index = app.ctx.publicIndex;
    if (!own && index.ready && search.filters.q === undefined) {
      await index.refresh();
      const encoding = preferredEncoding(req.headers['accept-encoding']);
      const key = AnswerCache.key(index.appliedRevision, encoding, req.url);
      let answer = answers.get(key, Date.now());
      if (!answer) {
        const found = await index.searchJson(search);
        if (found) {
          answer = { ...compressBody(found.json, encoding), total: found.total };
          answers.set(key, answer, Date.now());
        }
      }
      if (answer) {
        reply.header('x-total-count', String(answer.total)).header('vary', 'accept-encoding').type('application/json; charset=utf-8');
        if (answer.encoding) reply.header('content-encoding', answer.encoding);
        return reply.send(answer.body);
      }
    }
    const { items, total } = await searchVehicles(db, search, scope);
    reply.header('x-total-count', String(total));
    return items;
  }

  app.get('/vehicles', { schema: { querystring: listingQuerySchema, response: listAnswer, tags: ['vehicles'] } }, (req, reply) => list(req, reply, req.query));
  app.get('/cars', { schema: { querystring: listingQuerySchema, response: listAnswer, tags: ['vehicles'] } }, (req, reply) => list(req, reply, req.query, 'car'));

  const featured = (type?: VehicleType) => async (req: FastifyRequest<{ Querystring: SearchQuery }>, reply: FastifyReply) => list(req, reply, { ...req.query, featured: true }, type);
  app.get('/vehicles/featured', { schema: { querystring: listingQuerySchema, response: listAnswer, tags: ['vehicles'] } }, featured());
  app.get('/cars/featured', { schema: { querystring: listingQuerySchema, response: listAnswer, tags: ['vehicles'] } }, featured('car'));

  /** A public listing's answer with its price verdict, from the search index (none while it is built, nor for a draft). */
  async function withPriceVerdict<T extends { id: string }>(answer: T): Promise<T> {
    const verdict = await app.ctx.publicIndex.priceVerdict(answer.id);
    return verdict === undefined ? answer : { ...answer, price_verdict: verdict };
  }

  /**
   * Detail: public and sold listings for everyone (without the contact); drafts and expired ones for
   * their seller and admins. Counts a view, and a view on the day's leads.
   */
  const detail = async (req: FastifyRequest<{ Params: { id: string }; Querystring: z.infer<typeof buyerQuery> }>) => {
    const row = await findVehicle(db, req.params.id);
    const viewer = req.currentUser;
    const mine = !!row && !!viewer && (viewer.id === row.sellerId || isAdmin(viewer));
    if (!row || (!mine && !openToAll(row))) throw notFound(LISTING_MESSAGES.notFound);
    if (viewer?.id !== row.sellerId) {
      await incrementViews(db, row.id);
      await recordListingEvent(db, row.id, 'view');
      row.views += 1;
    }
    const { buyer_lat, buyer_lon } = req.query;
    const buyer = buyer_lat !== undefined && buyer_lon !== undefined ? { latitude: buyer_lat, longitude: buyer_lon } : undefined;
    // Its seller (or an admin) reads the contact too, as the edit form needs it; everyone else asks /contact.
    return withPriceVerdict(mine ? toOwnVehicle(row, buyer) : toApiVehicle(row, buyer));
  };
  app.get('/cars/:id', { schema: { params: idParams, querystring: buyerQuery, response: { 200: listingAnswerSchema }, tags: ['vehicles'] } }, detail);
  app.get('/vehicles/:id', { schema: { params: idParams, querystring: buyerQuery, response: { 200: listingAnswerSchema }, tags: ['vehicles'] } }, detail);

  /** The stored photo a listing's card thumbnail is made from; null when the answer is a redirect to its first photo (not a stored upload). */
  async function thumbPhoto(id: string, reply: FastifyReply): Promise<string | null> {
    const row = await findVehicle(db, id);
    if (!row || !openToAll(row)) throw notFound(LISTING_MESSAGES.notFound);
    const photo = row.images[0];
    if (photo === undefined) throw notFound(LISTING_MESSAGES.noPhoto);
    if (isMediaUrl(photo)) return photo;
    reply.header('cache-control', THUMB_CACHE).redirect(photo, 302);
    return null;
  }

  // HEAD is a route of its own, registered before the GET (Fastify then makes none from the GET, which
  // would read the whole thumbnail from a bucket to throw it away): the rendition's size is asked for.
  app.head('/vehicles/:id/thumb', { schema: { params: idParams, querystring: thumbQuery, hide: true } }, async (req, reply) => {
    const photo = await thumbPhoto(req.params.id, reply);
    if (photo === null) return reply;
    const size = await media.thumbnailSize(photo, req.query.size === 'small');
    if (!size) throw notFound(LISTING_MESSAGES.noPhoto);
    return sendMediaHead(req, reply, size.name, size.bytes, THUMB_CACHE);
  });

  /**
   * A public listing's card thumbnail (its first photo's): the stored thumbnail, or with size=small
   * (a person who chose 'Save data') a smaller one. Named by the photo, so its name is the ETag. A
   * first photo that is not a stored upload (the sample listings' artwork) is a redirect to it.
   */
  app.get('/vehicles/:id/thumb', { schema: { params: idParams, querystring: thumbQuery, response: thumbAnswers, tags: ['vehicles'] } }, async (req, reply) => {
    const photo = await thumbPhoto(req.params.id, reply);
    if (photo === null) return reply;
    const thumb = await media.thumbnail(photo, req.query.size === 'small');
    if (!thumb) throw notFound(LISTING_MESSAGES.noPhoto);
    return sendMedia(req, reply, thumb, THUMB_CACHE);
  });

  app.get('/vehicle/:id/dealer-info', { schema: { params: idParams, response: { 200: dealerInfoSchema }, tags: ['vehicles'] } }, async (req) => {
    const row = await findVehicle(db, req.params.id);
    const viewer = req.currentUser;
    const mine = !!row && !!viewer && (viewer.id === row.sellerId || isAdmin(viewer));
    if (!row || (!mine && !openToAll(row))) throw notFound(LISTING_MESSAGES.notFound);
    const seller = await findUserById(db, row.sellerId);
    if (!seller || seller.userType !== 'dealer') return { is_dealer: false as const };
    const others = await otherPublicVehicles(db, seller.id, row.id, DEALER_OTHER_VEHICLES_MAX);
    return {
      is_dealer: true as const,
      dealer_id: seller.id,
      dealer_name: seller.businessName ?? seller.name,
      dealer_location: seller.location,
      total_inventory: others.total,
      other_vehicles: await Promise.all(others.rows.map((r) => withPriceVerdict(toApiVehicle(r)))),
    };
  });

  /**
   * A listing's contact for a signed-in user: the phone it was listed with and, for a dealer, the
   * account's (business) email; a private seller's email is never shown. Public answers carry
   * neither. Each user may ask for 30 an hour (config rateLimits.contact); a buyer asking counts one
   * lead on the listing however often they ask, the seller asking counts none. A sold listing's page
   * offers no contact, so only its seller and administrators still get one.
   */
  const contactLimit = keyedLimit(app, {
    name: 'contact',
    max: config.rateLimits.contact,
    timeWindow: '1 hour',
    key: (req) => req.currentUser?.id ?? '',
    detail: LISTING_MESSAGES.tooManyContacts,
  });
  app.get(
    '/vehicles/:id/contact',
    { schema: { params: idParams, response: { 200: sellerContactSchema }, tags: ['vehicles'], security: [{ bearerAuth: [] }] } },
    async (req, reply): Promise<SellerContact> => {
      const user = requireUser(req);
      await contactLimit(req);
      const row = await findVehicle(db, req.params.id);
      const mine = !!row && (user.id === row.sellerId || isAdmin(user));
      reply.header('cache-control', 'private, no-store');
      // 410, not 404: the listing is still there (its page answers, saying Sold) but its contact is gone
      // for good, as a sold listing is never relisted. Not 409 either: no change of the request, nor a
      // retry, could resolve it.
      if (row && !mine && row.soldAt) throw gone(LISTING_MESSAGES.soldNoContact);
      if (!row || (!mine && !isPublic(toApiVehicle(row)))) throw notFound(LISTING_MESSAGES.notFound);
      if (user.id !== row.sellerId && (await recordContactRequest(db, row.id, user.id))) await recordListingEvent(db, row.id, 'contact');
      const seller = await findUserById(db, row.sellerId);
      const dealerEmail = seller?.userType === 'dealer' && !seller.email.endsWith('.invalid') ? seller.email : null;
      return { seller_phone: row.sellerPhone ?? seller?.phone ?? null, seller_email: dealerEmail };
    },
  );

  /** Create: a draft until paid, or published at once on the free path. The seller comes from the token. */
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
  app.post('/vehicles', { schema: { body: vehicleInputSchema, querystring: createQuery, response: createAnswers, tags: ['vehicles'] } }, create);
  app.post('/cars', { schema: { body: vehicleInputSchema, querystring: createQuery, response: createAnswers, tags: ['vehicles'] } }, create);

  async function ownedVehicle(req: FastifyRequest<{ Params: { id: string } }>) {
    const user = requireUser(req);
    const row = await findVehicle(db, req.params.id);
    if (!row) throw notFound(LISTING_MESSAGES.notFound);
    if (row.sellerId !== user.id && !isAdmin(user)) throw forbidden(LISTING_MESSAGES.notOwner);
    return { user, row };
  }

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
    const { user, row } = await ownedVehicle(req);
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
  app.put('/cars/:id', { schema: { params: idParams, body: updateSchema, response: { 200: ownVehicleSchema }, tags: ['vehicles'] } }, update);
  app.put('/vehicles/:id', { schema: { params: idParams, body: updateSchema, response: { 200: ownVehicleSchema }, tags: ['vehicles'] } }, update);

  /**
   * Mark as sold (issue 20): only the listing's seller (an administrator removes listings instead). The
   * listing leaves search and the devices' copies, stays in the seller's history as Sold, and its page
   * still answers, saying so. Marking a sold listing again changes nothing; a listing never published
   * (a draft waiting for payment) cannot be sold.
   */
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
  app.post('/vehicles/:id/sold', { schema: { params: idParams, response: { 200: ownVehicleSchema }, tags: ['vehicles'], security: [{ bearerAuth: [] }] } }, sold);
  app.post('/cars/:id/sold', { schema: { params: idParams, response: { 200: ownVehicleSchema }, tags: ['vehicles'], security: [{ bearerAuth: [] }] } }, sold);

  /** A share of a public listing, counted on the day's leads of its seller; anyone may, a few a minute per address. */
  app.post(
    '/vehicles/:id/events',
    { schema: { params: idParams, body: eventBody, response: { 204: noContent }, tags: ['vehicles'] }, config: { rateLimit: { max: SHARES_PER_MINUTE, timeWindow: '1 minute' } } },
    async (req, reply) => {
      const row = await findVehicle(db, req.params.id);
      if (!row || !isPublic(toApiVehicle(row))) throw notFound(LISTING_MESSAGES.notFound);
      await recordListingEvent(db, row.id, req.body.kind);
      return reply.code(204).send();
    },
  );

  const remove = async (req: FastifyRequest<{ Params: { id: string } }>) => {
    const { row } = await ownedVehicle(req);
    await withListingWrite(db, (tx, next) => deleteVehicles(tx, [row], next));
    return { message: 'Vehicle deleted successfully', id: row.id };
  };
  app.delete('/cars/:id', { schema: { params: idParams, response: { 200: deletedSchema }, tags: ['vehicles'] } }, remove);
  app.delete('/vehicles/:id', { schema: { params: idParams, response: { 200: deletedSchema }, tags: ['vehicles'] } }, remove);

  /** Seeds the sample listings when there are none (spec: startup calls it when no cars exist). */
  app.post('/initialize-data', { schema: { response: { 200: z.object({ message: z.string(), created: z.number() }) }, tags: ['vehicles'] }, config: { skipIdempotency: true } }, async () => {
    if ((await countPublicVehicles(db)) > 0) return { message: 'Data already initialized', created: 0 };
    const created = await seedSampleData(db, app.log);
    return { message: created ? 'Sample data initialized' : 'Data already initialized', created };
  });
};
