import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactRoute, dealerInfoRoute, detailRoutes, searchRoutes, thumbRoutes } from './vehicles/reads';
import { createRoutes, removeRoutes, sampleDataRoute, shareRoute, soldRoutes, updateRoutes } from './vehicles/writes';
import { boostRoute } from './vehicles/boost';

/**
 * The listings' routes: public reads (search, a listing's page, its thumbnail, its dealer, its
 * contact; vehicles/reads.ts), then the writes (create, edit, sold, boost, shares, deletes and the sample
 * data; vehicles/writes.ts), registered in this order on the one plugin instance.
 */
export const vehicleRoutes: FastifyPluginAsyncZod = async (app) => {
  searchRoutes(app);
  detailRoutes(app);
  thumbRoutes(app);
  dealerInfoRoute(app);
  contactRoute(app);
  createRoutes(app);
  updateRoutes(app);
  soldRoutes(app);
  boostRoute(app);
  shareRoute(app);
  removeRoutes(app);
  sampleDataRoute(app);
};
