import type { Vehicle } from '@/domain/listing/vehicle';
import { inPlainWords, isImageGone, LISTING_MESSAGES, OUTBOX_TEXTS, PAYMENT_MESSAGES } from '@/domain/core/messages';
import { paymentErrorMessage } from '@/domain/payments/payments';
import { MESSAGE_TEXTS } from '@/domain/messages/texts';
import type { ChatMessage, Conversation } from '@/domain/core/wire';
import type { MessageItem, OutboxItem, PaymentResult } from './items';

// The HTTP verdicts: what an answer to an item's request means for it (done with its result, failed
// with the server's detail, tried again later, or waiting for a sign-in), from its status and body;
// and how a body is read (readBody), shared with the edit path (edit.ts) and the app's confirm calls.

export type Verdict = { kind: 'done'; result: OutboxItem['result'] } | { kind: 'failed' | 'later' | 'inProgress' | 'unauthorized' | 'photosGone'; message: string };

const UNEXPECTED = 'Unexpected answer from the server';

export function judge(item: OutboxItem, status: number, body: unknown): Verdict {
  const message = detailText(item, status, body);
  if (status === 401) return { kind: 'unauthorized', message };
  if (status >= 200 && status < 300) return success(item, body);
  if (status === 409 && message === OUTBOX_TEXTS.stillProcessing) return { kind: 'inProgress', message };
  // The listing is live already (paid from another device, or this payment went through earlier).
  if (status === 409 && item.kind === 'payment' && message === PAYMENT_MESSAGES.alreadyPaid) {
    return { kind: 'done', result: paymentResult({}, true) };
  }
  // A photo uploaded earlier was deleted on the server meanwhile (an upload no listing took for a day):
  // the device still has the photos, so they are uploaded again (the same bytes give the same URLs).
  if (status === 422 && (item.kind === 'create' || item.kind === 'message') && isImageGone(message)) return { kind: 'photosGone', message };
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
      const result = uploadedFile(body);
      if (!result) return { kind: 'later', message: UNEXPECTED };
      return { kind: 'done', result };
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
    case 'message':
      return messageSent(item, body);
  }
}

/** A message's answer: the message itself (POST .../messages), or the conversation and the message (POST /api/conversations). */
function messageSent(item: MessageItem, body: Record<string, unknown>): Verdict {
  const started = item.message.conversationId === null;
  const message = started ? body.message : body;
  if (!isRecord(message) || message.id !== item.message.id || typeof message.conversation_id !== 'string') return { kind: 'later', message: UNEXPECTED };
  const conversation = started && isRecord(body.conversation) ? (body.conversation as unknown as Conversation) : null;
  return { kind: 'done', result: { message: message as unknown as ChatMessage, conversation } };
}

/** The stored photo in an answer of POST /api/uploads (its first file), or null when the answer names none. */
export function uploadedFile(body: unknown): { url: string; thumbnailUrl: string | null } | null {
  if (!isRecord(body)) return null;
  const files = Array.isArray(body.files) ? body.files : [];
  const first = isRecord(files[0]) ? files[0] : null;
  const url = typeof first?.url === 'string' ? first.url : Array.isArray(body.urls) && typeof body.urls[0] === 'string' ? body.urls[0] : null;
  if (!url) return null;
  return { url, thumbnailUrl: typeof first?.thumbnail_url === 'string' ? first.thumbnail_url : null };
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
  if (item.kind === 'message') return MESSAGE_TEXTS.failed;
  return OUTBOX_TEXTS.uploadFailed;
}

/**
 * An answer's body: its JSON, else its text (a proxy's page, a plain-text error), null when empty.
 * Rejects when the body could not be read (the connection dropped while it arrived).
 */
export async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
