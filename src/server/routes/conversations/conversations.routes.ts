import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { chatMessageSchema, conversationMessagesSchema, conversationSchema, conversationStartSchema, messageSchema } from '@/domain/core/wire';
import { CONVERSATION_REPORT_MAX, MESSAGE_ERRORS, MESSAGE_IMAGES_MAX } from '@/domain/messages/apiMessages';
import { MESSAGE_MAX_LENGTH } from '@/domain/messages/texts';
import { notFound } from '../../errors';
import { keyedLimit } from '../../keyedLimit';
import { requireAdmin, requireUser } from '../../plugins/app/auth';
import {
  announceConversation,
  conversationViews,
  dismissConversationReport,
  findConversation,
  findListingConversation,
  listUserConversations,
  markRead,
  reportConversation,
} from '../../repositories/conversations/conversations.repo';
import { findMessage, listMessages, setBlock, toChatMessage } from '../../repositories/conversations/messages.repo';
import { conversationWriter, type ConversationWriter } from './messaging';

const idParams = z.object({ id: z.uuid() });
/** The text may be empty when the message carries photos (a person sends the photos they took). */
const text = z.string().trim().max(MESSAGE_MAX_LENGTH).default('');
/** Photos as POST /api/uploads answered them (a path or this server's URL), checked as a listing's are. */
const images = z.array(z.string().min(1).max(500)).max(MESSAGE_IMAGES_MAX).optional();
const saysSomething = (b: { text: string; images?: string[] | undefined }) => b.text.length > 0 || (b.images?.length ?? 0) > 0;
const emptyMessage = { message: MESSAGE_ERRORS.empty, path: ['text'] };
const startBody = z.object({ listing_id: z.uuid(), text, message_id: z.uuid().optional(), images }).refine(saysSomething, emptyMessage);
const messageBody = z.object({ id: z.uuid(), text, images }).refine(saysSomething, emptyMessage);
const sinceQuery = z.object({ since: z.iso.datetime({ offset: true }).optional() });
const reportBody = z.object({ reason: z.string().trim().min(1).max(CONVERSATION_REPORT_MAX), message_id: z.uuid().optional() });
type App = Parameters<FastifyPluginAsyncZod>[0];

/**
 * Messages between a listing's buyer and its seller (issue 37). Only the two people read or write a
 * conversation (404 for anyone else, as if it did not exist; an administrator reads a reported one).
 * Each message's id is its device's: stored once however often the outbox replays it.
 */
export const conversationRoutes: FastifyPluginAsyncZod = async (app) => {
  const w = conversationWriter(app);
  messageRoutes(app, w);
  moderationRoutes(app, w);
};

