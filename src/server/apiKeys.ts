import { API_KEY_PREFIX } from '@/domain/account/stockApi';
import { hashSecret, newSecret } from './tokens';

// An API key (issue 38): a secret (tokens.ts) after the `mk_` prefix, shown to its dealer once.

export const hashApiKey = hashSecret;

export function newApiKey(): { key: string; prefix: string; keyHash: string } {
  const key = `${API_KEY_PREFIX}${newSecret()}`;
  return { key, prefix: key.slice(0, API_KEY_PREFIX.length + 6), keyHash: hashApiKey(key) };
}

/** A bearer token that is an API key rather than a session's token. */
export const isApiKey = (token: string): boolean => token.startsWith(API_KEY_PREFIX);
