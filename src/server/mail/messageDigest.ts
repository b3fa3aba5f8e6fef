import { and, eq, inArray, isNull, lte } from 'drizzle-orm';
import { messagePreview } from '@/domain/messages/texts';
import type { Db } from '../db/client';
import { conversations, messages, users } from '../db/schema';
import { isBlockedBetween } from '../repositories/conversations/messages.repo';
import type { Mailer } from './mailer';
import type { Translator } from '@/domain/i18n/translate';
import { translatorFor } from '../i18n/translators';

// The email digest of unread messages (issue 37): a recurring background job mails each person the
// messages they have left unread for 12 hours, once per message (messages.digested_at, migration 0021),
// unless they turned message emails off (users.message_emails, PUT /api/me/settings), in the
// language they chose (issue 39).

const UNREAD_DIGEST_MS = 12 * 3600_000;
/** Messages dealt with per run: a backlog drains over a few runs without one long transaction. */
const BATCH = 2000;
const PREVIEW_CHARS = 200;

interface Unread {
  id: string;
  conversationId: string;
  text: string;
  images: string[];
  warning: string | null;
  listingTitle: string;
  senderName: string;
}

function digestText(name: string, unread: Unread[], opts: { publicUrl: string; product: string }, words: Translator): { subject: string; text: string } {
  const tr = words.t;
  const byConversation = new Map<string, Unread[]>();
  for (const m of unread) byConversation.set(m.conversationId, [...(byConversation.get(m.conversationId) ?? []), m]);
  const blocks = [...byConversation.entries()].map(([id, list]) => {
    const first = list[0]!;
    const lines = list.map((m) => `  ${m.senderName}: ${m.warning ? `[${words.known(m.warning)}] ` : ''}${messagePreview(m, PREVIEW_CHARS, tr)}`);
    return `${first.listingTitle}\n${lines.join('\n')}\n${tr(/*i18n*/ 'Reply: {link}', { link: `${opts.publicUrl}/messages/${id}` })}`;
  });
  const values = { count: unread.length, product: opts.product, name, link: `${opts.publicUrl}/account` };
  const one = unread.length === 1;
  return {
    subject: one ? tr(/*i18n*/ '{product}: you have 1 unread message', values) : tr(/*i18n*/ '{product}: you have {count} unread messages', values),
    text: [
      tr(/*i18n*/ 'Hello {name},', values),
      one ? tr(/*i18n*/ 'You have 1 unread message on {product}:', values) : tr(/*i18n*/ 'You have {count} unread messages on {product}:', values),
      ...blocks,
      tr(/*i18n*/ 'To stop these emails, turn off message emails in your account: {link}', values),
    ].join('\n\n'),
  };
}

/**
 * Mails every person their messages unread for 12 hours, in one email each. Each message is marked
 * digested once dealt with (emailed, or skipped because it was read, blocked, or its reader opted
 * out), so a retried run sends only what a failed one did not. Returns how many emails went.
 */
export async function sendMessageDigests(db: Db, mailer: Mailer, opts: { now: Date; publicUrl: string; product: string }): Promise<number> {
  const cutoff = new Date(opts.now.getTime() - UNREAD_DIGEST_MS);
  const rows = await db
    .select({ m: messages, c: conversations, senderName: users.name })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(and(isNull(messages.digestedAt), lte(messages.createdAt, cutoff)))
    .orderBy(messages.createdAt)
    .limit(BATCH);
  const byRecipient = new Map<string, Unread[]>();
  for (const { m, c, senderName } of rows) {
    const toBuyer = m.senderId === c.sellerId;
    const recipient = toBuyer ? c.buyerId : c.sellerId;
    const readAt = toBuyer ? c.buyerReadAt : c.sellerReadAt;
    if (readAt && readAt.getTime() >= m.createdAt.getTime()) continue;
    if (await isBlockedBetween(db, recipient, m.senderId)) continue;
    byRecipient.set(recipient, [
      ...(byRecipient.get(recipient) ?? []),
      { id: m.id, conversationId: c.id, text: m.text, images: m.images, warning: m.warning, listingTitle: c.listingTitle, senderName },
    ]);
  }
  const recipients = byRecipient.size
    ? await db
        .select()
        .from(users)
        .where(inArray(users.id, [...byRecipient.keys()]))
    : [];
  let sent = 0;
  for (const u of recipients) {
    if (!u.messageEmails) continue;
    const unread = byRecipient.get(u.id)!;
    await mailer.send({ to: u.email, ...digestText(u.name, unread, opts, translatorFor(u.language)) });
    sent += 1;
    await markDigested(
      db,
      unread.map((m) => m.id),
      opts.now,
    );
  }
  // The rest (read, blocked, opted out) is dealt with too: never mailed later.
  await markDigested(
    db,
    rows.map((r) => r.m.id),
    opts.now,
  );
  return sent;
}

async function markDigested(db: Db, ids: string[], now: Date): Promise<void> {
  if (ids.length)
    await db
      .update(messages)
      .set({ digestedAt: now })
      .where(and(inArray(messages.id, ids), isNull(messages.digestedAt)));
}
