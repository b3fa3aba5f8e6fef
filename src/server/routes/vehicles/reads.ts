import { z } from 'zod';
import { dealerInfoSchema, listingAnswerSchema, sellerContactSchema, vehicleSchema } from '@/domain/core/wire';
import { asBuilt, bodiless, bytesOf, noContent } from '@/server/responses';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEALER_OTHER_VEHICLES_MAX, type VehicleType } from '@/domain/core/constants';
import { LISTING_MESSAGES } from '@/domain/core/messages';
import { normalizeSearch, type SearchQuery } from '@/domain/search/filters';
import { listingQuerySchema } from '@/domain/search/querySchema';
import { isPublic, isSold, type SellerContact } from '@/domain/listing/vehicle';
import { gone, notFound } from '@/server/errors';
import { sendMedia, sendMediaHead } from '@/server/media/sendMedia';
import { AnswerCache } from '@/server/search/answerCache';
import { isAdmin, requireUser } from '@/server/plugins/app/auth';
import { toApiVehicle, toOwnVehicle, type VehicleRow } from '@/server/repositories/vehicles/rows';
import { findVehicle, otherPublicVehicles } from '@/server/repositories/vehicles/reads';
import { searchVehicles } from '@/server/repositories/vehicles/search';
import { incrementViews, recordContactRequest, recordListingEvent } from '@/server/repositories/vehicles/statsAndEvents';
import { enqueueListingWebhook } from '@/server/webhooks/webhooks';
import { findUserById } from '@/server/repositories/users.repo';
import { listingContactPreference } from '@/server/repositories/conversations/contactPreference';
import { isMediaUrl } from '@/server/listings';
import { keyedLimit } from '@/server/keyedLimit';
import { idParams, type App } from './common';

// The listings' public reads: search, a listing's page, its card thumbnail, its dealer, its contact.

const MAX_PAGE_SIZE = 500;
const buyerQuery = z.object({
  buyer_lat: z.coerce.number().min(-90).max(90).optional(),
  buyer_lon: z.coerce.number().min(-180).max(180).optional(),
});
const thumbQuery = z.object({ size: z.enum(['small']).optional() });
/** A card thumbnail may change when its listing's photos do: a day, not forever. */
const THUMB_CACHE = 'public, max-age=86400';
/** A search's page: JSON built by the index (or SQL's listings), sent as built (see asBuilt). */
const listAnswer = { 200: asBuilt(z.array(vehicleSchema)) };
/**
 * A listing anyone may open: a public one, or one its seller marked sold (its page says 'Sold', so an
 * old link or a favourite still tells the buyer what happened). Drafts and expired ones only for their seller.
 */
const openToAll = (row: VehicleRow) => {
  const v = toApiVehicle(row);
  return isPublic(v) || isSold(v);
};
const thumbAnswers = { 200: bytesOf('image/webp', 'The thumbnail'), 302: bodiless('The photo is elsewhere: redirected to it'), 304: noContent };

/** GET /api/vehicles and /api/cars: public search; a seller (or an admin) also sees their own drafts through seller_id. */
export function searchRoutes(app: App) {
  const { db } = app.ctx;
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
      const answer = await answers.answer(index, search, req.headers['accept-encoding'], req.url);
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

  app.get('/vehicles', { schema: { summary: 'Search listings', querystring: listingQuerySchema, response: listAnswer, tags: ['vehicles'], security: [{}, { bearerAuth: [] }] } }, (req, reply) =>
    list(req, reply, req.query),
  );
  app.get('/cars', { schema: { summary: 'Search car listings', querystring: listingQuerySchema, response: listAnswer, tags: ['vehicles'], security: [{}, { bearerAuth: [] }] } }, (req, reply) =>
    list(req, reply, req.query, 'car'),
  );

  const featured = (type?: VehicleType) => async (req: FastifyRequest<{ Querystring: SearchQuery }>, reply: FastifyReply) => list(req, reply, { ...req.query, featured: true }, type);
  app.get(
    '/vehicles/featured',
    { schema: { summary: 'List featured listings', querystring: listingQuerySchema, response: listAnswer, tags: ['vehicles'], security: [{}, { bearerAuth: [] }] } },
    featured(),
  );
  app.get(
    '/cars/featured',
    { schema: { summary: 'List featured car listings', querystring: listingQuerySchema, response: listAnswer, tags: ['vehicles'], security: [{}, { bearerAuth: [] }] } },
    featured('car'),
  );
}

