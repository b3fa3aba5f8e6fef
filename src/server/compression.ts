import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';

/**
 * How answers written per request are compressed (the built files are precompressed at the highest
 * quality instead): brotli at quality 1 compresses a page of 20 listings (29 KB) to 7 KB in a third
 * of quality 4's time (5% larger), and a sync page of 500 (740 KB) in a third too; gzip level 1 for
 * browsers without brotli.
 */
export const DYNAMIC_COMPRESSION = {
  encodings: ['br', 'gzip'] as ('br' | 'gzip')[],
  threshold: 1024,
  brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 1 } },
  zlibOptions: { level: 1 },
};

/**
 * The summary feed's pages (a phone's first sync of 100,000 listings: twenty pages of 5,000, each
 * about 720 KB of JSON), where bytes on a phone's connection count more than the server's CPU: brotli
 * at quality 5 sends 10% less than quality 1 (246 KB a page against 273 KB) for about 14 ms a page
 * instead of 3, once per phone's first sync; gzip level 6.
 */
export const SYNC_COMPRESSION = {
  ...DYNAMIC_COMPRESSION,
  brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
  zlibOptions: { level: 6 },
};

export type Encoding = 'br' | 'gzip';

/** The encoding to answer with for an Accept-Encoding header: brotli, else gzip, else none. */
export function preferredEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    if (name) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/**
 * A body compressed as `encoding` with the settings above (none below the threshold or without an
 * encoding). Brotli is told the body's size, so that it sets up for a page rather than for its
 * largest window: the same bytes for a page of 20 listings (33 KB) in 54 us instead of 60 (this
 * machine, `brotliCompressSync` timed alone; no difference for bodies of hundreds of KB).
 */
export function compressBody(text: string, encoding: Encoding | null): { body: Buffer; encoding: Encoding | null } {
  const raw = Buffer.from(text);
  if (!encoding || raw.length < DYNAMIC_COMPRESSION.threshold) return { body: raw, encoding: null };
  const body =
    encoding === 'br'
      ? brotliCompressSync(raw, { params: { ...DYNAMIC_COMPRESSION.brotliOptions.params, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } })
      : gzipSync(raw, DYNAMIC_COMPRESSION.zlibOptions);
  return { body, encoding };
}