/** Reading and writing: the list, a conversation's messages, sending, marking read. */
function messageRoutes(app: App, w: ConversationWriter) {
  const { db } = app.ctx;
  const { priceWarning, view, ownConversation, append, replayed, newConversation } = w;

  app.get(
    '/conversations',
    { schema: { summary: "List the signed-in user's conversations", response: { 200: z.array(conversationSchema) }, tags: ['messages'], security: [{ bearerAuth: [] }] } },
    async (req, reply) => {
      const user = requireUser(req);
      reply.header('cache-control', 'private, no-store');
      return conversationViews(db, await listUserConversations(db, user.id), user.id, priceWarning);
    },
  );

  // How a buyer writes about a listing without knowing the conversation's id (a device offline): the
  // listing's conversation with this buyer is made once and every message is appended to it.
  app.post(
    '/conversations',
    {
      schema: {
        summary: 'Message the seller of a listing',
        body: startBody,
        response: { 200: conversationStartSchema, 201: conversationStartSchema },
        tags: ['messages'],
        security: [{ bearerAuth: [] }],
      },
    },
    async (req, reply) => {
      const user = requireUser(req);
      const b = req.body;
      const m = { id: b.message_id ?? w.newMessageId(), text: b.text, images: b.images };
      const existing = await findListingConversation(db, b.listing_id, user.id);
      const stored = b.message_id ? await findMessage(db, b.message_id) : null;
      const { c, message, created } = stored ? replayed(stored, existing, user) : await append(existing ?? (await newConversation(req, user, b.listing_id)), user, m);
      reply.code(created ? 201 : 200);
      return { conversation: await view((await findConversation(db, c.id))!, user.id), message };
    },
  );

  app.get(
    '/conversations/:id/messages',
    {
      schema: {
        summary: "Get a conversation's messages",
        params: idParams,
        querystring: sinceQuery,
        response: { 200: conversationMessagesSchema },
        tags: ['messages'],
        security: [{ bearerAuth: [] }],
      },
    },
    async (req, reply) => {
      const { user, c } = await ownConversation(req, req.params.id, true);
      reply.header('cache-control', 'private, no-store');
      const since = req.query.since ? new Date(req.query.since) : undefined;
      const [conversation, rows] = await Promise.all([view(c, user.id), listMessages(db, c.id, since)]);
      return { conversation, messages: rows.map(toChatMessage) };
    },
  );

  app.post(
    '/conversations/:id/messages',
    {
      schema: {
        summary: 'Send a message in a conversation',
        params: idParams,
        body: messageBody,
        response: { 200: chatMessageSchema, 201: chatMessageSchema },
        tags: ['messages'],
        security: [{ bearerAuth: [] }],
      },
    },
    async (req, reply) => {
      const { user, c } = await ownConversation(req, req.params.id);
      const stored = await findMessage(db, req.body.id);
      const { message, created } = stored ? replayed(stored, c, user) : await append(c, user, req.body);
      reply.code(created ? 201 : 200);
      return message;
    },
  );

  app.post(
    '/conversations/:id/read',
    { schema: { summary: 'Mark a conversation as read', params: idParams, response: { 200: conversationSchema }, tags: ['messages'], security: [{ bearerAuth: [] }] } },
    async (req) => {
      const { user, c, role } = await ownConversation(req, req.params.id);
      await markRead(db, c, role!);
      return view((await findConversation(db, c.id))!, user.id);
    },
  );
}

/** Blocking, reporting, and an administrator closing a report. */
function moderationRoutes(app: App, w: ConversationWriter) {
  const { db, config } = app.ctx;
  const { view, ownConversation } = w;
  const reportLimit = keyedLimit(app, {
    name: 'conversation-report',
    max: config.reportsPerHour,
    timeWindow: '1 hour',
    key: (req) => req.currentUser?.id ?? '',
    detail: MESSAGE_ERRORS.tooManyReports,
  });

  const block = (on: boolean) => async (req: FastifyRequest<{ Params: { id: string } }>) => {
    const { user, c, role } = await ownConversation(req, req.params.id);
    await setBlock(db, user.id, role === 'buyer' ? c.sellerId : c.buyerId, on);
    await announceConversation(db, c);
    return view(c, user.id);
  };
  const blockSchema = { params: idParams, response: { 200: conversationSchema }, tags: ['messages'], security: [{ bearerAuth: [] }] };
  app.post('/conversations/:id/block', { schema: { summary: 'Block the other person in a conversation', ...blockSchema } }, block(true));
  app.delete('/conversations/:id/block', { schema: { summary: 'Unblock the other person in a conversation', ...blockSchema } }, block(false));

  app.post(
    '/conversations/:id/report',
    { schema: { summary: 'Report a conversation', params: idParams, body: reportBody, response: { 200: messageSchema }, tags: ['messages'], security: [{ bearerAuth: [] }] } },
    async (req) => {
      const { user, c } = await ownConversation(req, req.params.id);
      await reportLimit(req);
      const messageId = req.body.message_id ?? null;
      if (messageId && (await findMessage(db, messageId))?.conversationId !== c.id) throw notFound(MESSAGE_ERRORS.messageNotFound);
      await reportConversation(db, c.id, { by: user.id, reason: req.body.reason, messageId });
      await announceConversation(db, c);
      return { message: MESSAGE_ERRORS.reported };
    },
  );

  // An administrator closes a conversation's report (it leaves the Reports tab).
  app.post(
    '/admin/reports/conversations/:id/dismiss',
    { schema: { summary: "Dismiss a conversation's report", params: idParams, response: { 200: messageSchema }, tags: ['admin'], security: [{ bearerAuth: [] }] } },
    async (req) => {
      requireAdmin(req);
      if (!(await dismissConversationReport(db, req.params.id))) throw notFound(MESSAGE_ERRORS.noOpenReport);
      return { message: MESSAGE_ERRORS.reportDismissed };
    },
  );
}
