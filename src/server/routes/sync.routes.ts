import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { syncPageSchema } from '@/domain/core/wire';
import { summaryPageSchema } from '@/domain/search/summaryWire';
import { asBuilt } from '../responses';
import { SYNC_COMPRESSION } from '../compression';
import { VEHICLE_TYPES, type VehicleType } from '@/domain/core/constants';
import { GENERIC_MESSAGES } from '@/domain/core/messages';
import { parseScopeParams, type MirrorScope } from '@/domain/search/scope';
import { encodePrices, encodeSummaries, summarize, SUMMARY_FORMAT, SUMMARY_FORMAT_PREVIOUS, type SummaryPage } from '@/domain/search/summary';
import { badRequest } from '../errors';
import { sweepExpired } from '../repositories/vehicles/writes';
import { summaryChanges, summarySnapshot, syncChanges, type SnapshotPosition } from '../repositories/vehicles/syncFeeds';

const syncQuery = z.object({
  since: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(2000).default(500),
});

const SUMMARY_LIMIT = { default: 5000, max: 20000 };

// The summary feed's parameters arrive as text and are read below, so that every refusal is a 400
// whose detail the client can show (the format's first: an old client is told to reload).
const summaryQuery = z.object({
  format: z.string().optional().describe(`The feed format the client reads: ${SUMMARY_FORMAT}, or ${SUMMARY_FORMAT_PREVIOUS} (every change a full row, every removal a tombstone).`),
  since: z.string().optional().describe('The revision the client holds (0 or absent: a first download).'),
  cursor: z.string().optional().describe('Where a first download goes on, as the last page gave it.'),
  limit: z.string().optional().describe(`Listings a page, 1 to ${SUMMARY_LIMIT.max} (default ${SUMMARY_LIMIT.default}).`),
  first: z.string().optional().describe('The vehicle type the first download sends first.'),
  types: z.string().optional().describe('The scope: vehicle types, comma-separated.'),
  regions: z.string().optional().describe('The scope: regions, comma-separated.'),
  near: z.string().optional().describe('The scope: latitude,longitude,km.'),
});

/** The keyset position of a first download as an opaque token (base64url JSON). */
const cursorShape = z.object({
  r: z.number().int().min(0),
  t: z.enum(VEHICLE_TYPES),
  /** Milliseconds since 1970, within what a Date holds. */
  c: z.number().int().min(0).max(8.64e15).nullable(),
  i: z.uuid().nullable(),
});

function encodeCursor(p: SnapshotPosition): string {
  const json = JSON.stringify({ r: p.revision, t: p.type, c: p.after ? p.after.createdAt.getTime() : null, i: p.after?.id ?? null });
  return Buffer.from(json).toString('base64url');
}

function decodeCursor(token: string, order: readonly VehicleType[]): SnapshotPosition {
  let parsed: z.infer<typeof cursorShape> | undefined;
  try {
    parsed = cursorShape.parse(JSON.parse(Buffer.from(token, 'base64url').toString('utf8')));
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.c === null) !== (parsed.i === null) || !order.includes(parsed.t)) {
    throw badRequest('cursor: not a cursor this feed gave for this scope; start again from since=0');
  }
  return { revision: parsed.r, type: parsed.t, after: parsed.c === null ? null : { createdAt: new Date(parsed.c), id: parsed.i! } };
}

function wholeNumber(name: string, text: string | undefined, fallback: number, min: number, max: number): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (text.trim() === '' || !Number.isInteger(n) || n < min || n > max) {
    throw badRequest(`${name}: give a whole number from ${min}${max === Number.MAX_SAFE_INTEGER ? ' up' : ` to ${max}`}`);
  }
  return n;
}

/** The order a first download sends the scope's types in: the one asked first, then the others as VEHICLE_TYPES lists them. */
function typeOrder(scope: MirrorScope, first: VehicleType | undefined): VehicleType[] {
  const kept = VEHICLE_TYPES.filter((t) => !scope.types || scope.types.includes(t));
  return first && kept.includes(first) ? [first, ...kept.filter((t) => t !== first)] : kept;
}

