import path from 'node:path';

/**
 * How `npm run backup` asks a running server for its embedded database (the server holds the database's
 * folder: no other process may open it). The server listens on a Unix socket in DATA_DIR, `backup.sock`,
 * mode 0600 (the server's own user only). The command connects and sends one line, the request; the
 * server answers one line of JSON, the header, then, when `ok`, exactly `bytes` bytes: PGlite's dump of
 * its data folder (a gzipped tar), and closes. A connection closed before all of them arrived is a failed
 * dump.
 */
export const DUMP_REQUEST = '{"op":"dump-database","version":1}';

/** The socket's file name in DATA_DIR. */
export const backupSocketPath = (dataDir: string) => path.join(dataDir, 'backup.sock');

/**
 * Whether a Unix socket can be bound or reached at `file`: its path must fit the address (108 bytes on
 * Linux, 104 on macOS, with a terminating zero); a longer one would be cut short, silently.
 */
export const socketPathFits = (file: string) => Buffer.byteLength(file) < 104;

/** The answer's first line. */
export type DumpHeader = { ok: true; engine: 'pglite'; bytes: number } | { ok: false; error: string };

/** The longest request or header line either side reads before giving up on the other. */
export const MAX_LINE = 4096;

/** The header line as the server sends it. */
export const headerLine = (header: DumpHeader) => `${JSON.stringify(header)}\n`;

/** A header line as the command reads it; null when it is not one. */
export function parseHeader(line: string): DumpHeader | null {
  try {
    const h = JSON.parse(line) as Partial<{ ok: unknown; engine: unknown; bytes: unknown; error: unknown }>;
    if (h.ok === true && h.engine === 'pglite' && Number.isSafeInteger(h.bytes) && (h.bytes as number) >= 0) return { ok: true, engine: 'pglite', bytes: h.bytes as number };
    if (h.ok === false && typeof h.error === 'string') return { ok: false, error: h.error };
    return null;
  } catch {
    return null;
  }
}
