import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, Conversation } from '@/domain/core/wire';
import type { Vehicle } from '@/domain/listing/vehicle';
import { connectLive, isMessage } from '../support/liveClient';
import { startServer, type TestServer } from './harness';

// Two instances on one PostgreSQL (as production runs several behind a load balancer): a message posted
// to A reaches a person whose app is connected to B, through PostgreSQL's NOTIFY. Needs PostgreSQL
// (TEST_DATABASE_URL), which CI starts. Tests time nothing: how fast (the "within a second") is
// measured by npm run bench:messages, two instances and 200 conversations.

type Session = Awaited<ReturnType<TestServer['signup']>>;

describe.skipIf(!process.env.TEST_DATABASE_URL)('the live channel across two instances on one PostgreSQL (skipped without TEST_DATABASE_URL)', () => {
  let a: TestServer;
  let b: TestServer;
  let baseB: string;
  let seller: Session;
  let buyer: Session;
  let listing: Vehicle;

  beforeAll(async () => {
    a = await startServer('postgres');
    b = await startServer('postgres', { config: { databaseUrl: a.config.databaseUrl, jwtSecret: a.config.jwtSecret } });
    baseB = await b.app.listen({ port: 0, host: '127.0.0.1' });
    seller = await a.signup({ name: 'Tendai Seller' });
    buyer = await a.signup({ name: 'Kuda Buyer' });
    listing = await a.pay(seller.token, (await a.draft(seller.token, { make: 'Toyota', model: 'Fortuner', price: 34000 })).id);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('brings a message posted to A to the seller listening on B, and the reply back, each once', async () => {
    const sellerOnB = await connectLive(baseB, seller.token);
    const buyerOnB = await connectLive(baseB, buyer.token);
    await Promise.all([sellerOnB, buyerOnB].map((c) => c.next((e) => e.type === 'ready')));

    const text = 'Good morning, I would like to see the Fortuner in Bulawayo';
    const posted = await a.request({ method: 'POST', url: '/api/conversations', token: buyer.token, body: { listing_id: listing.id, text, message_id: randomUUID() } });
    expect(posted.statusCode).toBe(201);
    const heard = await sellerOnB.next(isMessage(text));
    const { conversation, message } = posted.json() as { conversation: Conversation; message: ChatMessage };
    expect(heard).toEqual({ type: 'message', message });

    const reply = await a.request({
      method: 'POST',
      url: `/api/conversations/${conversation.id}/messages`,
      token: seller.token,
      body: { id: randomUUID(), text: 'It is in Hillside, come on Friday' },
    });
    expect(reply.statusCode).toBe(201);
    await buyerOnB.next(isMessage('It is in Hillside, come on Friday'));
    await sellerOnB.next(isMessage('It is in Hillside, come on Friday'));
    // Each message once: B heard each NOTIFY once and sent it once to each socket.
    expect(sellerOnB.events.filter((e) => e.type === 'message')).toHaveLength(2);
    sellerOnB.close();
    buyerOnB.close();
  });
});
