import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { catalogueDownloadSchema, catalogueEntriesSchema, catalogueMakeSchema } from '@/domain/core/wire';
import { asBuilt, noContent } from '../responses';
import { VEHICLE_TYPES } from '@/domain/core/constants';
import { notFound } from '../errors';
import { hierarchy, listMakes, listModels, listVariants, makeExists, modelExists, catalogueVersion } from '../repositories/catalogue.repo';

/** Built once and sent as text (see asBuilt). */
const catalogueDownload = asBuilt(catalogueDownloadSchema);

const typeQuery = z.object({ vehicle_type: z.enum(VEHICLE_TYPES).default('car') });
/** A catalogue id: the database's integer, so at most 2147483647. */
const numericId = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** If-None-Match matches by weak comparison (RFC 9110): a list, `*`, or a W/ tag (proxies weaken tags when they compress). */
const noneMatch = (header: string | undefined, etag: string) => !!header && header.split(',').some((t) => t.trim() === '*' || t.trim().replace(/^W\//, '') === etag);

export const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.get('/vehicle-makes', { schema: { summary: 'List vehicle makes', querystring: typeQuery, response: { 200: catalogueEntriesSchema }, tags: ['reference'], security: [] } }, async (req) =>
    listMakes(db, req.query.vehicle_type),
  );

  app.get(
    '/vehicle-makes/:id/models',
    { schema: { summary: "List a make's models", params: numericId, response: { 200: catalogueEntriesSchema }, tags: ['reference'], security: [] } },
    async (req) => {
      if (!(await makeExists(db, req.params.id))) throw notFound('Make not found');
      return listModels(db, req.params.id);
    },
  );

  app.get(
    '/vehicle-models/:id/variants',
    { schema: { summary: "List a model's variants", params: numericId, response: { 200: catalogueEntriesSchema }, tags: ['reference'], security: [] } },
    async (req) => {
      if (!(await modelExists(db, req.params.id))) throw notFound('Model not found');
      return listVariants(db, req.params.id);
    },
  );

  app.get(
    '/vehicle-hierarchy',
    { schema: { summary: 'Get the makes, models and variants as one tree', querystring: typeQuery, response: { 200: z.array(catalogueMakeSchema) }, tags: ['reference'], security: [] } },
    async (req) => hierarchy(db, req.query.vehicle_type),
  );

  /** The whole catalogue for the offline app; unchanged catalogues answer 304 to If-None-Match. */
  let cached: string | null = null;
  app.get(
    '/sync/catalogue',
    { schema: { summary: 'Download the vehicle catalogue for offline use', response: { 200: catalogueDownload, 304: noContent }, tags: ['sync'], security: [] } },
    async (req, reply) => {
      const etag = `"catalogue-${catalogueVersion}"`;
      reply.header('etag', etag).header('cache-control', 'no-cache');
      if (noneMatch(req.headers['if-none-match'], etag)) return reply.code(304).send();
      cached ??= JSON.stringify({ version: catalogueVersion, makes: await hierarchy(db) });
      return reply.type('application/json; charset=utf-8').send(cached);
    },
  );
};
