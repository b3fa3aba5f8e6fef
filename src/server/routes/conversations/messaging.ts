import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ChatMessage, Conversation } from '@/domain/core/wire';
import { MESSAGE_ERRORS, NEW_ACCOUNT_DAYS, NEW_CONVERSATIONS_PER_HOUR } from '@/domain/messages/apiMessages';
import { titleOf } from '@/domain/listing/display';
import { isPublic } from '@/domain/listing/vehicle';
import { badRequest, conflict, forbidden, notFound, unprocessable } from '../../errors';
import { enqueueMessagePush } from '../../jobs/messagePush';
import { keyedLimit } from '../../keyedLimit';
import { resolveImages } from '../../listings';
import { isAdmin, requireUser } from '../../plugins/app/auth';
import type { UserRow } from '../../repositories/users.repo';
import { toApiVehicle } from '../../repositories/vehicles/rows';
import { findVehicle } from '../../repositories/vehicles/reads';
import { recordListingEvent } from '../../repositories/vehicles/statsAndEvents';
import { enqueueListingWebhook } from '../../webhooks/webhooks';
import { conversationViews, findConversation, openConversation, type ConversationRow } from '../../repositories/conversations/conversations.repo';
import { findMessage, hasWritten, insertMessage, isBlockedBetween, toChatMessage, type MessageRow } from '../../repositories/conversations/messages.repo';
import { listingPriceWarning, messageWarning } from './guards';

// What the conversation routes share: who may read a conversation, and how a message is stored once.

const roleOf = (c: ConversationRow, userId: string): 'buyer' | 'seller' | null => (c.buyerId === userId ? 'buyer' : c.sellerId === userId ? 'seller' : null);

/** A conversation to append to: one stored, or a new one of a listing made with its first message. */
type Target = ConversationRow | { new: { vehicleId: string; buyerId: string; sellerId: string; listingTitle: string } };

export function conversationWriter(app: FastifyInstance) {
  const { db, config, media } = app.ctx;

  // New accounts start at most NEW_CONVERSATIONS_PER_HOUR conversations an hour, counted across instances (Redis).
  const newConversationLimit = keyedLimit(app, {
    name: 'new-conversation',
    max: NEW_CONVERSATIONS_PER_HOUR,
    timeWindow: '1 hour',
    key: (req) => req.currentUser?.id ?? '',
    detail: MESSAGE_ERRORS.tooManyConversations,
  });

  const priceWarning = async (vehicleId: string, price: number | null) => listingPriceWarning(price, await app.ctx.publicIndex.priceVerdict(vehicleId));
  const view = async (c: ConversationRow, viewerId: string): Promise<Conversation> => (await conversationViews(db, [c], viewerId, priceWarning))[0]!;

  /** The conversation, for one of its two people only (and, `adminReads`, an administrator when it was reported). */
  async function ownConversation(req: FastifyRequest, id: string, adminReads = false): Promise<{ user: UserRow; c: ConversationRow; role: 'buyer' | 'seller' | null }> {
    const user = requireUser(req);
    const c = await findConversation(db, id);
    const role = c ? roleOf(c, user.id) : null;
    if (!c || (!role && !(adminReads && c.reportedAt !== null && isAdmin(user)))) throw notFound(MESSAGE_ERRORS.notFound);
    return { user, c, role };
  }

  /** A message's photos: uploads of this server (POST /api/uploads), kept from the purge as a listing's are; no inline data. */
  async function checkImages(list: string[] | undefined): Promise<string[]> {
    if (!list?.length) return [];
    if (list.some((u) => u.startsWith('data:'))) throw unprocessable(MESSAGE_ERRORS.badImage);
    return resolveImages(list, { media, db, publicUrl: config.publicUrl, now: app.ctx.now() });
  }

  /**
   * Appends a message under its device's id (a new conversation and its first message in one
   * transaction). A replay (the same id, conversation and sender) answers the stored message and
   * `created: false`; the id used elsewhere is a 409.
   */
  async function append(target: Target, sender: UserRow, m: { id: string; text: string; images?: string[] | undefined }): Promise<{ c: ConversationRow; message: ChatMessage; created: boolean }> {
    const people = 'new' in target ? target.new : target;
    const other = people.buyerId === sender.id ? people.sellerId : people.buyerId;
    if (await isBlockedBetween(db, sender.id, other)) throw forbidden(MESSAGE_ERRORS.blocked);
    const photos = await checkImages(m.images);
    const { c, row } = await db.transaction(async (tx) => {
      const c = 'new' in target ? await openConversation(tx, target.new) : target;
      const first = !(await hasWritten(tx, c.id, sender.id));
      const row = await insertMessage(tx, { id: m.id, conversationId: c.id, senderId: sender.id, text: m.text, images: photos, warning: messageWarning(m.text, first) });
      // The recipient's push, sent by the job runner (once, on one instance), only for a message stored now.
      if (row) await enqueueMessagePush(tx, row.id);
      // A buyer's first message is a lead for a dealer's webhook.
      if (row && first && sender.id === c.buyerId) await enqueueListingWebhook(tx, c.vehicleId, 'lead', app.ctx.now(), { kind: 'message', conversation_id: c.id });
      return { c, row };
    });
    if (row) app.ctx.jobs.kick();
    // Lost a race with its own replay: the other request stored it.
    if (!row) return replayed((await findMessage(db, m.id))!, c, sender);
    // A buyer's message is one of the listing's leads (the dashboard's chart), while the listing is there.
    if (sender.id === c.buyerId && (await findVehicle(db, c.vehicleId))) await recordListingEvent(db, c.vehicleId, 'message');
    return { c, message: toChatMessage(row), created: true };
  }
  function replayed(stored: MessageRow, c: ConversationRow | null, sender: UserRow) {
    if (!c || stored.conversationId !== c.id || stored.senderId !== sender.id) throw conflict(MESSAGE_ERRORS.idTaken);
    return { c, message: toChatMessage(stored), created: false };
  }

  /** A listing's new conversation with this buyer: a public listing, not their own, within the new accounts' limit. */
  async function newConversation(req: FastifyRequest, user: UserRow, listingId: string): Promise<Target> {
    const row = await findVehicle(db, listingId);
    if (!row || !isPublic(toApiVehicle(row), app.ctx.now())) throw notFound(MESSAGE_ERRORS.listingNotFound);
    if (row.sellerId === user.id) throw badRequest(MESSAGE_ERRORS.ownListing);
    if (await isBlockedBetween(db, user.id, row.sellerId)) throw forbidden(MESSAGE_ERRORS.blocked);
    if (app.ctx.now().getTime() - user.createdAt.getTime() < NEW_ACCOUNT_DAYS * 86_400_000) await newConversationLimit(req);
    return { new: { vehicleId: row.id, buyerId: user.id, sellerId: row.sellerId, listingTitle: titleOf(row) } };
  }

  return { priceWarning, view, ownConversation, append, replayed, newConversation, newMessageId: randomUUID };
}

export type ConversationWriter = ReturnType<typeof conversationWriter>;
