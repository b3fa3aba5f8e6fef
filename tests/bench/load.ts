import http from 'node:http';
import zlib from 'node:zlib';
import { pipeline } from 'node:stream/promises';
import { Writable, type Readable } from 'node:stream';

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  /** Answers that came back compressed, by content-encoding ('br', 'gzip'). */
  encodings: Record<string, number>;
  /** The first failure, to say what went wrong: the URL and the status and body, or the error. */
  firstError: string | null;
  /** Bytes received (as sent, compressed or not) and read (decompressed), in all. */
  wireBytes: number;
  bodyBytes: number;
  /** Answers whose X-Total-Count was 0 (a search that found nothing). */
  empty: number;
}

/** What browsers send: every figure is measured with the compression a browser asks for. */
export const BROWSER_HEADERS = { 'accept-encoding': 'br, gzip' } as const;

export const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export interface Answer {
  status: number;
  /** The body as the client reads it: decompressed. */
  body: Buffer;
  encoding: string | null;
  /** Bytes as they came over the connection. */
  wireBytes: number;
  /** The X-Total-Count header (a search's count of listings found), if any. */
  total: number | null;
  ms: number;
}

/** One GET as a browser makes it: asks for compression, reads the whole body and decompresses it. */
export function get(agent: http.Agent, url: URL): Promise<Answer> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: BROWSER_HEADERS }, (res) => {
      const encoding = res.headers['content-encoding'] ?? null;
      const total = res.headers['x-total-count'] === undefined ? null : Number(res.headers['x-total-count']);
      const parts: Buffer[] = [];
      let wireBytes = 0;
      res.on('data', (part: Buffer) => {
        wireBytes += part.length;
      });
      const decoded: Readable = encoding === 'br' ? res.pipe(zlib.createBrotliDecompress()) : encoding === 'gzip' ? res.pipe(zlib.createGunzip()) : res;
      pipeline(
        decoded,
        new Writable({
          write(part: Buffer, _enc, done) {
            parts.push(part);
            done();
          },
        }),
      ).then(() => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts), encoding, wireBytes, total, ms: performance.now() - t0 }), reject);
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/**
 * Keeps `concurrency` requests in flight for `seconds`, each to `next(i)` (the i-th request of the
 * run), as browsers make them (see `get`); reports throughput, latency and the answers' encodings.
 */
export async function load(base: string, next: (i: number) => string, opts: { concurrency: number; seconds: number }): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.concurrency });
  const latencies: number[] = [];
  const encodings: Record<string, number> = {};
  let errors = 0;
  let firstError: string | null = null;
  let wireBytes = 0;
  let bodyBytes = 0;
  let empty = 0;
  let i = 0;
  const until = performance.now() + opts.seconds * 1000;
  const worker = async () => {
    while (performance.now() < until) {
      const url = new URL(next(i++), base);
      const t0 = performance.now();
      try {
        const answer = await get(agent, url);
        if (answer.status !== 200) {
          errors++;
          firstError ??= `${url.pathname}${url.search}: ${answer.status} ${answer.body.toString('utf8').slice(0, 200)}`;
        }
        if (answer.encoding) encodings[answer.encoding] = (encodings[answer.encoding] ?? 0) + 1;
        wireBytes += answer.wireBytes;
        bodyBytes += answer.body.length;
        if (answer.total === 0) empty++;
      } catch (e) {
        errors++;
        firstError ??= `${url.pathname}${url.search}: ${String(e)}`;
      }
      latencies.push(performance.now() - t0);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: opts.concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    rps: latencies.length / elapsed,
    p50: pct(latencies, 50),
    p99: pct(latencies, 99),
    max: latencies.at(-1) ?? 0,
    errors,
    encodings,
    firstError,
    wireBytes,
    bodyBytes,
    empty,
  };
}
