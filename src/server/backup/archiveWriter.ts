import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { Header, Pack, ReadEntry } from 'tar';

/** A gzipped tar being written, entry after entry, each streamed in (no entry is held whole in memory). */
export interface ArchiveWriter {
  /** Adds a file of exactly `bytes` bytes; rejects if `body` gives more or fewer. */
  add(name: string, bytes: number, body: Buffer | AsyncIterable<Buffer>, mode?: number): Promise<void>;
  /** Ends the archive; resolves once it is all on disk. */
  finish(): Promise<void>;
  /** Gives up on the archive (its file is then the caller's to remove). */
  abort(): void;
}

/** Starts the archive `file` (created with mode 0600: it holds the secrets and every account). */
export function createArchive(file: string): ArchiveWriter {
  const pack = new Pack({ gzip: true, portable: true });
  const out = createWriteStream(file, { mode: 0o600 });
  const failed = new Promise<never>((_, reject) => {
    pack.on('error', reject);
    out.on('error', reject);
  });
  failed.catch(() => undefined);
  const closed = once(out, 'close');
  pack.pipe(out);
  return {
    async add(name, bytes, body, mode = 0o644) {
      const entry = new ReadEntry(new Header({ path: name, type: 'File', size: bytes, mode, mtime: new Date() }));
      pack.add(entry);
      let written = 0;
      for await (const chunk of Buffer.isBuffer(body) ? [body] : body) {
        written += chunk.length;
        if (written > bytes) break;
        if (!entry.write(chunk)) await Promise.race([once(entry, 'drain'), failed]);
      }
      if (written !== bytes) throw new Error(`${name} changed while it was copied (${written} bytes, not ${bytes})`);
      entry.end();
    },
    async finish() {
      pack.end();
      await Promise.race([closed, failed]);
    },
    abort() {
      out.destroy();
    },
  };
}
