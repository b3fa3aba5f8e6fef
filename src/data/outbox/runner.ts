import { PAYMENT_MESSAGES } from '@/domain/core/messages';
import type { MotokariDb } from '../db';
import { isMessageChain } from '../messages/records';
import { sortItems, type ItemBase, type OutboxItem } from './items';
import { buildRequest, type Send } from './senders';
import { retryAfterMs } from '../retryAfter';
import { judge, readBody } from './verdicts';

// The runner: sends the queue in order, one runner per device, and writes each answer's verdict
// (verdicts.ts) back to its item.

export type ProcessOutcome =
  /** Nothing left that can run: every chain is done or stopped at a failed item. */
  | 'empty'
  /** Items wait for their backoff to pass: run again at `retryAt`. */
  | 'waiting'
  /** A request got no answer: run again when the connection returns. */
  | 'offline'
  /** The server answered 401: nothing was marked failed; run again after signing in. */
  | 'signInNeeded';

export interface ProcessResult {
  outcome: ProcessOutcome;
  /** Requests sent, and items that ended done or failed, during this run. */
  sent: number;
  completed: number;
  failed: number;
  /** The server's detail for signInNeeded, the network message for offline. */
  message: string | null;
  retryAt: number | null;
}

/** The part of the Web Locks API (navigator.locks) the runner uses: an exclusive lock by name. */
export interface OutboxLocks {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

/** The lock the page's runner (in the listings worker) and the service worker's take: one runner per device. */
export const OUTBOX_LOCK = 'motokari-outbox';

/** The device's navigator.locks where the browser has it (pages, workers and service workers alike). */
function deviceLocks(): OutboxLocks | null {
  const nav = (globalThis as { navigator?: { locks?: OutboxLocks } }).navigator;
  return nav?.locks ?? null;
}

export interface ProcessOptions {
  /** The signed-in user: chains queued by someone else are left for them. */
  userId?: string | null;
  now?: () => number;
  /** The device's locks; by default navigator.locks, null (or a browser without them) for none. */
  locks?: OutboxLocks | null;
}

interface Runner {
  promise: Promise<ProcessResult>;
  again: { send: Send; options: ProcessOptions } | null;
}

const runners = new WeakMap<MotokariDb, Runner>();

/**
 * Sends the queue in order until nothing more can run now. One runner per database in this page: a
 * call made while it runs joins it (and makes it look again for work queued meanwhile). One runner per
 * device: each run holds the device's OUTBOX_LOCK (navigator.locks), so the page's runner and the
 * service worker's take turns instead of sending the same request at once. Where the browser has no
 * locks, another tab or the service worker may send the same item at the same moment; the
 * Idempotency-Key makes the server do it once, a success is kept whoever sent it, and any other answer
 * for an item claimed since by another runner is ignored.
 *
 * Per answer: 2xx done (its result kept for later items); a network error leaves the item waiting
 * and stops the run; 401 stops the run and marks nothing failed; a 409 for a key still in progress
 * is asked again in a moment (IN_PROGRESS_RETRY_MS); 408, 429 and 5xx wait with backoff (that chain
 * only); a create or a message refused because a photo it names is gone from the server (deleted a day after its
 * upload while the listing or message waited on the device) sends its photos again, once; any other 4xx
 * fails the item with the server's detail and stops its chain (a message's chain goes on: see MessageItem).
 */
export function processOutbox(db: MotokariDb, send: Send, options: ProcessOptions = {}): Promise<ProcessResult> {
  const running = runners.get(db);
  if (running) {
    running.again = { send, options };
    return running.promise;
  }
  const runner: Runner = { promise: Promise.resolve(emptyResult()), again: null };
  const passes = async () => {
    let result = await runPass(db, send, options);
    while (runner.again) {
      const next = runner.again;
      runner.again = null;
      const more = await runPass(db, next.send, next.options);
      result = { ...more, sent: result.sent + more.sent, completed: result.completed + more.completed, failed: result.failed + more.failed };
    }
    return result;
  };
  const locks = options.locks === undefined ? deviceLocks() : options.locks;
  runner.promise = (async () => {
    try {
      return locks ? await locks.request(OUTBOX_LOCK, passes) : await passes();
    } finally {
      runners.delete(db);
    }
  })();
  runners.set(db, runner);
  return runner.promise;
}

function emptyResult(): ProcessResult {
  return { outcome: 'empty', sent: 0, completed: 0, failed: 0, message: null, retryAt: null };
}

async function runPass(db: MotokariDb, send: Send, options: ProcessOptions): Promise<ProcessResult> {
  const now = options.now ?? Date.now;
  const result = emptyResult();
  // Chains stopped during this pass (failed, backing off, or taken by another runner).
  const stopped = new Set<string>();
  for (;;) {
    const { item, retryAt } = await nextItem(db, options.userId ?? null, now(), stopped);
    if (!item) return { ...result, outcome: retryAt === null ? 'empty' : 'waiting', retryAt };
    const step = await sendItem(db, item, send, now);
    if (step.sent) result.sent += 1;
    switch (step.kind) {
      case 'done':
        result.completed += 1;
        break;
      case 'failed':
        result.failed += 1;
        // A failed message (or photo of one) leaves its conversation's next ones free to go (see nextItem).
        if (!isMessageChain(item.listingId)) stopped.add(item.listingId);
        break;
      case 'later':
      case 'skipped':
        stopped.add(item.listingId);
        break;
      case 'again':
        // The chain starts again from its uploads, in this pass.
        break;
      case 'offline':
        return { ...result, outcome: 'offline', message: step.message };
      case 'unauthorized':
        return { ...result, outcome: 'signInNeeded', message: step.message };
    }
  }
}

/** The first item of the first chain that may run now, and the earliest time a backing-off one may. */
async function nextItem(db: MotokariDb, userId: string | null, now: number, stopped: Set<string>) {
  const items = sortItems(await db.outbox.toArray());
  let retryAt: number | null = null;
  let blocked: string | null = null;
  for (const item of items) {
    if (item.listingId === blocked || item.state === 'done') continue;
    if (userId && item.ownerId && item.ownerId !== userId) continue;
    // A message that failed (refused by the server, shown so) does not hold back the messages written after it.
    if (item.state === 'failed' && isMessageChain(item.listingId)) continue;
    // The first item not done decides for its chain: it runs, or the chain waits behind it.
    blocked = item.listingId;
    if (item.state === 'failed') continue;
    if (item.nextAttemptAt !== null && item.nextAttemptAt > now) {
      retryAt = retryAt === null ? item.nextAttemptAt : Math.min(retryAt, item.nextAttemptAt);
      continue;
    }
    if (stopped.has(item.listingId)) continue;
    return { item, retryAt };
  }
  return { item: null, retryAt };
}

type Step = { kind: 'done' | 'failed' | 'later' | 'skipped' | 'again'; sent: boolean } | { kind: 'offline' | 'unauthorized'; sent: boolean; message: string };

const BACKOFF_BASE_MS = 5_000;
/** A request still being processed on the server (its first attempt's answer is on its way): ask again this soon. */
export const IN_PROGRESS_RETRY_MS = 1_500;
const BACKOFF_MAX_MS = 15 * 60_000;

/** 5 s, 10 s, 20 s ... up to 15 minutes; never sooner than the server's Retry-After. */
export function backoffMs(attempts: number, retryAfterMs: number | null = null): number {
  const exp = Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);
  return Math.max(exp, retryAfterMs ?? 0);
}