/** The items that pass `test`, and those that do not. */
function partition<T>(items: readonly T[], test: (item: T) => boolean): [T[], T[]] {
  const yes: T[] = [];
  const no: T[] = [];
  for (const item of items) (test(item) ? yes : no).push(item);
  return [yes, no];
}

export const syncRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  /** Delta sync of the public listings (see syncChanges in repositories/vehicles/syncFeeds.ts). */
  app.get(
    '/sync/vehicles',
    { schema: { summary: 'Get changes to public listings since a revision', querystring: syncQuery, response: { 200: asBuilt(syncPageSchema) }, tags: ['sync'], security: [] } },
    async (req, reply) => {
      // Expiry is a matter of time, not of a write: flag what ran out so it reaches mirrors as removed.
      await sweepExpired(db);
      reply.header('cache-control', 'no-store').type('application/json; charset=utf-8');
      return syncChanges(db, req.query.since, req.query.limit);
    },
  );

  const summarySchema = { summary: 'Download public listing summaries for offline search', querystring: summaryQuery, response: { 200: asBuilt(summaryPageSchema) }, tags: ['sync'], security: [] };
  /**
   * The summaries of the public listings in a scope (format 2, see src/domain/search/summary.ts): a
   * first download (since=0, then the cursor each page gives) type after type, newest first, then the
   * delta from its revision, with tombstones for listings removed or out of the scope.
   */
  app.get('/sync/summary', { schema: summarySchema, compress: SYNC_COMPRESSION }, async (req, reply): Promise<SummaryPage> => {
    const q = req.query;
    // The format before is still answered in full: a service worker may run the app before this one for a while.
    const format = q.format === String(SUMMARY_FORMAT) ? SUMMARY_FORMAT : q.format === String(SUMMARY_FORMAT_PREVIOUS) ? SUMMARY_FORMAT_PREVIOUS : null;
    if (format === null) throw badRequest(GENERIC_MESSAGES.appOutdated);
    const since = wholeNumber('since', q.since, 0, 0, Number.MAX_SAFE_INTEGER);
    const limit = wholeNumber('limit', q.limit, SUMMARY_LIMIT.default, 1, SUMMARY_LIMIT.max);
    if (q.first !== undefined && !(VEHICLE_TYPES as readonly string[]).includes(q.first)) throw badRequest(`first: unknown vehicle type "${q.first}"`);
    let scope: MirrorScope;
    try {
      scope = parseScopeParams(q);
    } catch (e) {
      throw badRequest((e as Error).message);
    }
    const order = typeOrder(scope, q.first as VehicleType | undefined);
    const from = q.cursor !== undefined ? decodeCursor(q.cursor, order) : null;
    await sweepExpired(db);
    reply.header('cache-control', 'no-store');
    if (since === 0 || from) {
      const page = await summarySnapshot(db, scope, order, from, limit);
      return {
        format,
        rows: encodeSummaries(page.rows.map(summarize)),
        ...(format === SUMMARY_FORMAT && { prices: encodePrices([]) }),
        tombstones: [],
        revision: page.revision,
        has_more: page.next !== null,
        cursor: page.next ? encodeCursor(page.next) : null,
        complete: page.complete,
      };
    }
    const delta = await summaryChanges(db, since, limit, scope);
    // Format 2 reads neither a price alone nor a listing left to expire on the device: it gets every change in full.
    const current = format === SUMMARY_FORMAT;
    const [prices, rows] = partition(delta.upserts.map(summarize), (r) => current && delta.priceOnly.has(r.id));
    return {
      format,
      rows: encodeSummaries(rows),
      ...(current && { prices: encodePrices(prices) }),
      tombstones: current ? delta.tombstones.filter((id) => !delta.lapsed.has(id)) : delta.tombstones,
      revision: delta.revision,
      has_more: delta.has_more,
      cursor: null,
      complete: order,
    };
  });
};
