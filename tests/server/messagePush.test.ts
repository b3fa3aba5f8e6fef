import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, Conversation } from '@/domain/core/wire';
import type { Vehicle } from '@/domain/listing/vehicle';
import { enqueueMessagePush } from '@/server/jobs/messagePush';
import { startFakePushService, type FakeDevice, type FakePushService } from '../fakes/fakePushService';
import { ENGINES, startServer, type TestServer } from './harness';

type Session = Awaited<ReturnType<TestServer['signup']>>;

// A new message is pushed to the other person of its conversation, once, by the background jobs.

describe.each(ENGINES)('%s: message pushes', (engine) => {
  let s: TestServer;
  let push: FakePushService;
  let seller: Session & { device: FakeDevice };
  let buyer: Session & { device: FakeDevice };
  let hilux: Vehicle;

  async function subscribed(name: string): Promise<Session & { device: FakeDevice }> {
    const session = await s.signup({ name });
    const device = push.device();
    const res = await s.request({ method: 'POST', url: '/api/push/subscriptions', token: session.token, body: device.subscription });
    expect(res.statusCode, res.body).toBe(201);
    return { ...session, device };
  }

  beforeAll(async () => {
    push = await startFakePushService();
    s = await startServer(engine, { config: { pushAllowHttp: true } });
    seller = await subscribed('Rudo Seller');
    buyer = await subscribed('Tapiwa Buyer');
    hilux = await s.pay(seller.token, (await s.draft(seller.token, { make: 'Toyota', model: 'Hilux', price: 30000 })).id);
  });
  afterAll(async () => {
    await s?.close();
    await push?.close();
  });

  const settled = () => s.app.ctx.jobs.idle();
  /** The message pushes a device received (the seller also hears that the listing is live). */
  const payloads = (device: FakeDevice) =>
    push
      .pushesFor(device)
      .map((p) => p.payload as Record<string, unknown>)
      .filter((p) => String(p.url).startsWith('/messages/'));
  const start = (token: string, body: Record<string, unknown>) => s.request({ method: 'POST', url: '/api/conversations', token, body });
  const send = (token: string, id: string, body: Record<string, unknown>) => s.request({ method: 'POST', url: `/api/conversations/${id}/messages`, token, body });
  /** Runs the push job of a message again, as a second job would (what the recipient did meanwhile decides). */
  async function pushAgain(messageId: string) {
    await s.app.ctx.db.transaction((tx) => enqueueMessagePush(tx, messageId));
    s.app.ctx.jobs.kick();
    await settled();
  }

  let conv: Conversation;
  let first: ChatMessage;

  it("a buyer's first message reaches the seller's device once: the buyer's name, the listing, the text, the conversation's screen", async () => {
    const res = await start(buyer.token, { listing_id: hilux.id, text: 'Hello, is the Hilux still available?', message_id: randomUUID() });
    expect(res.statusCode, res.body).toBe(201);
    ({ conversation: conv, message: first } = res.json() as { conversation: Conversation; message: ChatMessage });
    await settled();
    expect(payloads(seller.device)).toEqual([
      { title: 'Tapiwa Buyer', body: `${conv.listing.title}\nHello, is the Hilux still available?`, url: `/messages/${conv.id}`, tag: `conversation:${conv.id}` },
    ]);
    expect(payloads(buyer.device)).toEqual([]);
  });

  it('a replayed message id pushes nothing more', async () => {
    const again = await send(buyer.token, conv.id, { id: first.id, text: first.text });
    expect(again.statusCode).toBe(200);
    await settled();
    expect(payloads(seller.device)).toHaveLength(1);
  });

  it("the seller's answer reaches the buyer; a long text is cut to 80 characters; a scam warning comes first", async () => {
    const text = 'Yes it is. Send a deposit of $500 by EcoCash to hold it for you, I have many buyers waiting for this one.';
    const res = await send(seller.token, conv.id, { id: randomUUID(), text });
    expect(res.statusCode, res.body).toBe(201);
    const message = res.json() as ChatMessage;
    await settled();
    const [p] = payloads(buyer.device);
    expect(p).toMatchObject({ title: 'Rudo Seller', url: `/messages/${conv.id}`, tag: `conversation:${conv.id}` });
    const lines = String(p!.body).split('\n');
    expect(lines[0]).toBe(conv.listing.title);
    expect(message.warning).toBeTruthy();
    expect(lines[1]).toBe(message.warning);
    const preview = lines[lines.length - 1]!;
    expect(preview).toHaveLength(80);
    expect(text.startsWith(preview.slice(0, 79))).toBe(true);
  });

  it('a recipient who read the conversation before the job ran gets none', async () => {
    const res = await send(buyer.token, conv.id, { id: randomUUID(), text: 'Can I see it on Saturday?' });
    const message = res.json() as ChatMessage;
    await settled();
    const before = payloads(seller.device).length;
    expect((await s.request({ method: 'POST', url: `/api/conversations/${conv.id}/read`, token: seller.token })).statusCode).toBe(200);
    await pushAgain(message.id);
    expect(payloads(seller.device)).toHaveLength(before);
  });

  it('a recipient who blocked the sender gets none', async () => {
    const res = await send(buyer.token, conv.id, { id: randomUUID(), text: 'Hello again?' });
    const message = res.json() as ChatMessage;
    await settled();
    const before = payloads(seller.device).length;
    expect((await s.request({ method: 'POST', url: `/api/conversations/${conv.id}/block`, token: seller.token })).statusCode).toBe(200);
    await pushAgain(message.id);
    expect(payloads(seller.device)).toHaveLength(before);
  });
});