/**
 * Sends a listing's photos again, then its create (or a message's photos, then the message): each
 * upload waits with its result forgotten and a new Idempotency-Key (the server would answer the old
 * one from its record, naming the deleted photo), and so does the item that names them (its refusal
 * is kept under its key; it made nothing, so a new key cannot double anything). False when the item
 * is no longer this runner's to change.
 */
async function sendPhotosAgain(db: MotokariDb, item: OutboxItem, claim: string, at: number): Promise<boolean> {
  return db.transaction('rw', db.outbox, async () => {
    const cur = await db.outbox.get(item.id);
    if (!cur || (cur.kind !== 'create' && cur.kind !== 'message') || cur.state === 'done' || cur.claim !== claim) return false;
    const chain = await db.outbox.where('listingId').equals(cur.listingId).toArray();
    // A listing's create takes every photo of its chain; a message, the ones it names.
    const own = cur.kind === 'message' ? new Set(cur.message.uploadIds ?? []) : null;
    const fresh = () => ({ state: 'waiting' as const, idempotencyKey: crypto.randomUUID(), nextAttemptAt: null, error: null, httpStatus: null, claim: null, updatedAt: at });
    const uploads = chain.flatMap((i): OutboxItem[] => (i.kind === 'upload' && (!own || own.has(i.id)) ? [{ ...i, ...fresh(), attempts: 0, result: null }] : []));
    await db.outbox.bulkPut([...uploads, { ...cur, ...fresh(), photosResent: true }]);
    return true;
  });
}

