import { Readable } from 'node:stream';
import { z } from 'zod';
import { stringify } from 'csv-stringify/sync';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { facebookVehicleRow, FACEBOOK_VEHICLE_FIELDS, feedable, feedPath, googleVehicleRow, GOOGLE_VEHICLE_FIELDS, type FeedFormat } from '@/domain/listing/catalogueFeeds';
import { GENERIC_MESSAGES } from '@/domain/core/messages';
import type { Vehicle } from '@/domain/listing/vehicle';
import type { Db } from '../db/client';
import { notFound } from '../errors';
import { isDealer, publicCarsPage } from '../repositories/feeds.repo';
import { currentRevision } from '../repositories/vehicles/writes';
import { toApiVehicle } from '../repositories/vehicles/rows';

// The stock feeds (issue 38): Facebook's automotive catalogue as CSV and a Google Merchant-style
// vehicle feed as TSV, for the whole market and for each dealer, at addresses a dealer pastes into
// those tools. Written as they are read, a page of listings at a time; a dealer's is kept while no
// listing changed (the listings' revision), and every answer carries that revision as its ETag, so a
// tool that fetches again gets 304 until something changed.

const PAGE = 500;
/** Tools fetch feeds on a schedule; an hour's copy is fresh enough, and a changed revision answers anew. */
const FEED_CACHE = 'public, max-age=3600';
/** Dealers' feeds kept in memory, the most recently asked for. */
const KEPT_FEEDS = 200;

type Format = FeedFormat;

/** CSV (RFC 4180, through csv-stringify: quotes, commas and line breaks in a description kept). */
const csvLines = (rows: Record<string, string>[], columns: readonly string[], header: boolean) => stringify(rows, { header, columns: [...columns] });
/** TSV as Merchant Center reads it: no quoting; the rows carry no tab or line break (googleVehicleRow flattens them). */
const tsvLines = (rows: Record<string, string>[], columns: readonly string[], header: boolean) =>
  [...(header ? [columns.join('\t')] : []), ...rows.map((r) => columns.map((c) => r[c] ?? '').join('\t'))].map((l) => `${l}\n`).join('');

const FORMATS: Record<Format, { type: string; columns: readonly string[]; lines: typeof csvLines; row: (v: Vehicle, site: string) => Record<string, string> }> = {
  facebook: { type: 'text/csv; charset=utf-8', columns: FACEBOOK_VEHICLE_FIELDS, lines: csvLines, row: facebookVehicleRow },
  google: { type: 'text/tab-separated-values; charset=utf-8', columns: GOOGLE_VEHICLE_FIELDS, lines: tsvLines, row: googleVehicleRow },
};

/** The feed's lines, the header first, a page of listings at a time. */
async function* feedLines(db: Db, format: Format, sellerId: string | null, site: string): AsyncGenerator<string> {
  const f = FORMATS[format];
  yield f.lines([], f.columns, true);
  let after: string | null = null;
  for (;;) {
    const rows = await publicCarsPage(db, { sellerId, after }, PAGE);
    const cars = rows.map((r) => toApiVehicle(r)).filter(feedable);
    if (cars.length)
      yield f.lines(
        cars.map((v) => f.row(v, site)),
        f.columns,
        false,
      );
    if (rows.length < PAGE) return;
    after = rows[rows.length - 1]!.id;
  }
}

const fileSchema = (what: string) => ({ 200: z.string().describe(what) });
const dealerParams = z.object({ id: z.string().min(1).max(64) });

export const feedRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.ctx;
  const site = config.publicUrl.replace(/\/+$/, '');
  const kept = new Map<string, { revision: number; body: string }>();

  /** Sets the validators; true when the tool already holds this revision's copy (then 304 is sent). */
  const unchanged = async (req: FastifyRequest, reply: FastifyReply, format: Format): Promise<{ revision: number; same: boolean }> => {
    const revision = await currentRevision(db);
    const etag = `W/"${format}-r${revision}"`;
    reply.header('etag', etag).header('cache-control', FEED_CACHE).type(FORMATS[format].type);
    return { revision, same: req.headers['if-none-match'] === etag };
  };

  const dealerFeed = async (format: Format, dealerId: string, revision: number): Promise<string> => {
    const key = `${format}:${dealerId}`;
    const hit = kept.get(key);
    if (hit && hit.revision === revision) {
      kept.delete(key);
      kept.set(key, hit);
      return hit.body;
    }
    let body = '';
    for await (const chunk of feedLines(db, format, dealerId, site)) body += chunk;
    kept.delete(key);
    kept.set(key, { revision, body });
    while (kept.size > KEPT_FEEDS) kept.delete(kept.keys().next().value!);
    return body;
  };

  const market = (format: Format, summary: string) =>
    app.get(
      feedPath(format).replace(/^\/api/, ''),
      {
        schema: {
          summary,
          tags: ['feeds'],
          security: [],
          response: fileSchema(`The feed, ${format === 'facebook' ? 'CSV' : 'TSV'}: a header line, then one line per public car with a price and a photo.`),
        },
      },
      async (req, typed) => {
        const reply = typed as FastifyReply;
        const { same } = await unchanged(req, reply, format);
        if (same) return reply.code(304).send();
        return reply.send(Readable.from(feedLines(db, format, null, site)));
      },
    );
  const dealer = (format: Format, summary: string) =>
    app.get(
      feedPath(format, ':id').replace(/^\/api/, ''),
      { schema: { summary, params: dealerParams, tags: ['feeds'], security: [], response: fileSchema(`The dealer's feed, ${format === 'facebook' ? 'CSV' : 'TSV'}.`) } },
      async (req, typed) => {
        const reply = typed as FastifyReply;
        // Not an account id at all (a NUL byte, a name): no dealer, without asking the database.
        if (!z.uuid().safeParse(req.params.id).success || !(await isDealer(db, req.params.id))) throw notFound(GENERIC_MESSAGES.notFound);
        const { revision, same } = await unchanged(req, reply, format);
        if (same) return reply.code(304).send();
        return reply.send(await dealerFeed(format, req.params.id, revision));
      },
    );

  market('facebook', "The whole market's cars as a Facebook automotive catalogue feed");
  market('google', "The whole market's cars as a Google Merchant-style vehicle feed");
  dealer('facebook', "A dealer's cars as a Facebook automotive catalogue feed");
  dealer('google', "A dealer's cars as a Google Merchant-style vehicle feed");
};
