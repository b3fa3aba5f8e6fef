import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageSchema, savedSearchSchema, type SavedSearchAnswer } from '@/domain/core/wire';
import { EMAIL_ALERT_TEXTS, EMAIL_FREQUENCIES, type EmailFrequency } from '@/domain/account/emailAlerts';
import { savedSearchOfToken } from '../mail/savedSearchAlerts';
import { stopSavedSearchEmails } from '../repositories/emailAlerts.repo';
import { noContent } from '../responses';
import { SAVED_SEARCH_MESSAGES, SAVED_SEARCH_NAME_MAX, SAVED_SEARCHES_MAX } from '@/domain/account/notifications';
import { searchQuerySchema } from '@/domain/search/querySchema';
import { badRequest, conflict, notFound } from '../errors';
import { requireUser } from '../plugins/app/auth';
import { deleteOwnSavedSearch, findOwnSavedSearch, insertSavedSearch, listSavedSearches, updateOwnSavedSearch, type SavedSearchRow } from '../repositories/push.repo';
import { canonicalSavedQuery, sameSavedQuery } from '../push/savedSearchRules';
import { translatorFor } from '../i18n/translators';
import { languagesOf } from '../repositories/users.repo';
import { text } from '@/domain/core/text';

const name = text().trim().min(1, SAVED_SEARCH_MESSAGES.nameRequired).max(SAVED_SEARCH_NAME_MAX, SAVED_SEARCH_MESSAGES.nameTooLong);
/** The search's fields, validated by the same schema as GET /api/vehicles. */
const emailFields = { email: z.boolean().optional(), email_frequency: z.enum(EMAIL_FREQUENCIES).optional() };
const createBody = z.object({ name, query: searchQuerySchema, notify: z.boolean().optional(), ...emailFields });
const updateBody = z.object({ name: name.optional(), notify: z.boolean().optional(), ...emailFields });
const idParams = z.object({ id: z.uuid() });
const unsubscribeQuery = z.object({ token: z.string().min(1).max(200) });

function toApi(s: SavedSearchRow): SavedSearchAnswer {
  return {
    id: s.id,
    name: s.name,
    query: s.query,
    notify: s.notify,
    created_at: s.createdAt.toISOString(),
    email: s.email,
    email_frequency: s.emailFrequency as EmailFrequency,
  };
}

/** The email columns a create or an update names. */
function emailColumns(body: { email?: boolean | undefined; email_frequency?: EmailFrequency | undefined }): Partial<Pick<SavedSearchRow, 'email' | 'emailFrequency'>> {
  return { ...(body.email !== undefined && { email: body.email }), ...(body.email_frequency !== undefined && { emailFrequency: body.email_frequency }) };
}

export const savedSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.get(
    '/saved-searches',
    { schema: { summary: "List the signed-in user's saved searches", response: { 200: z.array(savedSearchSchema) }, tags: ['saved searches'], security: [{ bearerAuth: [] }] } },
    async (req) => {
      const user = requireUser(req);
      return (await listSavedSearches(db, user.id)).map(toApi);
    },
  );

  app.post(
    '/saved-searches',
    { schema: { summary: 'Save a search', body: createBody, response: { 201: savedSearchSchema }, tags: ['saved searches'], security: [{ bearerAuth: [] }] } },
    async (req, reply) => {
      const user = requireUser(req);
      const query = canonicalSavedQuery(req.body.query);
      const existing = await listSavedSearches(db, user.id);
      if (existing.some((s) => sameSavedQuery(s.query, query))) throw conflict(SAVED_SEARCH_MESSAGES.duplicate);
      if (existing.length >= SAVED_SEARCHES_MAX) throw conflict(SAVED_SEARCH_MESSAGES.limit);
      const row = await insertSavedSearch(db, user.id, req.body.name, query, req.body.notify ?? true, emailColumns(req.body));
      reply.code(201);
      return toApi(row);
    },
  );

  // Another user's saved search answers as missing: its existence is not theirs to learn.
  app.get(
    '/saved-searches/:id',
    { schema: { summary: "Get one of the user's saved searches", params: idParams, response: { 200: savedSearchSchema }, tags: ['saved searches'], security: [{ bearerAuth: [] }] } },
    async (req) => {
      const user = requireUser(req);
      const row = await findOwnSavedSearch(db, user.id, req.params.id);
      if (!row) throw notFound(SAVED_SEARCH_MESSAGES.notFound);
      return toApi(row);
    },
  );

  app.patch(
    '/saved-searches/:id',
    {
      schema: {
        summary: 'Rename a saved search or change its alerts',
        params: idParams,
        body: updateBody,
        response: { 200: savedSearchSchema },
        tags: ['saved searches'],
        security: [{ bearerAuth: [] }],
      },
    },
    async (req) => {
      const user = requireUser(req);
      const patch: Parameters<typeof updateOwnSavedSearch>[3] = emailColumns(req.body);
      if (req.body.name !== undefined) patch.name = req.body.name;
      if (req.body.notify !== undefined) patch.notify = req.body.notify;
      const row = Object.keys(patch).length ? await updateOwnSavedSearch(db, user.id, req.params.id, patch) : await findOwnSavedSearch(db, user.id, req.params.id);
      if (!row) throw notFound(SAVED_SEARCH_MESSAGES.notFound);
      return toApi(row);
    },
  );

  /**
   * An email alert's unsubscribe link (the app's /unsubscribe page posts its token here, and mail apps'
   * one-click unsubscribe, RFC 8058, posts to this address): stops that saved search's emails, without
   * signing in. The token is the search's id signed with the server's secret.
   */
  app.post(
    '/saved-searches/unsubscribe',
    {
      schema: { summary: "Stop a saved search's emails from an unsubscribe link", querystring: unsubscribeQuery, response: { 200: messageSchema }, tags: ['saved searches'], security: [] },
      config: { skipIdempotency: true },
    },
    async (req) => {
      const id = savedSearchOfToken(app.ctx.config.jwtSecret, req.query.token);
      if (!id) throw badRequest(EMAIL_ALERT_TEXTS.invalidLink);
      const row = await stopSavedSearchEmails(db, id);
      if (!row) throw notFound(SAVED_SEARCH_MESSAGES.notFound);
      // In the owner's language (issue 39): the page that shows it is opened from their email, maybe signed out.
      const language = (await languagesOf(db, [row.userId])).get(row.userId);
      return { message: EMAIL_ALERT_TEXTS.unsubscribed(row.name, translatorFor(language).t) };
    },
  );

  app.delete(
    '/saved-searches/:id',
    { schema: { summary: 'Delete a saved search', params: idParams, response: { 204: noContent }, tags: ['saved searches'], security: [{ bearerAuth: [] }] } },
    async (req, reply) => {
      const user = requireUser(req);
      if (!(await deleteOwnSavedSearch(db, user.id, req.params.id))) throw notFound(SAVED_SEARCH_MESSAGES.notFound);
      return reply.code(204).send();
    },
  );
};
