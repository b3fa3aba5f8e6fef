import webpush from 'web-push';
import type { Counter } from 'prom-client';
import type { PushPayload } from '@/domain/account/notifications';
import type { VapidKeys } from './vapid';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** 'gone': the push service no longer knows the subscription (404/410), so it must be forgotten. */
export type SendOutcome = { kind: 'sent' } | { kind: 'gone'; status: number } | { kind: 'failed'; status: number | null; reason: string };

export interface PushSender {
  send(target: PushTarget, payload: PushPayload, ttlSeconds: number): Promise<SendOutcome>;
}

/** A push service that does not answer within this time is given up on; the next trigger tries again. */
const SEND_TIMEOUT_MS = 10_000;

/**
 * Sends through the push service named by the subscription's endpoint. web-push does what is easy to
 * get subtly wrong (the VAPID JWT of RFC 8292 and the aes128gcm payload encryption of RFC 8291);
 * the request itself goes out with fetch, so any URL works, including a local push service in tests.
 */
export function createPushSender(vapid: VapidKeys): PushSender {
  return {
    async send(target, payload, ttlSeconds) {
      let details: webpush.RequestDetails;
      try {
        details = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, JSON.stringify(payload), {
          vapidDetails: vapid,
          TTL: Math.max(0, Math.round(ttlSeconds)),
          contentEncoding: 'aes128gcm',
          urgency: 'normal',
        });
      } catch (err) {
        // Keys the browser sent that do not encrypt (checked on subscribe, so only a corrupted row).
        return { kind: 'failed', status: null, reason: err instanceof Error ? err.message : String(err) };
      }
      // fetch sets the length from the body itself.
      const headers = Object.fromEntries(Object.entries(details.headers).filter(([k]) => k.toLowerCase() !== 'content-length'));
      let res: Response;
      try {
        res = await fetch(details.endpoint, {
          method: 'POST',
          headers,
          body: details.body ? new Uint8Array(details.body) : null,
          redirect: 'error',
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        });
      } catch (err) {
        return { kind: 'failed', status: null, reason: err instanceof Error ? err.message : String(err) };
      }
      // The answer's body is of no use beyond its status; reading it frees the connection.
      const text = await res.text().catch(() => '');
      if (res.ok) return { kind: 'sent' };
      if (res.status === 404 || res.status === 410) return { kind: 'gone', status: res.status };
      return { kind: 'failed', status: res.status, reason: text.slice(0, 200) };
    },
  };
}

/** `sender`, counting each push's outcome in `counter` (result: sent, gone or failed). */
export function countedPushSender(sender: PushSender, counter: Counter<'result'>): PushSender {
  return {
    async send(target, payload, ttlSeconds) {
      let outcome: SendOutcome;
      try {
        outcome = await sender.send(target, payload, ttlSeconds);
      } catch (err) {
        counter.inc({ result: 'failed' });
        throw err;
      }
      counter.inc({ result: outcome.kind });
      return outcome;
    },
  };
}