/** A message's photo was refused: the message waiting on it fails with the photo's reason (it cannot be sent without it). */
async function failMessagesOf(db: MotokariDb, upload: OutboxItem, error: string, httpStatus: number, at: number): Promise<void> {
  if (!isMessageChain(upload.listingId)) return;
  await db.transaction('rw', db.outbox, async () => {
    const chain = await db.outbox.where('listingId').equals(upload.listingId).toArray();
    const waiting = chain.filter((i) => i.kind === 'message' && i.state === 'waiting' && i.message.uploadIds?.includes(upload.id));
    await db.outbox.bulkPut(waiting.map((i) => ({ ...i, state: 'failed' as const, error, httpStatus, nextAttemptAt: null, updatedAt: at })));
  });
}

async function sendItem(db: MotokariDb, item: OutboxItem, send: Send, now: () => number): Promise<Step> {
  const claim = crypto.randomUUID();
  const claimed = await db.transaction('rw', db.outbox, async () => {
    const cur = await db.outbox.get(item.id);
    if (!cur || cur.state === 'done' || cur.state === 'failed') return null;
    const next: OutboxItem = { ...cur, state: 'sending', claim, attempts: cur.attempts + 1, updatedAt: now() };
    await db.outbox.put(next);
    return next;
  });
  if (!claimed) return { kind: 'skipped', sent: false };

  /**
   * Writes the outcome unless the item is done already or another runner has claimed it since. A
   * success is written whoever holds the claim: the server did the work, and a racing runner's answer
   * for the same key can only be its replay (or 'still being processed').
   */
  const settle = (patch: Partial<ItemBase> & { result?: OutboxItem['result'] }) =>
    db.transaction('rw', db.outbox, async () => {
      const cur = await db.outbox.get(item.id);
      if (!cur || cur.state === 'done' || (cur.claim !== claim && patch.state !== 'done')) return false;
      await db.outbox.put({ ...cur, ...patch, claim: null, updatedAt: now() } as OutboxItem);
      return true;
    });

  const request = await buildRequest(db, claimed);
  if (!request) {
    // Its earlier items are gone (the chain was discarded meanwhile).
    await settle({ state: 'waiting' });
    return { kind: 'skipped', sent: false };
  }

  let status: number;
  let body: unknown;
  let retryAfter: number | null;
  try {
    const res = await send(request.path, request.init);
    status = res.status;
    retryAfter = retryAfterMs(res.headers.get('retry-after'), now());
    body = await readBody(res);
  } catch {
    await settle({ state: 'waiting', error: PAYMENT_MESSAGES.networkError, httpStatus: null });
    return { kind: 'offline', sent: true, message: PAYMENT_MESSAGES.networkError };
  }

  const verdict = judge(claimed, status, body);
  switch (verdict.kind) {
    case 'done': {
      const ok = await settle({ state: 'done', result: verdict.result, error: null, httpStatus: status, nextAttemptAt: null });
      return { kind: ok ? 'done' : 'skipped', sent: true };
    }
    case 'failed':
      await settle({ state: 'failed', error: verdict.message, httpStatus: status, nextAttemptAt: null });
      if (claimed.kind === 'upload') await failMessagesOf(db, claimed, verdict.message, status, now());
      return { kind: 'failed', sent: true };
    case 'photosGone': {
      // Once: a photo the server still misses after it was uploaded again is a failure like any other.
      if ((claimed.kind !== 'create' && claimed.kind !== 'message') || claimed.photosResent) {
        await settle({ state: 'failed', error: verdict.message, httpStatus: status, nextAttemptAt: null });
        return { kind: 'failed', sent: true };
      }
      const restarted = await sendPhotosAgain(db, claimed, claim, now());
      return { kind: restarted ? 'again' : 'skipped', sent: true };
    }
    case 'later':
      await settle({ state: 'waiting', error: verdict.message, httpStatus: status, nextAttemptAt: now() + backoffMs(claimed.attempts, retryAfter) });
      return { kind: 'later', sent: true };
    case 'inProgress':
      // Not a failed attempt: the first one is still running on the server. Ask again in a moment.
      await settle({ state: 'waiting', error: verdict.message, httpStatus: status, attempts: claimed.attempts - 1, nextAttemptAt: now() + IN_PROGRESS_RETRY_MS });
      return { kind: 'later', sent: true };
    case 'unauthorized':
      // Not the item's fault: it waits, unchanged, for the user to sign in again.
      await settle({ state: 'waiting', error: verdict.message, httpStatus: status, nextAttemptAt: null });
      return { kind: 'unauthorized', sent: true, message: verdict.message };
  }
}
