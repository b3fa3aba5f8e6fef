import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MotokariDb } from '@/data/db';
import type { Send } from '@/data/outbox/senders';
import { processOutbox } from '@/data/outbox/runner';
import { enqueuePublish } from '@/data/outbox/enqueue';
import { saveDraft } from '@/data/drafts';
import type { DraftFields } from '@/data/records';
import { enqueueMessage } from '@/data/messages/send';
import { absorbSent, applyLiveEvent, syncMessages, type messagesApi } from '@/data/messages/sync';
import { readConversations, readThread } from '@/data/messages/view';
import type { ChatMessage, Conversation } from '@/domain/core/wire';
import sharp from 'sharp';
import { injectSend as injectSendOver } from '../support/injectSend';
import { purgeOrphanUploads } from '@/server/repositories/uploads.repo';
import { listingBody, startServer, type TestServer } from '../server/harness';

// A message written with no signal waits in the device's outbox (Dexie on fake-indexeddb) and is
// delivered exactly once to the real server (Fastify inject, PGlite) when the connection returns.

type Session = Awaited<ReturnType<TestServer['signup']>>;

interface Wire {
  token: string;
  /** Every request that reached the server: method, path, Idempotency-Key and body. */
  log: { method: string; path: string; key: string | undefined; body: Record<string, unknown> }[];
  /** Paths whose answer is lost on the way back (the server performed the request). */
  dropAnswers: Set<string>;
}

/** The real HTTP layer (tests/support/injectSend.ts) with each request's JSON body logged, and the answers asked lost. */
function injectSend(s: TestServer, wire: Wire): Send {
  const send = injectSendOver(s, wire.token);
  return async (path, init) => {
    wire.log.push({ method: init.method, path, key: init.headers['Idempotency-Key'], body: typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {} });
    const res = await send(path, init);
    if (wire.dropAnswers.has(path)) {
      wire.dropAnswers.delete(path);
      throw new TypeError('fetch failed');
    }
    return res;
  };
}

/** A small PNG of one colour: a photo as the photo pipeline leaves it. */
const pngOf = (background: string) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background } })
    .png()
    .toBuffer();

const offline: Send = () => Promise.reject(new TypeError('Failed to fetch'));

