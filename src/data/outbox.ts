import { MAX_IMAGE_BYTES } from '../domain/constants';
import type { SubscriptionPlan } from '../domain/fees';
import { inPlainWords, LISTING_MESSAGES, OUTBOX_TEXTS, PAYMENT_MESSAGES } from '../domain/messages';
import { msisdnFormIssue, msisdnIssue as checkMsisdn, paymentErrorMessage } from '../domain/payments';
import type { Vehicle } from '../domain/vehicle';
import { vehicleInputSchema, type VehicleInput } from '../domain/vehicleInput';
import type { MotokariDb } from './db';
import { getDraft } from './drafts';

// The seller's write path: a draft is published through an ordered queue of requests kept in
// IndexedDB, so it survives reloads and can be replayed by the page or the service worker. This file
// uses no DOM or window API: only fetch-shaped I/O (injected), Blob, FormData and crypto.

export type OutboxState = 'waiting' | 'sending' | 'done' | 'failed';

/** What POST /api/vehicles receives, less the image URLs (known once the uploads are done). */
export type ListingBody = Omit<VehicleInput, 'images'>;

export type PaymentChoice = { method: 'ecocash'; msisdn: string } | { method: 'card' };

export interface PaymentRequest {
  method: 'ecocash' | 'card';
  /** Mobile money only: the number that receives the PIN prompt. */
  msisdn: string | null;
  subscriptionPlan: SubscriptionPlan | null;
}

/**
 * The answer to the payment request. Mobile money: `transactionId` to confirm once the seller has
 * entered the PIN (POST /api/payments/ecocash/confirm/{transactionId}). Card: `clientSecret` and
 * `paymentIntentId` for the card provider's confirmation. `alreadyPaid` when the listing was live.
 */
export interface PaymentResult {
  alreadyPaid: boolean;
  transactionId: string | null;
  paymentIntentId: string | null;
  clientSecret: string | null;
  message: string | null;
  amount: number | null;
  currency: string | null;
  testMode: boolean | null;
}

interface ItemBase {
  id: string;
  listingId: string;
  /** Position in its listing's chain: the uploads in photo order, then the create, then the payment. */
  seq: number;
  /** Made once when queued and sent on every attempt, so a replay is answered, not performed again. */
  idempotencyKey: string;
  state: OutboxState;
  attempts: number;
  /** When the chain was queued: chains run in this order. */
  createdAt: number;
  updatedAt: number;
  /** The signed-in user who queued it; processOutbox({ userId }) leaves other users' chains alone. */
  ownerId: string | null;
  /** Backoff after a 5xx, 408 or 429, or a moment after a 409-in-progress: not sent again before this time (ms). */
  nextAttemptAt: number | null;
  /** Why it failed (the server's detail), or the last transient problem while waiting. */
  error: string | null;
  httpStatus: number | null;
  /** The runner sending it now; answers from a runner that lost its claim are ignored. */
  claim: string | null;
}

export interface UploadItem extends ItemBase {
  kind: 'upload';
  photo: { blob: Blob; name: string };
  result: { url: string; thumbnailUrl: string | null } | null;
}

export interface CreateItem extends ItemBase {
  kind: 'create';
  listing: ListingBody;
  /** POST /api/vehicles?is_free_update=true: published at once, nothing to pay. */
  freeListing: boolean;
  result: Vehicle | null;
}

export interface PaymentItem extends ItemBase {
  kind: 'payment';
  payment: PaymentRequest;
  result: PaymentResult | null;
}

export type OutboxItem = UploadItem | CreateItem | PaymentItem;

export interface OutboxRequestInit {
  method: 'POST';
  headers: Record<string, string>;
  body: string | FormData;
}

/**
 * Sends one request to `/api/{path}` (path without a leading slash, e.g. `payments/ecocash/create`)
 * with the signed-in user's bearer token, and resolves with the response whatever its status. It
 * rejects only when no answer arrived (offline, connection dropped): fetch's contract.
 */
