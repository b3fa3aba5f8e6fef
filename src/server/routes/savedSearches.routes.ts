import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { savedSearchSchema, type SavedSearchAnswer } from '../../domain/wire';
import { noContent } from '../responses';
import { SAVED_SEARCH_MESSAGES, SAVED_SEARCH_NAME_MAX, SAVED_SEARCHES_MAX } from '../../domain/notifications';
import { searchQuerySchema } from '../../domain/search/querySchema';
import { conflict, notFound } from '../errors';
import { requireUser } from '../plugins/app/auth';
import { deleteOwnSavedSearch, findOwnSavedSearch, insertSavedSearch, listSavedSearches, updateOwnSavedSearch, type SavedSearchRow } from '../repositories/push.repo';
import { canonicalSavedQuery, sameSavedQuery } from '../push/savedSearchRules';
import { text } from '../../domain/text';

const name = text().trim().min(1, SAVED_SEARCH_MESSAGES.nameRequired).max(SAVED_SEARCH_NAME_MAX, SAVED_SEARCH_MESSAGES.nameTooLong);
/** The search's fields, validated by the same schema as GET /api/vehicles. */
const createBody = z.object({ name, query: searchQuerySchema, notify: z.boolean().optional() });
const updateBody = z.object({ name: name.optional(), notify: z.boolean().optional() });
const idParams = z.object({ id: z.uuid() });

function toApi(s: SavedSearchRow): SavedSearchAnswer {
  return { id: s.id, name: s.name, query: s.query, notify: s.notify, created_at: s.createdAt.toISOString() };
}

export const savedSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.get('/saved-searches', { schema: { response: { 200: z.array(savedSearchSchema) }, tags: ['saved searches'] } }, async (req) => {
    const user = requireUser(req);
    return (await listSavedSearches(db, user.id)).map(toApi);
  });

  app.post('/saved-searches', { schema: { body: createBody, response: { 201: savedSearchSchema }, tags: ['saved searches'] } }, async (req, reply) => {
    const user = requireUser(req);
    const query = canonicalSavedQuery(req.body.query);
    const existing = await listSavedSearches(db, user.id);
    if (existing.some((s) => sameSavedQuery(s.query, query))) throw conflict(SAVED_SEARCH_MESSAGES.duplicate);
    if (existing.length >= SAVED_SEARCHES_MAX) throw conflict(SAVED_SEARCH_MESSAGES.limit);
    const row = await insertSavedSearch(db, user.id, req.body.name, query, req.body.notify ?? true);
    reply.code(201);
    return toApi(row);
  });

  // Another user's saved search answers as missing: its existence is not theirs to learn.
  app.get('/saved-searches/:id', { schema: { params: idParams, response: { 200: savedSearchSchema }, tags: ['saved searches'] } }, async (req) => {
    const user = requireUser(req);
    const row = await findOwnSavedSearch(db, user.id, req.params.id);
    if (!row) throw notFound(SAVED_SEARCH_MESSAGES.notFound);
    return toApi(row);
  });

  app.patch('/saved-searches/:id', { schema: { params: idParams, body: updateBody, response: { 200: savedSearchSchema }, tags: ['saved searches'] } }, async (req) => {
    const user = requireUser(req);
    const patch: { name?: string; notify?: boolean } = {};
    if (req.body.name !== undefined) patch.name = req.body.name;
    if (req.body.notify !== undefined) patch.notify = req.body.notify;
    const row = Object.keys(patch).length ? await updateOwnSavedSearch(db, user.id, req.params.id, patch) : await findOwnSavedSearch(db, user.id, req.params.id);
    if (!row) throw notFound(SAVED_SEARCH_MESSAGES.notFound);
    return toApi(row);
  });

  app.delete('/saved-searches/:id', { schema: { params: idParams, response: { 204: noContent }, tags: ['saved searches'] } }, async (req, reply) => {
    const user = requireUser(req);
    if (!(await deleteOwnSavedSearch(db, user.id, req.params.id))) throw notFound(SAVED_SEARCH_MESSAGES.notFound);
    return reply.code(204).send();
  });
};
