import { z } from 'zod';

// Text a client sends that the database keeps or compares. PostgreSQL's text cannot hold a NUL
// character (U+0000): such a value is refused as invalid input (422) at validation, never sent on to
// fail in SQL. The search rules (search/filters.ts) apply the same test without zod.

export const NUL_MESSAGE = 'Must not contain a NUL character';

export const hasNul = (s: string): boolean => s.includes('\u0000');

/** A string without NUL characters; chain `.trim()`, `.min()`, `.max()` as on `z.string()`. */
export const text = () => z.string().refine((s) => !hasNul(s), NUL_MESSAGE);