export type Send = (path: string, init: OutboxRequestInit) => Promise<Response>;

/**
 * A Send over plain fetch with a bearer token, for where the app's ky instance does not live (the
 * service worker, the search worker). `base` is the API's address, ending in a slash.
 */
export function fetchSend(token: string | null, base = '/api/'): Send {
  return (path, init) =>
    fetch(base + path, { method: init.method, headers: { ...init.headers, ...(token && { Authorization: `Bearer ${token}` }) }, body: init.body });
}

export class PublishInputError extends Error {
  constructor(readonly issues: { field: string; message: string }[]) {
    super(issues.map((i) => (i.field ? `${i.field}: ${i.message}` : i.message)).join('; '));
    this.name = 'PublishInputError';
  }
}

export interface PublishOptions {
  /** How the fee is paid; null queues the listing only (it waits on the server, payable later). */
  payment: PaymentChoice | null;
  /** The free-listing path (spec section 4): created published with the free-update flag; no payment. */
  freeListing?: boolean;
  ownerId?: string | null;
  now?: () => number;
}

/** The most photos POST /api/vehicles takes (its schema's limit). */
const MAX_LISTING_IMAGES = 20;

/**
 * Queues the publication of a stored draft: one upload per photo, the listing create (with the
 * draft's id as the listing's id), then the payment request. The draft's fields and photos are
 * copied, so editing or deleting the draft afterwards does not change what is sent. Checks what the
 * server would refuse before anything is queued. If the listing already has a queue, that queue is
 * returned unchanged (a second tap on Publish queues nothing); discard it first to queue again.
 */
export async function enqueuePublish(db: MotokariDb, draftId: string, options: PublishOptions): Promise<OutboxItem[]> {
  const now = options.now ?? Date.now;
  const free = options.freeListing ?? false;
  if (free && options.payment) throw new PublishInputError([{ field: 'payment', message: 'A free listing has nothing to pay' }]);
  return db.transaction('rw', db.drafts, db.draftPhotos, db.outbox, async () => {
    const existing = await db.outbox.where('listingId').equals(draftId).toArray();
    if (existing.length) return sortItems(existing);
    const draft = await getDraft(db, draftId);
    if (!draft) throw new PublishInputError([{ field: '', message: 'The draft no longer exists' }]);

    const parsed = vehicleInputSchema.safeParse({ ...draft.fields, id: draft.id, images: [] });
    if (!parsed.success) {
      throw new PublishInputError(parsed.error.issues.map((i) => ({ field: i.path.map(String).join('.'), message: i.message })));
    }
    const issues: { field: string; message: string }[] = [];
    if (draft.photos.length > MAX_LISTING_IMAGES) issues.push({ field: 'images', message: LISTING_MESSAGES.tooManyImages(MAX_LISTING_IMAGES) });
    for (const p of draft.photos) {
      if (p.blob.size > MAX_IMAGE_BYTES) issues.push({ field: 'images', message: LISTING_MESSAGES.imageTooLarge(p.name) });
    }
    const payment = options.payment;
    if (payment?.method === 'ecocash') {
      const msisdnIssue = checkMsisdn(payment.msisdn);
      if (msisdnIssue) issues.push({ field: 'customer_msisdn', message: msisdnIssue });
    }
    if (issues.length) throw new PublishInputError(issues);

    const { images: _images, ...listing } = parsed.data;
    const at = now();
    const base = (seq: number): ItemBase => ({
      id: crypto.randomUUID(),
      listingId: draft.id,
      seq,
      idempotencyKey: crypto.randomUUID(),
      state: 'waiting',
      attempts: 0,
      createdAt: at,
      updatedAt: at,
      ownerId: options.ownerId ?? null,
      nextAttemptAt: null,
      error: null,
      httpStatus: null,
      claim: null,
    });
    const items: OutboxItem[] = draft.photos.map((p, i) => ({ ...base(i), kind: 'upload', photo: { blob: p.blob, name: p.name }, result: null }));
    items.push({ ...base(items.length), kind: 'create', listing, freeListing: free, result: null });
    if (payment) {
      items.push({
        ...base(items.length),
        kind: 'payment',
        payment: {
          method: payment.method,
          msisdn: payment.method === 'ecocash' ? payment.msisdn.trim() : null,
          subscriptionPlan: listing.subscription_plan ?? null,
        },
        result: null,
      });
    }
    await db.outbox.bulkAdd(items);
    return items;
  });
}

