import type { MotokariDb } from '../db';
import type { ItemBase, MessageItem, QueuedMessage, UploadItem } from '../outbox/items';
import { messageChain } from './records';

// Writing a message: it goes into the device's outbox (src/data/outbox), sent by the page's runner or
// the service worker's Background Sync, exactly once (its id and Idempotency-Key are made here, once).
// Its photos go before it in its chain as uploads, as a listing's do before its create.

interface NewMessage {
  ownerId: string;
  listingId: string;
  /** Null while the device does not know the conversation (a buyer writing to a listing's seller). */
  conversationId: string | null;
  text: string;
  images?: string[];
  /** Photos taken on this device (shrunk by the photo pipeline): each is uploaded before the message, in its chain. */
  photos?: { blob: Blob; name: string }[];
  now?: () => number;
}

/**
 * Queues a message. Its chain is the conversation's, or the listing's while the conversation is not
 * known or the listing's chain still has messages to send (so a buyer's messages keep their order
 * across the moment the conversation becomes known). Messages of one chain share the chain's queue
 * time and follow each other by `seq`, so the runner sends them one after the other, in order.
 */
export async function enqueueMessage(db: MotokariDb, input: NewMessage): Promise<MessageItem> {
  const now = input.now ?? Date.now;
  return db.transaction('rw', db.outbox, async () => {
    const byListing = messageChain(input.listingId);
    const listingChain = await db.outbox.where('listingId').equals(byListing).toArray();
    const listingPending = listingChain.some((i) => i.state !== 'done');
    const toListing = input.conversationId === null || listingPending;
    const chainKey = toListing ? byListing : messageChain(input.conversationId!);
    const chain = toListing ? listingChain : await db.outbox.where('listingId').equals(chainKey).toArray();
    const open = chain.filter((i) => i.state !== 'done');
    const at = now();
    const createdAt = open.length ? Math.min(...open.map((i) => i.createdAt)) : Math.max(at, ((await db.outbox.orderBy('createdAt').last())?.createdAt ?? 0) + 1);
    const firstSeq = chain.reduce((max, i) => Math.max(max, i.seq + 1), 0);
    const base = (seq: number): ItemBase => ({
      id: crypto.randomUUID(),
      listingId: chainKey,
      seq,
      idempotencyKey: crypto.randomUUID(),
      state: 'waiting',
      attempts: 0,
      createdAt,
      updatedAt: at,
      ownerId: input.ownerId,
      nextAttemptAt: null,
      error: null,
      httpStatus: null,
      claim: null,
    });
    const uploads: UploadItem[] = (input.photos ?? []).map((p, i) => ({ ...base(firstSeq + i), kind: 'upload', photo: { blob: p.blob, name: p.name }, result: null }));
    const message: QueuedMessage = {
      id: crypto.randomUUID(),
      listingId: input.listingId,
      conversationId: toListing ? null : input.conversationId,
      text: input.text,
      images: input.images ?? [],
      uploadIds: uploads.map((u) => u.id),
      writtenAt: new Date(at).toISOString(),
    };
    const item: MessageItem = { ...base(firstSeq + uploads.length), kind: 'message', message, result: null };
    await db.outbox.bulkAdd([...uploads, item]);
    return item;
  });
}

/** The person's queued messages (any state), for the screens. */
export async function queuedMessages(db: MotokariDb, ownerId: string): Promise<MessageItem[]> {
  const items = await db.outbox.toArray();
  return items.filter((i): i is MessageItem => i.kind === 'message' && i.ownerId === ownerId);
}

/** The photos a queued message carries, in its order, as taken on this device (its upload items' photos). */
export async function queuedPhotos(db: MotokariDb, item: MessageItem): Promise<Blob[]> {
  const uploads = await db.outbox.bulkGet(item.message.uploadIds ?? []);
  return uploads.flatMap((u) => (u?.kind === 'upload' ? [u.photo.blob] : []));
}

/** A sent message has done its job on this device: it leaves the queue, and its photos' uploads with it. */
export async function forgetSent(db: MotokariDb, item: MessageItem): Promise<void> {
  await db.outbox.bulkDelete([item.id, ...(item.message.uploadIds ?? [])]);
}
