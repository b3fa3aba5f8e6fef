import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { favouriteSchema, type FavouriteAnswer } from '@/domain/core/wire';
import { FAVOURITE_MESSAGES } from '@/domain/listing/favourites';
import { titleOf } from '@/domain/listing/display';
import { isPublic } from '@/domain/listing/vehicle';
import { noContent } from '../responses';
import { notFound } from '../errors';
import { requireUser } from '../plugins/app/auth';
import { addFavourite, listFavourites, removeFavourite, type FavouriteWithListing } from '../repositories/favourites.repo';
import { toApiVehicle } from '../repositories/vehicles/rows';
import { findVehicle, hasTombstone } from '../repositories/vehicles/reads';
import { recordListingEvent } from '../repositories/vehicles/statsAndEvents';

const params = z.object({ vehicleId: z.uuid() });
/**
 * What the device knew when the person saved it (possibly offline, hours ago): the price they saw and
 * when. Without them the listing's price now and this moment.
 */
const putBody = z
  .object({
    saved_price: z.number().min(0).max(1e9).nullable().optional(),
    saved_at: z.iso.datetime({ offset: true }).optional(),
  })
  .nullish();

function toApi({ favourite: f, listing, isPublic: visible }: FavouriteWithListing): FavouriteAnswer {
  return {
    vehicle_id: f.vehicleId,
    title: f.title,
    saved_at: f.createdAt.toISOString(),
    saved_price: f.savedPrice,
    vehicle: listing && visible ? toApiVehicle(listing) : null,
    sold: listing?.soldAt != null,
  };
}

/** A user's favourites: private to them (another user's are never read or changed), kept across their devices. */
export const favouriteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.get(
    '/favourites',
    { schema: { summary: "List the signed-in user's favourites", response: { 200: z.array(favouriteSchema) }, tags: ['favourites'], security: [{ bearerAuth: [] }] } },
    async (req) => {
      const user = requireUser(req);
      return (await listFavourites(db, user.id)).map(toApi);
    },
  );

  // Idempotent: saving a saved listing again changes nothing (not its saved price or date). A listing
  // that went away since the device saved it offline is still saved, and shows as no longer available.
  app.put(
    '/favourites/:vehicleId',
    { schema: { summary: 'Save a listing to favourites', params, body: putBody, response: { 200: favouriteSchema }, tags: ['favourites'], security: [{ bearerAuth: [] }] } },
    async (req) => {
      const user = requireUser(req);
      const id = req.params.vehicleId;
      const row = await findVehicle(db, id);
      // A draft is its seller's secret: as missing as a listing that never was.
      const known = row ? row.firstPublishedAt !== null || row.sellerId === user.id : await hasTombstone(db, id);
      if (!known) throw notFound(FAVOURITE_MESSAGES.notFound);
      const now = app.ctx.now();
      const sent = req.body?.saved_at ? new Date(req.body.saved_at) : now;
      const savedAt = sent.getTime() > now.getTime() ? now : sent;
      const savedPrice = req.body?.saved_price !== undefined ? req.body.saved_price : (row?.price ?? null);
      const gone = !row || !isPublic(toApiVehicle(row));
      const added = await addFavourite(db, { userId: user.id, vehicleId: id, title: row ? titleOf(row) : null, savedPrice, savedAt, gone });
      // A new favourite of a listing still there is one of its seller's leads (the dashboard's chart).
      if (added && row) await recordListingEvent(db, id, 'favourite');
      const saved = (await listFavourites(db, user.id)).find((f) => f.favourite.vehicleId === id);
      return toApi(saved!);
    },
  );

  // Idempotent too: removing what is not saved answers the same, so a device replaying its removals never fails.
  app.delete(
    '/favourites/:vehicleId',
    { schema: { summary: 'Remove a listing from favourites', params, response: { 204: noContent }, tags: ['favourites'], security: [{ bearerAuth: [] }] } },
    async (req, reply) => {
      const user = requireUser(req);
      await removeFavourite(db, user.id, req.params.vehicleId);
      return reply.code(204).send();
    },
  );
};
