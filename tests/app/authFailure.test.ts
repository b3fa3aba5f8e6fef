import { HTTPError } from 'ky';
import { describe, expect, it } from 'vitest';
import { failureMessage } from '@/app/features/account/authApi';
import { GENERIC_MESSAGES } from '@/domain/core/messages';

// The auth dialog shows the server's detail; a protocol answer (a sign-up pressed twice meets the
// idempotency layer's 'still being processed') is put in people's words, never 'Idempotency-Key'.

function refused(status: number, detail: string): HTTPError {
  const request = new Request('http://localhost/api/auth/signup', { method: 'POST' });
  const response = new Response(JSON.stringify({ detail }), { status, headers: { 'content-type': 'application/json' } });
  return new HTTPError(response, request, {} as never);
}

describe("the auth dialog's failure messages", () => {
  it("keeps the server's own words", async () => {
    expect(await failureMessage('signUp', refused(409, 'An account with this email already exists'))).toBe('An account with this email already exists');
  });

  it("puts the idempotency layer's answers in plain words", async () => {
    for (const detail of [GENERIC_MESSAGES.idempotencyInProgress, GENERIC_MESSAGES.idempotencyMismatch]) {
      const shown = await failureMessage('signUp', refused(409, detail));
      expect(shown).not.toMatch(/idempotency/i);
      expect(shown.length).toBeGreaterThan(0);
    }
  });
});
