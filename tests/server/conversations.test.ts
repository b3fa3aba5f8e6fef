import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Vehicle } from '@/domain/listing/vehicle';
import type { AdminReportGroup, ChatMessage, Conversation, LeadsAnswer } from '@/domain/core/wire';
import { users } from '@/server/db/schema';
import { SCAM_WARNING } from '@/domain/messages/scamRules';
import { ENGINES, startServer, type TestServer } from './harness';

type Session = Awaited<ReturnType<TestServer['signup']>>;
type Started = { conversation: Conversation; message: ChatMessage };

describe.each(ENGINES)('%s: conversations', (engine) => {
  let s: TestServer;
  let seller: Session;
  let buyer: Session;
  let third: Session;
  let hilux: Vehicle;
  let corolla: Vehicle;

  beforeAll(async () => {
    s = await startServer(engine);
    seller = await s.signup({ name: 'Rudo Seller' });
    buyer = await s.signup({ name: 'Tapiwa Buyer' });
    third = await s.signup({ name: 'Nyasha Third' });
    hilux = await s.pay(seller.token, (await s.draft(seller.token, { make: 'Toyota', model: 'Hilux', price: 30000 })).id);
    corolla = await s.pay(seller.token, (await s.draft(seller.token, { make: 'Toyota', model: 'Corolla', price: 9000 })).id);
  });
  afterAll(async () => {
    await s?.close();
  });

  const start = (token: string | null, body: Record<string, unknown>) => s.request({ method: 'POST', url: '/api/conversations', token, body });
  const send = (token: string | null, id: string, body: Record<string, unknown>, headers?: Record<string, string>) =>
    s.request({ method: 'POST', url: `/api/conversations/${id}/messages`, token, body, ...(headers && { headers }) });
  const read = (token: string | null, id: string, since?: string) => s.request({ method: 'GET', url: `/api/conversations/${id}/messages${since ? `?since=${encodeURIComponent(since)}` : ''}`, token });
  const list = async (token: string) => {
    const res = await s.request({ method: 'GET', url: '/api/conversations', token });
    expect(res.statusCode).toBe(200);
    return res.json() as Conversation[];
  };

  let convId = '';

  it('starts a conversation once per listing and buyer: a second POST appends to the same one', async () => {
    const first = await start(buyer.token, { listing_id: hilux.id, text: 'Hello, is the Hilux still available?', message_id: randomUUID() });
    expect(first.statusCode).toBe(201);
    const a = first.json() as Started;
    expect(a.conversation).toMatchObject({ listing_id: hilux.id, buyer_id: buyer.user.id, seller_id: seller.user.id, role: 'buyer', other_name: 'Rudo Seller', blocked: false, reported: false });
    expect(a.conversation.listing).toMatchObject({ title: '2019 Toyota Hilux 2.8GD-6', price: 30000, available: true });
    expect(a.message).toMatchObject({ sender_id: buyer.user.id, text: 'Hello, is the Hilux still available?', images: [], warning: null });
    const second = await start(buyer.token, { listing_id: hilux.id, text: 'Could I see it on Saturday?' });
    expect(second.statusCode).toBe(201);
    const b = second.json() as Started;
    expect(b.conversation.id).toBe(a.conversation.id);
    expect(b.conversation.last_message?.text).toBe('Could I see it on Saturday?');
    convId = a.conversation.id;
    const mine = await list(buyer.token);
    expect(mine.map((c) => c.id)).toEqual([convId]);
    const theirs = await list(seller.token);
    expect(theirs).toHaveLength(1);
    expect(theirs[0]).toMatchObject({ id: convId, role: 'seller', other_name: 'Tapiwa Buyer', unread: 2 });
  });

  it('is for its two people only: anonymous 401, anyone else 404', async () => {
    for (const res of [
      await s.request({ method: 'GET', url: '/api/conversations', token: null }),
      await start(null, { listing_id: hilux.id, text: 'hi' }),
      await read(null, convId),
      await send(null, convId, { id: randomUUID(), text: 'hi' }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toHaveProperty('detail');
    }
    for (const res of [
      await read(third.token, convId),
      await send(third.token, convId, { id: randomUUID(), text: 'hi' }),
      await s.request({ method: 'POST', url: `/api/conversations/${convId}/read`, token: third.token }),
      await s.request({ method: 'POST', url: `/api/conversations/${convId}/block`, token: third.token }),
      await s.request({ method: 'POST', url: `/api/conversations/${convId}/report`, token: third.token, body: { reason: 'x' } }),
      await read(buyer.token, randomUUID()),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toHaveProperty('detail');
    }
    expect(await list(third.token)).toEqual([]);
  });

  it('a seller cannot message their own listing (400), nor anyone a listing that is not there (404)', async () => {
    const own = await start(seller.token, { listing_id: hilux.id, text: 'me' });
    expect(own.statusCode).toBe(400);
    expect(own.json()).toHaveProperty('detail');
    expect((await start(buyer.token, { listing_id: randomUUID(), text: 'hi' })).statusCode).toBe(404);
  });

  it('stores a message once however often its id is replayed, with or without Idempotency-Key', async () => {
    const id = randomUUID();
    const first = await send(seller.token, convId, { id, text: 'Yes, come on Saturday' });
    expect(first.statusCode).toBe(201);
    const again = await send(seller.token, convId, { id, text: 'Yes, come on Saturday' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const key = randomUUID();
    const keyed = { id: randomUUID(), text: 'At 10?' };
    const k1 = await send(seller.token, convId, keyed, { 'idempotency-key': key });
    const k2 = await send(seller.token, convId, keyed, { 'idempotency-key': key });
    expect(k1.statusCode).toBe(201);
    expect(k2.json()).toEqual(k1.json());
    // The buyer's device replaying its first message through POST /api/conversations: still one.
    const replayId = randomUUID();
    await start(buyer.token, { listing_id: hilux.id, text: 'Great', message_id: replayId });
    const replay = await start(buyer.token, { listing_id: hilux.id, text: 'Great', message_id: replayId });
    expect(replay.statusCode).toBe(200);
    const all = ((await read(buyer.token, convId)).json() as { messages: ChatMessage[] }).messages;
    expect(all.filter((m) => m.id === id)).toHaveLength(1);
    expect(all.filter((m) => m.id === replayId)).toHaveLength(1);
    expect(all.filter((m) => m.text === 'At 10?')).toHaveLength(1);
    // The same id by someone else, or in another conversation: 409.
    const taken = await send(buyer.token, convId, { id, text: 'mine?' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toHaveProperty('detail');
    const elsewhere = await start(buyer.token, { listing_id: corolla.id, text: 'And the Corolla?', message_id: id });
    expect(elsewhere.statusCode).toBe(409);
  });

  it('answers the messages oldest first, only those since a time when asked', async () => {
    const res = await read(buyer.token, convId);
    expect(res.statusCode).toBe(200);
    const { conversation, messages } = res.json() as { conversation: Conversation; messages: ChatMessage[] };
    expect(conversation.id).toBe(convId);
    const times = messages.map((m) => m.created_at);
    expect([...times].sort()).toEqual(times);
    const last = messages[messages.length - 1]!;
    const since = (await read(buyer.token, convId, last.created_at)).json() as { messages: ChatMessage[] };
    expect(since.messages.map((m) => m.id)).toContain(last.id);
    expect(since.messages.length).toBeLessThan(messages.length);
    const later = new Date(Date.parse(last.created_at) + 60_000).toISOString();
    expect(((await read(buyer.token, convId, later)).json() as { messages: ChatMessage[] }).messages).toEqual([]);
    expect([400, 422]).toContain((await read(buyer.token, convId, 'yesterday')).statusCode);
  });

  it('read: the reader has nothing unread and the other sees when', async () => {
    const before = (await list(seller.token))[0]!;
    expect(before.unread).toBeGreaterThan(0);
    expect((await list(buyer.token))[0]!.other_read_at).toBeNull();
    const res = await s.request({ method: 'POST', url: `/api/conversations/${convId}/read`, token: seller.token });
    expect(res.statusCode).toBe(200);
    expect((res.json() as Conversation).unread).toBe(0);
    expect((await list(seller.token))[0]!.unread).toBe(0);
    const buyerView = (await list(buyer.token))[0]!;
    expect(buyerView.other_read_at).not.toBeNull();
    // Every message the buyer sent so far was created at or before the seller's read time: shown "read".
    expect(Date.parse(buyerView.other_read_at!)).toBeGreaterThanOrEqual(Date.parse(buyerView.last_message_at));
    await send(buyer.token, convId, { id: randomUUID(), text: 'See you then' });
    expect((await list(seller.token))[0]!.unread).toBe(1);
  });

  it('refuses text over 2000 characters, empty text and more than 4 photos, and photos from elsewhere', async () => {
    const long = await send(buyer.token, convId, { id: randomUUID(), text: 'a'.repeat(2001) });
    expect([400, 422]).toContain(long.statusCode);
    expect(long.json()).toHaveProperty('detail');
    expect((await send(buyer.token, convId, { id: randomUUID(), text: 'a'.repeat(2000) })).statusCode).toBe(201);
    expect([400, 422]).toContain((await send(buyer.token, convId, { id: randomUUID(), text: '   ' })).statusCode);
    const photos = ['/samples/a.jpg', '/samples/b.jpg', '/samples/c.jpg', '/samples/d.jpg'];
    const four = await send(buyer.token, convId, { id: randomUUID(), text: 'Photos of my trade-in', images: photos });
    expect(four.statusCode).toBe(201);
    expect((four.json() as ChatMessage).images).toEqual(photos);
    const five = await send(buyer.token, convId, { id: randomUUID(), text: 'More', images: [...photos, '/samples/e.jpg'] });
    expect([400, 422]).toContain(five.statusCode);
    const foreign = await send(buyer.token, convId, { id: randomUUID(), text: 'x', images: ['https://elsewhere.example/a.jpg'] });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json()).toHaveProperty('detail');
  });

  it('takes photos with no words, and refuses a message with neither', async () => {
    const photo = await send(buyer.token, convId, { id: randomUUID(), images: ['/samples/a.jpg'] });
    expect(photo.statusCode, photo.body).toBe(201);
    expect(photo.json()).toMatchObject({ text: '', images: ['/samples/a.jpg'] });
    const blank = await send(buyer.token, convId, { id: randomUUID(), text: '  ', images: [] });
    expect(blank.statusCode).toBe(422);
    expect(JSON.stringify(blank.json().detail)).toContain('Write a message or add a photo');
    const none = await start(buyer.token, { listing_id: corolla.id });
    expect(none.statusCode).toBe(422);
    expect(JSON.stringify(none.json().detail)).toContain('Write a message or add a photo');
  });

  it("counts a buyer's message on the listing's leads chart", async () => {
    const res = await s.request({ method: 'GET', url: '/api/me/leads', token: seller.token });
    expect(res.statusCode).toBe(200);
    const leads = res.json() as LeadsAnswer;
    const row = leads.listings.find((l) => l.vehicle_id === hilux.id)!;
    expect(row.message[row.message.length - 1]).toBeGreaterThan(0);
    expect(leads.listings.find((l) => l.vehicle_id === corolla.id)!.message.every((n) => n === 0)).toBe(true);
  });

  it('blocking stops messages both ways (403) until the blocker lifts it', async () => {
    const blocked = await s.request({ method: 'POST', url: `/api/conversations/${convId}/block`, token: seller.token });
    expect(blocked.statusCode).toBe(200);
    expect((blocked.json() as Conversation).blocked).toBe(true);
    expect((await list(buyer.token))[0]!.blocked).toBe(true);
    for (const res of [
      await send(buyer.token, convId, { id: randomUUID(), text: 'Hello?' }),
      await send(seller.token, convId, { id: randomUUID(), text: 'Hello?' }),
      await start(buyer.token, { listing_id: hilux.id, text: 'Hello?' }),
      await start(buyer.token, { listing_id: corolla.id, text: 'Then the Corolla?' }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toHaveProperty('detail');
    }
    // The blocked person cannot lift it.
    await s.request({ method: 'DELETE', url: `/api/conversations/${convId}/block`, token: buyer.token });
    expect((await send(buyer.token, convId, { id: randomUUID(), text: 'Hello?' })).statusCode).toBe(403);
    const lifted = await s.request({ method: 'DELETE', url: `/api/conversations/${convId}/block`, token: seller.token });
    expect((lifted.json() as Conversation).blocked).toBe(false);
    expect((await send(buyer.token, convId, { id: randomUUID(), text: 'Hello again' })).statusCode).toBe(201);
  });

  it('a reported conversation joins the admin Reports tab with its messages, for an admin only', async () => {
    const msgs = ((await read(buyer.token, convId)).json() as { messages: ChatMessage[] }).messages;
    const res = await s.request({ method: 'POST', url: `/api/conversations/${convId}/report`, token: buyer.token, body: { reason: 'Asked for a deposit', message_id: msgs[0]!.id } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveProperty('message');
    expect((await list(buyer.token))[0]!.reported).toBe(true);
    const admin = await s.admin();
    const tab = await s.request({ method: 'GET', url: '/api/admin/reports', token: admin.token });
    expect(tab.statusCode).toBe(200);
    const group = (tab.json() as AdminReportGroup[]).find((g) => g.conversation?.id === convId)!;
    expect(group).toBeDefined();
    expect(group.conversation).toMatchObject({
      reason: 'Asked for a deposit',
      reported_by: 'buyer',
      reported_message_id: msgs[0]!.id,
      buyer_id: buyer.user.id,
      seller_id: seller.user.id,
      buyer_name: 'Tapiwa Buyer',
      seller_name: 'Rudo Seller',
    });
    expect(group.conversation!.messages.map((m) => m.id)).toEqual(msgs.map((m) => m.id));
    expect(group.vehicle_id).toBe(hilux.id);
    // An admin may read it; a third person still may not.
    expect((await read(admin.token, convId)).statusCode).toBe(200);
    expect((await read(third.token, convId)).statusCode).toBe(404);
    expect((await s.request({ method: 'GET', url: '/api/admin/reports', token: buyer.token })).statusCode).toBe(403);
    // Dismissed, it leaves the tab.
    const dismissed = await s.request({ method: 'POST', url: `/api/admin/reports/conversations/${convId}/dismiss`, token: admin.token });
    expect(dismissed.statusCode).toBe(200);
    const after = (await s.request({ method: 'GET', url: '/api/admin/reports', token: admin.token })).json() as AdminReportGroup[];
    expect(after.find((g) => g.conversation?.id === convId)).toBeUndefined();
    expect((await read(admin.token, convId)).statusCode).toBe(404);
  });

  it("announces each new message and each read on 'motokari_messages' (the live channel's fan-out)", async () => {
    const heard: unknown[] = [];
    const stop = await s.app.ctx.database.listen(
      'motokari_messages',
      (payload?: string) => void heard.push(payload === undefined ? undefined : JSON.parse(payload)),
      () => {},
    );
    try {
      const id = randomUUID();
      expect((await send(buyer.token, convId, { id, text: 'Are the papers ready?' })).statusCode).toBe(201);
      expect((await s.request({ method: 'POST', url: `/api/conversations/${convId}/read`, token: seller.token })).statusCode).toBe(200);
      await expect.poll(() => heard.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
      // With the payload (database.listen passing it on): which conversation, which message, whose.
      const payloads = heard.filter((p) => p !== undefined);
      if (payloads.length) {
        expect(payloads).toContainEqual({ kind: 'message', conversation_id: convId, message_id: id, buyer_id: buyer.user.id, seller_id: seller.user.id });
        expect(payloads).toContainEqual({ kind: 'read', conversation_id: convId, message_id: null, buyer_id: buyer.user.id, seller_id: seller.user.id });
      }
    } finally {
      await stop();
    }
  });

  it('a deleted listing keeps its conversations, named by the title it had, no longer available', async () => {
    const started = (await start(third.token, { listing_id: corolla.id, text: 'Is the Corolla still for sale?' })).json() as Started;
    expect((await s.request({ method: 'DELETE', url: `/api/vehicles/${corolla.id}`, token: seller.token })).statusCode).toBeLessThan(300);
    const c = (await list(third.token)).find((x) => x.id === started.conversation.id)!;
    expect(c.listing).toEqual({ title: '2019 Toyota Corolla 2.8GD-6', price: null, image: null, available: false, price_warning: null });
    expect((await start(third.token, { listing_id: corolla.id, text: 'Sold then?' })).statusCode).toBe(201);
    expect((await send(seller.token, c.id, { id: randomUUID(), text: 'Yes, sorry' })).statusCode).toBe(201);
    // No new conversation about it, though.
    expect((await start(buyer.token, { listing_id: corolla.id, text: 'Hello?' })).statusCode).toBe(404);
  });

  it("stores the scam rules' warning with a message and sends it to the reader", async () => {
    const id = randomUUID();
    const res = await send(seller.token, convId, { id, text: 'Send a $200 deposit by EcoCash to hold the car before you come' });
    expect(res.statusCode).toBe(201);
    expect((res.json() as ChatMessage).warning).toBe(SCAM_WARNING);
    const stored = ((await read(buyer.token, convId)).json() as { messages: ChatMessage[] }).messages.find((m) => m.id === id)!;
    expect(stored.warning).toBe(SCAM_WARNING);
    const plain = await send(seller.token, convId, { id: randomUUID(), text: 'The car is at my house in Avondale, come any time on Saturday' });
    expect((plain.json() as ChatMessage).warning).toBeNull();
  });

  it('a new account starts at most 10 conversations an hour (429); an older one is not limited', async () => {
    const eager = await s.signup({ name: 'Eager Buyer' });
    const listings: Vehicle[] = [];
    for (let i = 0; i < 11; i++) listings.push(await s.pay(seller.token, (await s.draft(seller.token, { make: 'Honda', model: `Fit ${i}` })).id));
    for (const v of listings.slice(0, 10)) expect((await start(eager.token, { listing_id: v.id, text: 'Is it available?' })).statusCode).toBe(201);
    const over = await start(eager.token, { listing_id: listings[10]!.id, text: 'Is it available?' });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toHaveProperty('detail');
    // Messages in conversations already started are not limited.
    expect((await start(eager.token, { listing_id: listings[0]!.id, text: 'Still there?' })).statusCode).toBe(201);
    // An account older than a week is not limited.
    await s.app.ctx.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(users.id, eager.user.id));
    expect((await start(eager.token, { listing_id: listings[10]!.id, text: 'Is it available?' })).statusCode).toBe(201);
  });
});
