import { describe, expect, it } from 'vitest';
import { GENERIC_MESSAGES, OUTBOX_TEXTS, PAYMENT_MESSAGES } from '@/domain/core/messages';
import { cardholderIssue, msisdnFormIssue, msisdnIssue, paymentErrorMessage, PAYMENT_TEXTS, serverDetail, suggestedMsisdn } from '@/domain/payments/payments';

describe('payment messages (spec section 8)', () => {
  const detail = (d: unknown) => ({ detail: d });

  it("mobile money: each status gets the spec's message", () => {
    const m = (status: number | null, body?: unknown) => paymentErrorMessage('ecocash', { status, body });
    expect(m(401, detail('Not authenticated'))).toBe('Authentication required. Please log in to process payments.');
    expect(m(403, detail('You can only change your own listings'))).toBe(PAYMENT_MESSAGES.authRequired);
    expect(m(404, detail('Car not found'))).toBe('Vehicle not found. Please refresh and try again.');
    expect(m(400, detail('Phone number must have 9 to 15 digits'))).toBe('Phone number must have 9 to 15 digits');
    expect(m(400)).toBe('Invalid payment request. Please check your details.');
    expect(m(500, detail('boom'))).toBe('Server error. Please try again later.');
    expect(m(502, detail('Mobile money provider unavailable'))).toBe('Mobile money provider unavailable');
    expect(m(409, { message: 'Busy' })).toBe('Busy');
    // Never a status code on screen (issue 15 item 13), nor the idempotency layer's words.
    expect(m(418)).toBe(PAYMENT_MESSAGES.failed);
    expect(m(503, '<html>proxy</html>')).toBe(PAYMENT_MESSAGES.failed);
    expect(m(409, detail(GENERIC_MESSAGES.idempotencyInProgress))).toBe(OUTBOX_TEXTS.stillProcessing);
    expect(m(422, detail(GENERIC_MESSAGES.idempotencyMismatch))).toBe(OUTBOX_TEXTS.changedSinceSent);
    expect(m(null)).toBe('Network error. Please check your connection and try again.');
    expect(m(200, { success: true })).toBe('Payment creation failed. Please try again.');
  });

  it("card: 401/403 ask to sign in; otherwise the server's detail or message", () => {
    const c = (status: number | null, body?: unknown) => paymentErrorMessage('card', { status, body });
    expect(c(403)).toBe(PAYMENT_MESSAGES.authRequired);
    expect(c(404, detail('Payment not found'))).toBe('Payment not found');
    expect(c(402, { message: 'Your card was declined.' })).toBe('Your card was declined.');
    expect(c(503, detail('Payment System Error'))).toBe('Payment System Error');
    expect(c(500)).toBe(PAYMENT_MESSAGES.serverError);
    expect(c(422)).toBe(PAYMENT_MESSAGES.failed);
    expect(c(409, detail(GENERIC_MESSAGES.idempotencyInProgress))).not.toMatch(/Idempotency/);
    expect(c(null)).toBe(PAYMENT_MESSAGES.networkError);
  });

  it("reads the server's words from a detail list, a detail, a message or plain text", () => {
    expect(serverDetail({ detail: [{ msg: 'a' }, 'b', { loc: 1 }] })).toBe('a; b');
    expect(serverDetail({ detail: '', message: 'm' })).toBe('m');
    expect(serverDetail('  plain  ')).toBe('plain');
    expect(serverDetail(null)).toBeNull();
    expect(serverDetail([1])).toBeNull();
  });
});

describe('payment form checks', () => {
  it('mobile money needs a number, digits only, 9 to 15 of them', () => {
    expect(msisdnIssue('')).toBe(PAYMENT_MESSAGES.phoneRequired);
    expect(msisdnIssue('   ')).toBe(PAYMENT_MESSAGES.phoneRequired);
    expect(msisdnIssue('+263771234567')).toBe(PAYMENT_MESSAGES.phoneDigitsOnly);
    expect(msisdnIssue('077 123 4567')).toBe(PAYMENT_MESSAGES.phoneDigitsOnly);
    expect(msisdnIssue('12345')).toBeNull();
    expect(msisdnFormIssue('12345')).toBe(PAYMENT_MESSAGES.phoneLength);
    expect(msisdnFormIssue('1234567890123456')).toBe(PAYMENT_MESSAGES.phoneLength);
    expect(msisdnFormIssue(' 0771234567 ')).toBeNull();
  });

  it('a card payment needs the cardholder name', () => {
    expect(cardholderIssue('  ')).toBe(PAYMENT_TEXTS.cardholderRequired);
    expect(cardholderIssue('Tendai Moyo')).toBeNull();
  });
});

describe('the suggested mobile-money number', () => {
  it("turns the account's phone into a local number, or suggests nothing", () => {
    expect(suggestedMsisdn('+263 77 123 4567')).toBe('0771234567');
    expect(suggestedMsisdn('0771234567')).toBe('0771234567');
    expect(suggestedMsisdn('12')).toBe('');
    expect(suggestedMsisdn(null)).toBe('');
  });
});