describe('messages through the outbox', () => {
  let s: TestServer;
  let seller: Session;
  let buyer: Session;
  let listingId: string;

  beforeAll(async () => {
    s = await startServer('pglite');
    seller = await s.signup({ name: 'Rudo Seller' });
    buyer = await s.signup({ name: 'Tapiwa Buyer' });
    listingId = (await s.pay(seller.token, (await s.draft(seller.token, { make: 'Toyota', model: 'Hilux', price: 30000 })).id)).id;
  });
  afterAll(() => s?.close());

  const newDb = () => new MotokariDb(`messages-${randomUUID()}`);
  const wire = (session: Session = buyer): Wire => ({ token: session.token, log: [], dropAnswers: new Set() });

  /** The API's message routes for syncMessages, over inject with a person's token. */
  const httpFor = (session: Session): typeof messagesApi => {
    const call = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
      const res = await s.request({ method, url: `/api/${url}`, token: session.token, ...(body !== undefined && { body }) });
      if (res.statusCode >= 400) throw new Error(`${res.statusCode} ${res.body}`);
      return res.json() as T;
    };
    return {
      conversations: () => call<Conversation[]>('GET', 'conversations'),
      messages: (id, since) => call('GET', `conversations/${id}/messages${since ? `?since=${encodeURIComponent(since)}` : ''}`),
      read: (id) => call<Conversation>('POST', `conversations/${id}/read`),
      block: (id, on) => call<Conversation>(on ? 'POST' : 'DELETE', `conversations/${id}/block`),
      report: (id, reason, messageId) => call('POST', `conversations/${id}/report`, { reason, ...(messageId && { message_id: messageId }) }),
    };
  };

  const serverMessages = async (session: Session, conversationId: string): Promise<ChatMessage[]> => {
    const res = await s.request({ method: 'GET', url: `/api/conversations/${conversationId}/messages`, token: session.token });
    expect(res.statusCode).toBe(200);
    return (res.json() as { messages: ChatMessage[] }).messages;
  };
  const conversationsOf = async (session: Session): Promise<Conversation[]> => (await s.request({ method: 'GET', url: '/api/conversations', token: session.token })).json() as Conversation[];

  const write = (db: MotokariDb, text: string, conversationId: string | null = null, session: Session = buyer) => enqueueMessage(db, { ownerId: session.user.id, listingId, conversationId, text });

  let conversationId = '';

  it("sends a buyer's messages written offline once, in order, through POST /api/conversations", async () => {
    const db = newDb();
    await write(db, 'Hello, is the Hilux still available?');
    await write(db, 'Could I see it on Saturday?');
    expect(await processOutbox(db, offline, { userId: buyer.user.id, locks: null })).toMatchObject({ outcome: 'offline' });
    // Offline the conversation is on the device only, and its messages wait.
    const thread = await readThread(db, buyer.user.id, { listingId });
    expect(thread.conversation).toBeNull();
    expect(thread.messages.map((m) => [m.text, m.state, m.mine])).toEqual([
      ['Hello, is the Hilux still available?', 'waiting', true],
      ['Could I see it on Saturday?', 'waiting', true],
    ]);
    expect((await readConversations(db, buyer.user.id)).map((c) => [c.listing_id, c.pending])).toEqual([[listingId, true]]);

    const w = wire();
    expect(await processOutbox(db, injectSend(s, w), { userId: buyer.user.id, locks: null })).toMatchObject({ outcome: 'empty', sent: 2, completed: 2, failed: 0 });
    expect(w.log.map((r) => `${r.method} ${r.path}`)).toEqual(['POST conversations', 'POST conversations']);
    expect(w.log.map((r) => r.body.listing_id)).toEqual([listingId, listingId]);

    const [conversation] = await conversationsOf(buyer);
    conversationId = conversation!.id;
    expect((await serverMessages(buyer, conversationId)).map((m) => m.text)).toEqual(['Hello, is the Hilux still available?', 'Could I see it on Saturday?']);
    // Sent: the device shows them so, with the conversation the server made.
    await absorbSent(db, buyer.user.id);
    const sent = await readThread(db, buyer.user.id, { listingId });
    expect(sent.conversation?.id).toBe(conversationId);
    expect(sent.messages.map((m) => m.state)).toEqual(['sent', 'sent']);
    expect(await db.outbox.count()).toBe(0);
  });

  it('replays a message whose answer was lost with the same id and key: the server keeps it once', async () => {
    const db = newDb();
    const item = await write(db, 'Is the price negotiable?', conversationId);
    const path = `conversations/${conversationId}/messages`;
    const w = wire();
    w.dropAnswers.add(path);
    expect(await processOutbox(db, injectSend(s, w), { userId: buyer.user.id, locks: null })).toMatchObject({ outcome: 'offline' });
    // No answer came: it still waits on the device.
    expect((await readThread(db, buyer.user.id, { conversationId })).messages.map((m) => [m.id, m.state])).toEqual([[item.message.id, 'waiting']]);
    expect(await processOutbox(db, injectSend(s, w), { userId: buyer.user.id, locks: null })).toMatchObject({ outcome: 'empty', completed: 1 });
    expect(w.log.map((r) => r.path)).toEqual([path, path]);
    expect(new Set(w.log.map((r) => r.key))).toEqual(new Set([item.idempotencyKey]));
    expect(new Set(w.log.map((r) => r.body.id))).toEqual(new Set([item.message.id]));
    const onServer = (await serverMessages(seller, conversationId)).filter((m) => m.text === 'Is the price negotiable?');
    expect(onServer.map((m) => m.id)).toEqual([item.message.id]);
  });

  it("keeps a conversation's order and never waits behind a listing's publication", async () => {
    const db = newDb();
    const draft = await saveDraft(db, { step: 7, fields: listingBody() as DraftFields, photos: [] });
    await enqueuePublish(db, draft.id, { payment: null, ownerId: seller.user.id });
    // The seller's new listing was queued first, so it goes first; the replies go in the order written.
    const replies = ['Yes, it is available.', 'Saturday at 10 works.', 'Bring your mechanic if you like.'];
    for (const text of replies) await write(db, text, conversationId, seller);
    const w = wire(seller);
    expect(await processOutbox(db, offline, { userId: seller.user.id, locks: null })).toMatchObject({ outcome: 'offline' });
    expect(await processOutbox(db, injectSend(s, w), { userId: seller.user.id, locks: null })).toMatchObject({ outcome: 'empty', failed: 0 });
    expect(w.log.map((r) => r.path)).toEqual(['vehicles', ...replies.map(() => `conversations/${conversationId}/messages`)]);
    expect((await serverMessages(seller, conversationId)).slice(-3).map((m) => m.text)).toEqual(replies);
  });

  it("shows a refused message as failed with the server's detail, and the next one still goes", async () => {
    const db = newDb();
    await write(db, 'x'.repeat(2001), conversationId);
    await write(db, 'Sorry, that was a mistake.', conversationId);
    const w = wire();
    expect(await processOutbox(db, injectSend(s, w), { userId: buyer.user.id, locks: null })).toMatchObject({ outcome: 'empty', completed: 1, failed: 1 });
    const thread = await readThread(db, buyer.user.id, { conversationId });
    const failed = thread.messages.find((m) => m.state === 'failed');
    expect(failed?.text).toHaveLength(2001);
    expect(failed?.error).toBeTruthy();
    expect(thread.messages.find((m) => m.text === 'Sorry, that was a mistake.')?.state).toBe('sent');
  });

  it("uploads a message's photos taken offline before it, each once, and the other person sees them", async () => {
    const db = newDb();
    const photos = await Promise.all(['#c0392b', '#2980b9'].map(async (colour, i) => ({ blob: new Blob([new Uint8Array(await pngOf(colour))], { type: 'image/png' }), name: `dent-${i}.png` })));
    const item = await enqueueMessage(db, { ownerId: buyer.user.id, listingId, conversationId, text: 'The dent on the door', photos });
    expect(await processOutbox(db, offline, { userId: buyer.user.id, locks: null })).toMatchObject({ outcome: 'offline' });
    // Offline the message shows with its photos from the device.
    const waiting = (await readThread(db, buyer.user.id, { conversationId })).messages.find((m) => m.id === item.message.id)!;
    expect([waiting.state, waiting.photos.length, waiting.images]).toEqual(['waiting', 2, []]);
    // The first photo's answer is lost on the way back: it is sent again under its key, stored once.
    const w = wire();
    w.dropAnswers.add('uploads');
    expect(await processOutbox(db, injectSend(s, w), { userId: buyer.user.id, locks: null })).toMatchObject({ outcome: 'offline' });
    expect(await processOutbox(db, injectSend(s, w), { userId: buyer.user.id, locks: null })).toMatchObject({ outcome: 'empty', failed: 0 });
    const path = `conversations/${conversationId}/messages`;
    expect(w.log.map((r) => r.path)).toEqual(['uploads', 'uploads', 'uploads', path]);
    expect(w.log[0]!.key).toBe(w.log[1]!.key);
    const sentImages = w.log[3]!.body.images as string[];
    expect(sentImages).toHaveLength(2);
    const onServer = (await serverMessages(seller, conversationId)).filter((m) => m.id === item.message.id);
    expect(onServer.map((m) => [m.text, m.images])).toEqual([['The dent on the door', sentImages]]);
    for (const url of sentImages) expect((await s.app.inject({ method: 'GET', url: new URL(url, 'http://x').pathname })).statusCode).toBe(200);
    // Sent: the photos leave the device's queue with their message.
    await absorbSent(db, buyer.user.id);
    expect(await db.outbox.count()).toBe(0);
    expect((await db.chatMessages.get(item.message.id))?.images).toEqual(sentImages);
  });

  it("fails a message whose photo the server refuses, with the photo's reason, and the next message still goes", async () => {
    const db = newDb();
    const notAPhoto = { blob: new Blob(['not a photo at all'], { type: 'image/jpeg' }), name: 'broken.jpg' };
    await enqueueMessage(db, { ownerId: buyer.user.id, listingId, conversationId, text: 'Here is the logbook', photos: [notAPhoto] });
    await write(db, 'It did not send, I will bring it.', conversationId);
    const w = wire();
    expect(await processOutbox(db, injectSend(s, w), { userId: buyer.user.id, locks: null })).toMatchObject({ outcome: 'empty', failed: 1 });
    expect(w.log.map((r) => r.path)).toEqual(['uploads', `conversations/${conversationId}/messages`]);
    const thread = await readThread(db, buyer.user.id, { conversationId });
    const failed = thread.messages.find((m) => m.text === 'Here is the logbook')!;
    expect(failed.state).toBe('failed');
    expect(failed.error).toBeTruthy();
    expect(thread.messages.find((m) => m.text === 'It did not send, I will bring it.')?.state).toBe('sent');
  });

  it("sends a message's photos again, once, when the server deleted them while the message waited (a day offline)", async () => {
    const db = newDb();
    const photo = { blob: new Blob([new Uint8Array(await pngOf('#16a085'))], { type: 'image/png' }), name: 'logbook.png' };
    const item = await enqueueMessage(db, { ownerId: buyer.user.id, listingId, conversationId, text: 'The logbook', photos: [photo] });
    const path = `conversations/${conversationId}/messages`;
    // The photo goes up, then the signal is lost before the message.
    const w = wire();
    const online = injectSend(s, w);
    const uploadsOnly: Send = (p, init) => (p === 'uploads' ? online(p, init) : offline(p, init));
    expect(await processOutbox(db, uploadsOnly, { userId: buyer.user.id, locks: null })).toMatchObject({ outcome: 'offline' });
    // A day later the server's purge has deleted the photo no listing or message took.
    const start = new Date();
    s.clock.now = new Date(start.getTime() + 25 * 3600_000);
    try {
      expect(await purgeOrphanUploads(s.app.ctx.db, s.app.ctx.media, s.clock.now)).toBeGreaterThanOrEqual(1);
      expect(await processOutbox(db, online, { userId: buyer.user.id, locks: null })).toMatchObject({ outcome: 'empty', failed: 0 });
    } finally {
      s.clock.now = new Date();
    }
    // Refused for the photo, the photo sent again under a new key, then the message: delivered once.
    expect(w.log.map((r) => r.path)).toEqual(['uploads', path, 'uploads', path]);
    expect(w.log[2]!.key).not.toBe(w.log[0]!.key);
    const onServer = (await serverMessages(seller, conversationId)).filter((m) => m.id === item.message.id);
    expect(onServer).toHaveLength(1);
    expect((await s.app.inject({ method: 'GET', url: new URL(onServer[0]!.images[0]!, 'http://x').pathname })).statusCode).toBe(200);
  });

  it("syncs the seller's device, and the buyer's message shows read once the seller has read it", async () => {
    const sellerDb = newDb();
    await syncMessages(sellerDb, seller.user.id, null, httpFor(seller));
    const list = await readConversations(sellerDb, seller.user.id);
    expect(list.map((c) => [c.id, c.role])).toEqual([[conversationId, 'seller']]);
    const texts = (await readThread(sellerDb, seller.user.id, { conversationId })).messages.map((m) => m.text);
    // Exactly once each, though the sync asks for the last minute again.
    await syncMessages(sellerDb, seller.user.id, conversationId, httpFor(seller));
    expect((await readThread(sellerDb, seller.user.id, { conversationId })).messages.map((m) => m.text)).toEqual(texts);
    expect(texts.filter((t) => t === 'Hello, is the Hilux still available?')).toHaveLength(1);

    const buyerDb = newDb();
    await syncMessages(buyerDb, buyer.user.id, null, httpFor(buyer));
    const before = (await readThread(buyerDb, buyer.user.id, { conversationId })).messages.filter((m) => m.mine);
    expect(new Set(before.map((m) => m.state))).toEqual(new Set(['sent']));
    const read = await httpFor(seller).read(conversationId);
    expect(read.unread).toBe(0);
    // The live channel's event says it at once.
    await applyLiveEvent(buyerDb, buyer.user.id, { type: 'read', conversation_id: conversationId, reader_id: seller.user.id, read_at: new Date(Date.now() + 1000).toISOString() });
    const after = (await readThread(buyerDb, buyer.user.id, { conversationId })).messages.filter((m) => m.mine);
    expect(new Set(after.map((m) => m.state))).toEqual(new Set(['read']));
  });
});
