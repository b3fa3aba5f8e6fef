import { z } from 'zod';
import { hasNul, NUL_MESSAGE } from './nul';

// Text a client sends that the database keeps or compares: refused (422) at validation when it holds
// a NUL character (nul.ts says why).

/** A string without NUL characters; chain `.trim()`, `.min()`, `.max()` as on `z.string()`. */
export const text = () => z.string().refine((s) => !hasNul(s), NUL_MESSAGE);
