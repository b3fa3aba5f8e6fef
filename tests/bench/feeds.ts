// The feeds of the device's mirror downloaded from Node (for npm run bench:mirror): the network part of
// a first download, the old format (every listing in full) beside the new (the summary's columns,
// format 2), stop and wait through the relay that shapes the phone's network.
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { SUMMARY_FORMAT, SUMMARY_PAGE_SIZE } from '@/domain/search/summary';

/** The two feeds: the listings in full (the app before issue 16) and the summary's columns (format 2). */
export const OLD_FEED = '/api/sync/vehicles';
export const NEW_FEED = '/api/sync/summary';
const MINUTE = 60_000;

/** What the feeds need of the relay: where it listens, and the bytes it carried to the client since reset. */
export interface Counter {
  port: number;
  down: number;
  reset(): void;
}

/** One first download of a feed through the relay, stop and wait (each page asked once the last has arrived). */
export interface FeedRun {
  /** Bytes the relay carried to the client: response headers and compressed bodies. */
  wire: number;
  /** The compressed bodies alone, and the JSON they hold. */
  body: number;
  json: number;
  ms: number;
  requests: number;
  listings: number;
  encoding: string;
}

interface FeedPage {
  has_more: boolean;
  revision: number;
  cursor?: string | null;
  upserts?: unknown[];
  rows?: { n: number };
}

/** GET `path` through the relay asking for brotli, as a browser would: the status, encoding, bytes and JSON. */
function getJson(agent: http.Agent, port: number, pathAndQuery: string): Promise<{ status: number; encoding: string; body: number; json: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: pathAndQuery, agent, headers: { 'accept-encoding': 'br, gzip', accept: 'application/json' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'] ?? 'identity';
        const text = (encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
        resolve({ status: res.statusCode ?? 0, encoding, body: raw.length, json: text });
      });
    });
    req.on('error', reject);
    req.setTimeout(10 * MINUTE, () => req.destroy(new Error(`GET ${pathAndQuery}: no answer`)));
  });
}

/**
 * Downloads a whole feed from `first`, each next page from `next(page)` until it says none: the
 * bytes and time on the phone's network. A feed the server does not serve answers why instead.
 */
async function downloadFeed(relay: Counter, first: string, next: (page: FeedPage) => string | null, count: (page: FeedPage) => number): Promise<FeedRun | string> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    relay.reset();
    const run: FeedRun = { wire: 0, body: 0, json: 0, ms: 0, requests: 0, listings: 0, encoding: '' };
    const encodings = new Set<string>();
    const start = performance.now();
    for (let url: string | null = first; url !== null;) {
      const res = await getJson(agent, relay.port, url);
      if (res.status !== 200) {
        const detail = (() => {
          try {
            return String((JSON.parse(res.json) as { detail?: unknown }).detail ?? res.json.slice(0, 100));
          } catch {
            return res.json.slice(0, 100);
          }
        })();
        return `not served (${res.status}: ${detail})`;
      }
      const page = JSON.parse(res.json) as FeedPage;
      run.requests++;
      run.body += res.body;
      run.json += res.json.length;
      run.listings += count(page);
      encodings.add(res.encoding);
      url = next(page);
    }
    run.ms = performance.now() - start;
    run.wire = relay.down;
    run.encoding = [...encodings].join(', ');
    return run;
  } finally {
    agent.destroy();
  }
}

/** The old feed as the app before issue 16 read it (pages of 500 by revision) and the new one's first download (pages of SUMMARY_PAGE_SIZE by cursor, as the app asks). */
export async function downloadFeeds(relay: Counter): Promise<{ old: FeedRun | string; new: FeedRun | string }> {
  const old = await downloadFeed(
    relay,
    `${OLD_FEED}?since=0&limit=500`,
    (p) => (p.has_more ? `${OLD_FEED}?since=${p.revision}&limit=500` : null),
    (p) => p.upserts?.length ?? 0,
  );
  const summary = (q: string) => `${NEW_FEED}?format=${SUMMARY_FORMAT}&limit=${SUMMARY_PAGE_SIZE}${q}`;
  const fresh = await downloadFeed(
    relay,
    summary(''),
    (p) => (p.has_more ? summary(`&since=${p.revision}${p.cursor ? `&cursor=${encodeURIComponent(p.cursor)}` : ''}`) : null),
    (p) => p.rows?.n ?? 0,
  );
  return { old, new: fresh };
}
