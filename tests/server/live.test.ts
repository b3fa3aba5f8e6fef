import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, Conversation } from '@/domain/core/wire';
import type { Vehicle } from '@/domain/listing/vehicle';
import { connectLive, isMessage } from '../support/liveClient';
import { ENGINES, startServer, type TestServer } from './harness';

// The live channel (GET /api/live, a WebSocket): a person connected hears the messages and reads of
// their conversations as they happen, and nobody else's. On one instance here, on each engine; two
// instances on one PostgreSQL are liveTwoInstances.test.ts.

type Session = Awaited<ReturnType<TestServer['signup']>>;

describe.each(ENGINES)('%s: the live channel', (engine) => {
  let s: TestServer;
  let base: string;
  let seller: Session;
  let buyer: Session;
  let third: Session;
  let listing: Vehicle;

  beforeAll(async () => {
    s = await startServer(engine);
    base = await s.app.listen({ port: 0, host: '127.0.0.1' });
    seller = await s.signup({ name: 'Chipo Seller' });
    buyer = await s.signup({ name: 'Farai Buyer' });
    third = await s.signup({ name: 'Third Person' });
    listing = await s.pay(seller.token, (await s.draft(seller.token, { make: 'Nissan', model: 'Navara', price: 21000 })).id);
  });
  afterAll(async () => {
    await s?.close();
  });

  const post = async (url: string, token: string, body: Record<string, unknown>) => {
    const res = await s.request({ method: 'POST', url, token, body });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json() as unknown;
  };

  it('answers ready to a signed-in person, and closes with 4401 a bad token or none', async () => {
    const ok = await connectLive(base, seller.token);
    await ok.next((e) => e.type === 'ready');
    ok.close();
    const bad = await connectLive(base, 'not-a-token');
    expect(await bad.closed).toBe(4401);
    const junk = await connectLive(base, null);
    expect(await junk.closed).toBe(4401);
  });

  it("closes a person's open sockets with 4401 when they sign out on all devices, and nobody else's", async () => {
    const leaving = await s.signup({ name: 'Leaving Person' });
    const phone = await connectLive(base, leaving.token);
    const laptop = await connectLive(base, leaving.token);
    const other = await connectLive(base, seller.token);
    for (const c of [phone, laptop, other]) await c.next((e) => e.type === 'ready');
    await post('/api/auth/logout-all', leaving.token, {});
    expect(await phone.closed).toBe(4401);
    expect(await laptop.closed).toBe(4401);
    // The other person's socket still hears: a message of theirs arrives.
    const started = (await post('/api/conversations', buyer.token, { listing_id: listing.id, text: 'Still there after a sign-out elsewhere?' })) as { conversation: Conversation };
    expect(started.conversation.seller_id).toBe(seller.user.id);
    await other.next(isMessage('Still there after a sign-out elsewhere?'));
    other.close();
  });

  it('brings a new message to the seller and the buyer, and nothing to anyone else', async () => {
    const sellerLive = await connectLive(base, seller.token);
    const buyerLive = await connectLive(base, buyer.token);
    const thirdLive = await connectLive(base, third.token);
    await Promise.all([sellerLive, buyerLive, thirdLive].map((c) => c.next((e) => e.type === 'ready')));

    const started = (await post('/api/conversations', buyer.token, { listing_id: listing.id, text: 'Is the Navara still for sale?', message_id: randomUUID() })) as { conversation: Conversation };
    const heard = await sellerLive.next(isMessage('Is the Navara still for sale?'));
    expect(heard).toMatchObject({ type: 'message', message: { conversation_id: started.conversation.id, sender_id: buyer.user.id } });
    // The sender's own devices hear it too (another tab, another phone).
    await buyerLive.next(isMessage('Is the Navara still for sale?'));

    const reply = (await post(`/api/conversations/${started.conversation.id}/messages`, seller.token, { id: randomUUID(), text: 'Yes, come and see it on Saturday' })) as ChatMessage;
    const got = await buyerLive.next(isMessage('Yes, come and see it on Saturday'));
    expect(got).toEqual({ type: 'message', message: reply });

    // The buyer reads: the seller hears when, to show 'Read' under the reply.
    await post(`/api/conversations/${started.conversation.id}/read`, buyer.token, {});
    const readEvent = await sellerLive.next((e) => e.type === 'read' && e.reader_id === buyer.user.id);
    expect(readEvent).toMatchObject({ conversation_id: started.conversation.id });

    // The third person, connected all along, heard only 'ready'.
    expect(thirdLive.events).toEqual([{ type: 'ready' }]);
    for (const c of [sellerLive, buyerLive, thirdLive]) c.close();
  });

  it('tells both people when a conversation is blocked', async () => {
    const buyerLive = await connectLive(base, buyer.token);
    await buyerLive.next((e) => e.type === 'ready');
    const list = (await s.request({ method: 'GET', url: '/api/conversations', token: seller.token })).json() as Conversation[];
    const c = list.find((x) => x.listing_id === listing.id)!;
    await post(`/api/conversations/${c.id}/block`, seller.token, {});
    await buyerLive.next((e) => e.type === 'conversation' && e.conversation_id === c.id);
    buyerLive.close();
  });
});
