import type { KyInstance } from 'ky';
import type { MotokariDb } from '../db';
import type { OutboxItem, UploadItem } from './items';

// How the outbox's requests are made and sent: the request each item stands for, and the Send
// functions that carry it (the app's ky instance, or plain fetch where ky does not live). No DOM or
// window API: only fetch-shaped I/O (injected), FormData and crypto.

export interface OutboxRequestInit {
  /** POST for the queue's requests; PUT for a listing's edit (edit.ts). */
  method: 'POST' | 'PUT';
  headers: Record<string, string>;
  body: string | FormData;
}

/**
 * Sends one request to `/api/{path}` (path without a leading slash, e.g. `payments/ecocash/create`)
 * with the signed-in user's bearer token, and resolves with the response whatever its status. It
 * rejects only when no answer arrived (offline, connection dropped): fetch's contract.
 */
export type Send = (path: string, init: OutboxRequestInit) => Promise<Response>;

/** A Send over the app's ky instance (its hooks add the token and hear a 401). */
export function kySend(api: KyInstance): Send {
  return (path, init) => api(path, { ...init, throwHttpErrors: false, retry: 0 });
}

/**
 * A Send over plain fetch with a bearer token, for where the app's ky instance does not live (the
 * service worker, the listings worker). `base` is the API's address, ending in a slash.
 */
export function fetchSend(token: string | null, base = '/api/'): Send {
  return (path, init) => fetch(base + path, { method: init.method, headers: { ...init.headers, ...(token && { Authorization: `Bearer ${token}` }) }, body: init.body });
}

/** The request an item stands for, or null when the uploads before it are gone or not done. */
export async function buildRequest(db: MotokariDb, item: OutboxItem): Promise<{ path: string; init: OutboxRequestInit } | null> {
  const headers: Record<string, string> = { 'Idempotency-Key': item.idempotencyKey, Accept: 'application/json' };
  const json = (path: string, body: unknown) => ({
    path,
    init: { method: 'POST' as const, headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
  });
  switch (item.kind) {
    case 'upload':
      return uploadRequest(item.photo.blob, item.photo.name, item.idempotencyKey);
    case 'create': {
      const uploads = (await db.outbox.where('listingId').equals(item.listingId).toArray()).filter((i): i is UploadItem => i.kind === 'upload' && i.seq < item.seq).sort((a, b) => a.seq - b.seq);
      if (uploads.length !== item.seq || uploads.some((u) => !u.result)) return null;
      // The same images in the same order on every attempt: the body (and so the key's request) never changes.
      const images = uploads.map((u) => u.result!.url);
      return json(item.freeListing ? 'vehicles?is_free_update=true' : 'vehicles', { ...item.listing, id: item.listingId, images });
    }
    case 'payment': {
      const { method, msisdn, subscriptionPlan, advertisingPlan } = item.payment;
      const body = {
        vehicle_id: item.listingId,
        payment_method: method,
        ...(subscriptionPlan && { subscription_plan: subscriptionPlan }),
        ...(advertisingPlan && { advertising_plan: advertisingPlan }),
        ...(method === 'ecocash' && { customer_msisdn: msisdn }),
      };
      return json(method === 'ecocash' ? 'payments/ecocash/create' : 'payments/create-intent', body);
    }
    case 'message': {
      const { id, listingId, conversationId, text, uploadIds = [] } = item.message;
      const uploads = await db.outbox.bulkGet(uploadIds);
      if (uploads.some((u) => u?.kind !== 'upload' || !u.result)) return null;
      const images = [...item.message.images, ...uploads.map((u) => (u as UploadItem).result!.url)];
      const more = images.length ? { images } : {};
      if (conversationId === null) return json('conversations', { listing_id: listingId, text, message_id: id, ...more });
      return json(`conversations/${encodeURIComponent(conversationId)}/messages`, { id, text, ...more });
    }
  }
}

/** POST /api/uploads with one photo, as the queue's uploads and a listing's edit (edit.ts) send it. */
export function uploadRequest(blob: Blob, name: string, idempotencyKey: string): { path: string; init: OutboxRequestInit } {
  const form = new FormData();
  form.append('files', blob, name);
  return { path: 'uploads', init: { method: 'POST', headers: { 'Idempotency-Key': idempotencyKey, Accept: 'application/json' }, body: form } };
}