function sortItems(items: OutboxItem[]): OutboxItem[] {
  return items.sort((a, b) => a.createdAt - b.createdAt || (a.listingId < b.listingId ? -1 : a.listingId > b.listingId ? 1 : 0) || a.seq - b.seq);
}

/** Every queued item (or one listing's), chains in queue order, each chain in its own order. For liveQuery. */
export async function listOutbox(db: MotokariDb, listingId?: string): Promise<OutboxItem[]> {
  const items = listingId ? await db.outbox.where('listingId').equals(listingId).toArray() : await db.outbox.toArray();
  return sortItems(items);
}

export interface ListingPublishState {
  listingId: string;
  /** failed: an item failed (see error); sending: one is in flight; done: all done; else waiting. */
  state: OutboxState;
  total: number;
  done: number;
  /** The failed item, or else the next one to send. */
  current: OutboxItem | null;
  error: string | null;
  nextAttemptAt: number | null;
  /** The listing as the server created it, once created. */
  vehicle: Vehicle | null;
  payment: PaymentResult | null;
}

/** One line per listing from listOutbox's items: what a dashboard shows. */
export function summarizeOutbox(items: OutboxItem[]): ListingPublishState[] {
  const chains = new Map<string, OutboxItem[]>();
  for (const item of sortItems([...items])) {
    const chain = chains.get(item.listingId);
    if (chain) chain.push(item);
    else chains.set(item.listingId, [item]);
  }
  return [...chains.entries()].map(([listingId, chain]) => {
    const current = chain.find((i) => i.state !== 'done') ?? null;
    const create = chain.find((i): i is CreateItem => i.kind === 'create');
    const pay = chain.find((i): i is PaymentItem => i.kind === 'payment');
    return {
      listingId,
      state: current ? current.state : 'done',
      total: chain.length,
      done: chain.filter((i) => i.state === 'done').length,
      current,
      error: current?.error ?? null,
      nextAttemptAt: current?.nextAttemptAt ?? null,
      vehicle: create?.result ?? null,
      payment: pay?.result ?? null,
    };
  });
}

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

/** The lock the page's runner (in the search worker) and the service worker's take: one runner per device. */
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
 * only); any other 4xx fails the item with the server's detail and stops its chain.
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
        stopped.add(item.listingId);
        break;
      case 'later':
      case 'skipped':
        stopped.add(item.listingId);
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

type Step =
  | { kind: 'done' | 'failed' | 'later' | 'skipped'; sent: boolean }
  | { kind: 'offline' | 'unauthorized'; sent: boolean; message: string };

const BACKOFF_BASE_MS = 5_000;
/** A request still being processed on the server (its first attempt's answer is on its way): ask again this soon. */
export const IN_PROGRESS_RETRY_MS = 1_500;
const BACKOFF_MAX_MS = 15 * 60_000;

/** 5 s, 10 s, 20 s ... up to 15 minutes; never sooner than the server's Retry-After. */
export function backoffMs(attempts: number, retryAfterMs: number | null = null): number {
  const exp = Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);
  return Math.max(exp, retryAfterMs ?? 0);
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
      return { kind: 'failed', sent: true };
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

