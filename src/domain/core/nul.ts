// PostgreSQL's text cannot hold a NUL character (U+0000): a value with one is refused at validation,
// never sent on to fail in SQL. Apart from the zod schemas (text.ts) so the search rules, which the
// device's search worker runs, use the same test without bringing zod into the worker.

export const NUL_MESSAGE = 'Must not contain a NUL character';

export const hasNul = (s: string): boolean => s.includes('\u0000');
