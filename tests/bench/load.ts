import http from 'node:http';
import zlib from 'node:zlib';

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

/**
 * One GET as a browser makes it: asks for compression, reads the whole body and decompresses it. The
 * body is decompressed in one call once read, as a browser's network stack does natively: a zlib
 * stream set up per answer costs the load generator (on the same cores as the server) several times
 * the decompression itself, and the server's figures with it.
 */
export function get(agent: http.Agent, url: URL): Promise<Answer> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: BROWSER_HEADERS }, (res) => {
      const encoding = res.headers['content-encoding'] ?? null;
      const total = res.headers['x-total-count'] === undefined ? null : Number(res.headers['x-total-count']);
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () => {
        try {
          const wire = parts.length === 1 ? parts[0]! : Buffer.concat(parts);
          const body = encoding === 'br' ? zlib.brotliDecompressSync(wire) : encoding === 'gzip' ? zlib.gunzipSync(wire) : wire;
          resolve({ status: res.statusCode ?? 0, body, encoding, wireBytes: wire.length, total, ms: performance.now() - t0 });
        } catch (err) {
          reject(err instanceof Error ? err : new Error(String(err)));
        }
      });
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
