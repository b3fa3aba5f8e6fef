import { createHash, randomBytes } from 'node:crypto';

// Secrets handed to a person once (an API key, an invitation's link): 32 random bytes, kept by the
// server as a SHA-256 only. With 256 bits of chance a slow password hash would add nothing but time.

export const newSecret = (): string => randomBytes(32).toString('base64url');

export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');