async function buildRequest(db: MotokariDb, item: OutboxItem): Promise<{ path: string; init: OutboxRequestInit } | null> {
  const headers: Record<string, string> = { 'Idempotency-Key': item.idempotencyKey, Accept: 'application/json' };
  const json = (path: string, body: unknown) => ({
    path,
    init: { method: 'POST' as const, headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
  });
  switch (item.kind) {
    case 'upload': {
      const form = new FormData();
      form.append('files', item.photo.blob, item.photo.name);
      return { path: 'uploads', init: { method: 'POST', headers, body: form } };
    }
    case 'create': {
      const uploads = (await db.outbox.where('listingId').equals(item.listingId).toArray())
        .filter((i): i is UploadItem => i.kind === 'upload' && i.seq < item.seq)
        .sort((a, b) => a.seq - b.seq);
      if (uploads.length !== item.seq || uploads.some((u) => !u.result)) return null;
      // The same images in the same order on every attempt: the body (and so the key's request) never changes.
      const images = uploads.map((u) => u.result!.url);
      return json(item.freeListing ? 'vehicles?is_free_update=true' : 'vehicles', { ...item.listing, id: item.listingId, images });
    }
    case 'payment': {
      const { method, msisdn, subscriptionPlan } = item.payment;
      const body = {
        vehicle_id: item.listingId,
        payment_method: method,
        ...(subscriptionPlan && { subscription_plan: subscriptionPlan }),
        ...(method === 'ecocash' && { customer_msisdn: msisdn }),
      };
      return json(method === 'ecocash' ? 'payments/ecocash/create' : 'payments/create-intent', body);
    }
  }
}

type Verdict =
  | { kind: 'done'; result: OutboxItem['result'] }
  | { kind: 'failed' | 'later' | 'inProgress' | 'unauthorized'; message: string };

const UNEXPECTED = 'Unexpected answer from the server';

function judge(item: OutboxItem, status: number, body: unknown): Verdict {
  const message = detailText(item, status, body);
  if (status === 401) return { kind: 'unauthorized', message };
  if (status >= 200 && status < 300) return success(item, body);
  if (status === 409 && message === OUTBOX_TEXTS.stillProcessing) return { kind: 'inProgress', message };
  // The listing is live already (paid from another device, or this payment went through earlier).
  if (status === 409 && item.kind === 'payment' && message === PAYMENT_MESSAGES.alreadyPaid) {
    return { kind: 'done', result: paymentResult({}, true) };
  }
  // No card provider configured: retrying will not help (spec: 'Payment System Error').
  if (status === 503 && message === PAYMENT_MESSAGES.systemError) return { kind: 'failed', message };
  if (status === 408 || status === 429 || status >= 500) return { kind: 'later', message };
  return { kind: 'failed', message };
}

function success(item: OutboxItem, body: unknown): Verdict {
  // A 2xx that is not the API's JSON (a captive portal's page, say) is not an answer: try again later.
  if (!isRecord(body)) return { kind: 'later', message: UNEXPECTED };
  switch (item.kind) {
    case 'upload': {
      const files = Array.isArray(body.files) ? body.files : [];
      const first = isRecord(files[0]) ? files[0] : null;
      const url = typeof first?.url === 'string' ? first.url : Array.isArray(body.urls) && typeof body.urls[0] === 'string' ? body.urls[0] : null;
      if (!url) return { kind: 'later', message: UNEXPECTED };
      return { kind: 'done', result: { url, thumbnailUrl: typeof first?.thumbnail_url === 'string' ? first.thumbnail_url : null } };
    }
    case 'create':
      if (body.id !== item.listingId) return { kind: 'later', message: UNEXPECTED };
      return { kind: 'done', result: body as unknown as Vehicle };
    case 'payment': {
      if (item.payment.method === 'ecocash') {
        if (body.success === false) return { kind: 'failed', message: str(body.message) ?? PAYMENT_MESSAGES.mobileCreationFailed };
        if (typeof body.transaction_id !== 'string' || !body.transaction_id) return { kind: 'failed', message: PAYMENT_MESSAGES.missingTransactionId };
      } else if (typeof body.client_secret !== 'string') {
        return { kind: 'later', message: UNEXPECTED };
      }
      return { kind: 'done', result: paymentResult(body, false) };
    }
  }
}

function paymentResult(body: Record<string, unknown>, alreadyPaid: boolean): PaymentResult {
  return {
    alreadyPaid,
    transactionId: str(body.transaction_id),
    paymentIntentId: str(body.payment_intent_id),
    clientSecret: str(body.client_secret),
    message: str(body.message),
    amount: typeof body.amount === 'number' ? body.amount : null,
    currency: str(body.currency),
    testMode: typeof body.test_mode === 'boolean' ? body.test_mode : null,
  };
}

/** The server's detail as a sentence (a list of validation errors joined by '; ', spec section 8), else a fallback. */
function detailText(item: OutboxItem, status: number, body: unknown): string {
  // Payment requests use the payment screen's mapping (spec section 8): one source for both.
  if (item.kind === 'payment') return paymentErrorMessage(item.payment.method, { status, body });
  if (typeof body === 'string' && body.trim() && !body.trimStart().startsWith('<')) return inPlainWords(body.trim());
  const detail = isRecord(body) ? body.detail : undefined;
  if (typeof detail === 'string' && detail) return inPlainWords(detail);
  if (Array.isArray(detail)) {
    const msgs = detail.map((d) => (typeof d === 'string' ? d : isRecord(d) ? str(d.msg) : null)).filter((m): m is string => !!m);
    if (msgs.length) return msgs.join('; ');
  }
  if (status === 422) return LISTING_MESSAGES.validationError;
  if (status >= 500) return LISTING_MESSAGES.serverError;
  if (item.kind === 'create') return LISTING_MESSAGES.createError;
  return OUTBOX_TEXTS.uploadFailed;
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function retryAfterMs(header: string | null, now: number): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/**
 * Sends an item again. A failed item gets a new Idempotency-Key: the server keeps a 4xx answer for
 * its key and would only repeat it, and a refused request changed nothing, so a new key cannot
 * double anything. A failed mobile-money request may take a corrected number. A waiting item keeps
 * its key (its first attempt may have been performed) and only skips its backoff. Returns false when
 * the item is gone, done or in flight.
 */
export async function retry(db: MotokariDb, itemId: string, changes: { msisdn?: string } = {}, now: () => number = Date.now): Promise<boolean> {
  return db.transaction('rw', db.outbox, async () => {
    const cur = await db.outbox.get(itemId);
    if (!cur || cur.state === 'done' || cur.state === 'sending') return false;
    if (cur.state === 'waiting') {
      if (changes.msisdn !== undefined) throw new PublishInputError([{ field: 'customer_msisdn', message: 'Only a failed payment request can change its number' }]);
      await db.outbox.put({ ...cur, nextAttemptAt: null, updatedAt: now() });
      return true;
    }
    let next: OutboxItem = { ...cur, state: 'waiting', idempotencyKey: crypto.randomUUID(), error: null, httpStatus: null, nextAttemptAt: null, updatedAt: now() };
    if (changes.msisdn !== undefined) {
      if (next.kind !== 'payment' || next.payment.method !== 'ecocash') {
        throw new PublishInputError([{ field: 'customer_msisdn', message: 'Only a mobile-money payment has a number' }]);
      }
      const issue = checkMsisdn(changes.msisdn);
      if (issue) throw new PublishInputError([{ field: 'customer_msisdn', message: issue }]);
      next = { ...next, payment: { ...next.payment, msisdn: changes.msisdn.trim() } };
    }
    await db.outbox.put(next);
    return true;
  });
}

/**
 * Removes a listing's queue; the draft stays. What the server already did stays done (a created
 * listing waits there unpaid, payable later from the dashboard); a request in flight may still land.
 */
export async function discard(db: MotokariDb, listingId: string): Promise<void> {
  await db.outbox.where('listingId').equals(listingId).delete();
}

export interface EnqueuePaymentOptions {
  ownerId?: string | null;
  /** The plan to pay for; by default the plan of the listing queued on this device, else the server's. */
  plan?: SubscriptionPlan | null;
  now?: () => number;
}

/** A listing's payment item (a chain holds at most one), or null. */
export function paymentItemOf(items: OutboxItem[], listingId: string): PaymentItem | null {
  return items.find((i): i is PaymentItem => i.kind === 'payment' && i.listingId === listingId) ?? null;
}

/**
 * Queues the payment request of a listing: at the end of its chain when the listing is still queued
 * on this device (after its uploads and create, whether or not they have run), or as a chain of its
 * own when the listing exists only on the server (created earlier, or on another device, and paid
 * later). A listing never has two live payment requests: a waiting or sending one is returned as it
 * is, and so is a done one (the request was created; the confirm step continues from its result).
 * A failed one changed nothing on the server, so it is replaced in place by the new choice, with a new
 * Idempotency-Key and its attempts reset. The number is checked as the form checks it first.
 */
export async function enqueuePayment(db: MotokariDb, listingId: string, choice: PaymentChoice, options: EnqueuePaymentOptions = {}): Promise<PaymentItem> {
  const now = options.now ?? Date.now;
  if (choice.method === 'ecocash') {
    const issue = msisdnFormIssue(choice.msisdn);
    if (issue) throw new PublishInputError([{ field: 'customer_msisdn', message: issue }]);
  }
  return db.transaction('rw', db.outbox, async () => {
    const chain = sortItems(await db.outbox.where('listingId').equals(listingId).toArray());
    const current = paymentItemOf(chain, listingId);
    if (current && current.state !== 'failed') return current;
    const create = chain.find((i): i is CreateItem => i.kind === 'create');
    const payment: PaymentRequest = {
      method: choice.method,
      msisdn: choice.method === 'ecocash' ? choice.msisdn.trim() : null,
      subscriptionPlan: options.plan ?? create?.listing.subscription_plan ?? null,
    };
    const at = now();
    const fresh = { idempotencyKey: crypto.randomUUID(), state: 'waiting' as const, attempts: 0, updatedAt: at, nextAttemptAt: null, error: null, httpStatus: null, claim: null };
    if (current) {
      const replaced: PaymentItem = { ...current, ...fresh, payment, result: null, ownerId: options.ownerId ?? current.ownerId };
      await db.outbox.put(replaced);
      return replaced;
    }
    const item: PaymentItem = {
      ...fresh,
      id: crypto.randomUUID(),
      listingId,
      seq: chain.length ? Math.max(...chain.map((i) => i.seq)) + 1 : 0,
      // The chain's own time: chains run in createdAt order, and a chain's items must stay together.
      createdAt: chain[0]?.createdAt ?? at,
      ownerId: options.ownerId ?? chain[0]?.ownerId ?? null,
      kind: 'payment',
      payment,
      result: null,
    };
    await db.outbox.add(item);
    return item;
  });
}

/**
 * Forgets a listing's payment request: the seller cancelled it, or the provider declined the
 * transaction it created (a declined or cancelled transaction cannot be confirmed again), so the next
 * enqueuePayment makes a new request. A request in flight is kept (false): its answer is on its way.
 */
export async function forgetPayment(db: MotokariDb, listingId: string): Promise<boolean> {
  return db.transaction('rw', db.outbox, async () => {
    const item = paymentItemOf(await db.outbox.where('listingId').equals(listingId).toArray(), listingId);
    if (!item) return true;
    if (item.state === 'sending') return false;
    await db.outbox.delete(item.id);
    return true;
  });
}

/**
 * Removes a paid listing's chain once every item in it is done: the listing is on the server and
 * published, and nothing is left to send. A chain with work left is kept (false).
 */
export async function clearPaidChain(db: MotokariDb, listingId: string): Promise<boolean> {
  return db.transaction('rw', db.outbox, async () => {
    const chain = await db.outbox.where('listingId').equals(listingId).toArray();
    if (chain.some((i) => i.state !== 'done')) return false;
    await db.outbox.bulkDelete(chain.map((i) => i.id));
    return true;
  });
}
