import { HTTPError } from 'ky';
import { api } from '@/data/api';
import { AUTH_FAILURES, type AuthAction } from '@/domain/account/authDialogTexts';
import { inPlainWords } from '@/domain/core/messages';
import type { SignupInput } from '@/domain/account/user';
import type { AuthAnswer, MessageAnswer } from '@/domain/core/wire';

export type { AuthAnswer };

let lastSignup: { body: string; key: string } | null = null;

// getRandomValues, unlike randomUUID, also works on plain-http pages (a phone testing over the LAN).
const newKey = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * Sign-up creates an account, so it carries an Idempotency-Key: pressing 'Create Account' again after
 * an answer was lost returns the account just made instead of 'already exists'. A changed form gets a new key.
 */
function signupKey(body: SignupInput): string {
  const json = JSON.stringify(body);
  if (lastSignup?.body !== json) lastSignup = { body: json, key: newKey() };
  return lastSignup.key;
}

// The auth calls of spec section 7. Signing in, and the reset steps, change nothing a repeat could double.
export const login = (body: { email: string; password: string }) => api.post('auth/login', { json: body }).json<AuthAnswer>();
export const signup = (body: SignupInput) => api.post('auth/signup', { json: body, headers: { 'Idempotency-Key': signupKey(body) } }).json<AuthAnswer>();
export const forgotPassword = (body: { email: string }) => api.post('auth/forgot-password', { json: body }).json<MessageAnswer>();
export const verifyCode = (body: { email: string; code: string }) => api.post('auth/verify-code', { json: body }).json<MessageAnswer>();
/** Revokes every token of the signed-in user, this device's included ("Sign out on all devices"). */
export const logoutAll = () => api.post('auth/logout-all').json<MessageAnswer>();
export const resetPassword = (body: { email: string; code: string; new_password: string }) => api.post('auth/reset-password', { json: body }).json<MessageAnswer>();

/**
 * The message for a failed call (spec section 8): the server's detail when it is a text, else the
 * action's fallback; the exception text when no answer came (offline, server unreachable).
 */
export async function failureMessage(action: AuthAction, err: unknown): Promise<string> {
  const texts = AUTH_FAILURES[action];
  if (!(err instanceof HTTPError)) return texts.exception;
  try {
    const body: unknown = await err.response.json();
    const detail = typeof body === 'object' && body !== null ? (body as { detail?: unknown }).detail : undefined;
    return typeof detail === 'string' && detail.trim() ? inPlainWords(detail) : texts.fallback;
  } catch {
    return texts.fallback;
  }
}