/** A public listing's answer with its price verdict, from the search index (none while it is built, nor for a draft). */
async function withPriceVerdict<T extends { id: string }>(app: App, answer: T): Promise<T> {
  const verdict = await app.ctx.publicIndex.priceVerdict(answer.id);
  return verdict === undefined ? answer : { ...answer, price_verdict: verdict };
}

/**
 * Detail: public and sold listings for everyone (without the contact); drafts and expired ones for
 * their seller and admins. Counts a view, and a view on the day's leads.
 */
export function detailRoutes(app: App) {
  const { db } = app.ctx;

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
    const answer = mine ? toOwnVehicle(row, buyer) : toApiVehicle(row, buyer);
    return withPriceVerdict(app, { ...answer, contact_preference: await listingContactPreference(db, row) });
  };
  app.get(
    '/cars/:id',
    {
      schema: { summary: 'Get a car listing', params: idParams, querystring: buyerQuery, response: { 200: listingAnswerSchema }, tags: ['vehicles'], security: [{}, { bearerAuth: [] }] },
      config: { apiKeys: true },
    },
    detail,
  );
  app.get(
    '/vehicles/:id',
    {
      schema: { summary: 'Get a listing', params: idParams, querystring: buyerQuery, response: { 200: listingAnswerSchema }, tags: ['vehicles'], security: [{}, { bearerAuth: [] }] },
      config: { apiKeys: true },
    },
    detail,
  );
}

/** A listing's card thumbnail, GET and HEAD. */
export function thumbRoutes(app: App) {
  const { db, media } = app.ctx;

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
  app.get(
    '/vehicles/:id/thumb',
    { schema: { summary: "Get a listing's card thumbnail", params: idParams, querystring: thumbQuery, response: thumbAnswers, tags: ['vehicles'], security: [] } },
    async (req, reply) => {
      const photo = await thumbPhoto(req.params.id, reply);
      if (photo === null) return reply;
      const thumb = await media.thumbnail(photo, req.query.size === 'small');
      if (!thumb) throw notFound(LISTING_MESSAGES.noPhoto);
      return sendMedia(req, reply, thumb, THUMB_CACHE);
    },
  );
}

/** Whether a listing's seller is a dealer, and the dealer's other public listings. */
export function dealerInfoRoute(app: App) {
  const { db } = app.ctx;

  app.get(
    '/vehicle/:id/dealer-info',
    { schema: { summary: "Get a listing's dealer and their other listings", params: idParams, response: { 200: dealerInfoSchema }, tags: ['vehicles'], security: [{}, { bearerAuth: [] }] } },
    async (req) => {
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
        other_vehicles: await Promise.all(others.rows.map((r) => withPriceVerdict(app, toApiVehicle(r)))),
      };
    },
  );
}

/**
 * A listing's contact for a signed-in user: the phone it was listed with and, for a dealer, the
 * account's (business) email; a private seller's email is never shown. Public answers carry
 * neither. Each user may ask for 30 an hour (config rateLimits.contact); a buyer asking counts one
 * lead on the listing however often they ask, the seller asking counts none. A sold listing's page
 * offers no contact, so only its seller and administrators still get one.
 */
export function contactRoute(app: App) {
  const { db, config } = app.ctx;

  const contactLimit = keyedLimit(app, {
    name: 'contact',
    max: config.rateLimits.contact,
    timeWindow: '1 hour',
    key: (req) => req.currentUser?.id ?? '',
    detail: LISTING_MESSAGES.tooManyContacts,
  });
  app.get(
    '/vehicles/:id/contact',
    { schema: { summary: "Get a listing's seller contact", params: idParams, response: { 200: sellerContactSchema }, tags: ['vehicles'], security: [{ bearerAuth: [] }] } },
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
      if (user.id !== row.sellerId && (await recordContactRequest(db, row.id, user.id))) {
        await recordListingEvent(db, row.id, 'contact');
        if (await enqueueListingWebhook(db, row.id, 'lead', app.ctx.now(), { kind: 'contact' })) app.ctx.jobs.kick();
      }
      const seller = await findUserById(db, row.sellerId);
      const dealerEmail = seller?.userType === 'dealer' && !seller.email.endsWith('.invalid') ? seller.email : null;
      // A seller who takes messages only (issue 37): the phone is never sent, but to its seller and admins.
      const phoneShown = mine || (await listingContactPreference(db, row, seller)) === 'phone';
      return { seller_phone: phoneShown ? (row.sellerPhone ?? seller?.phone ?? null) : null, seller_email: dealerEmail };
    },
  );
}
