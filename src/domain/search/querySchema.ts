import * as z from 'zod/mini';
import { FieldIssue, isSearchField, SEARCH_QUERY_FIELDS, type FieldRule, type SearchQuery } from './filters';

// The server's schema of a search query (the query string of the listing routes, a saved search's
// query), made from the field rules of filters.ts: each field cleans and checks its value by its
// rule, and a refused value becomes a validation issue (422). The search worker applies the same
// rules without zod (parseSearchQuery), so the two cannot disagree.

const base = (r: FieldRule<unknown>): z.ZodMiniType => {
  switch (r.type) {
    case 'string':
      return z.string();
    case 'number':
      return z.number();
    case 'integer':
      return z.int();
    case 'boolean':
      return z.boolean();
    case 'enum':
      return z.enum(r.values!);
  }
};

const field = (r: FieldRule<unknown>) =>
  z.pipe(
    z.transform((v: unknown, ctx) => {
      try {
        return r.read(v);
      } catch (err) {
        if (!(err instanceof FieldIssue)) throw err;
        ctx.issues.push({ code: 'custom', message: err.message, input: v });
        return z.NEVER;
      }
    }),
    z.optional(base(r)),
  );

const shape = Object.fromEntries(Object.entries(SEARCH_QUERY_FIELDS).map(([name, r]) => [name, field(r as FieldRule<unknown>)]));

/** Every filter field of spec section 3, plus paging and sort, as the server validates them. */
export const searchQuerySchema = z.object(shape) as unknown as z.ZodMiniType<SearchQuery, Record<string, unknown>>;

/** The 422's message for a query parameter that is no search field (a misspelt filter would otherwise be lost). */
export const UNKNOWN_SEARCH_FIELD = `Unknown search field; the fields are: ${Object.keys(SEARCH_QUERY_FIELDS).join(', ')}`;

/**
 * The query string of the listing searches (GET /api/vehicles, /api/cars and their featured lists):
 * searchQuerySchema, and a parameter that is no search field is refused (422, named in `loc`) rather
 * than dropped. Saved searches keep searchQuerySchema, which drops them (a saved query is stored as
 * the rules read it).
 */
export const listingQuerySchema = z.looseObject(shape).check(
  z.superRefine((query, ctx) => {
    for (const name of Object.keys(query)) {
      if (!isSearchField(name)) ctx.issues.push({ code: 'custom', path: [name], message: UNKNOWN_SEARCH_FIELD, input: query[name] });
    }
  }),
) as unknown as z.ZodMiniType<SearchQuery, Record<string, unknown>>;
