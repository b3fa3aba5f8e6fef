import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX } from '@/domain/account/stockApi';

// An API key (issue 38): 32 random bytes after the `mk_` prefix, shown to its dealer once. The server
// keeps its SHA-256 only: the key has 256 bits of chance, so a slow password hash would add nothing
// but time to every request.

export const hashApiKey = (key: string): string => createHash('sha256').update(key).digest('hex');

export function newApiKey(): { key: string; prefix: string; keyHash: string } {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, prefix: key.slice(0, API_KEY_PREFIX.length + 6), keyHash: hashApiKey(key) };
}

/** A bearer token that is an API key rather than a session's token. */
export const isApiKey = (token: string): boolean => token.startsWith(API_KEY_PREFIX);
