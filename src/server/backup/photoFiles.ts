import { opendir, open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import path from 'node:path';
import { PHOTO_FILE } from './archiveLayout';

/** A photo file opened for copying: its bytes counted when it was opened, its contents streamed. */
export interface PhotoFile {
  name: string;
  bytes: number;
  body: Readable;
}

const missing = (e: unknown) => (e as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * The complete photo files in `dir`, one open at a time, read from the folder as it is walked (a
 * million listings' photos are not listed in memory first). A file deleted between the listing and its
 * opening is left out: only the orphan purge deletes photos, and only photos no listing shows (see
 * backup.ts). Nothing when the folder does not exist (no photo was ever uploaded).
 */
export async function* photoFiles(dir: string): AsyncGenerator<PhotoFile> {
  let entries;
  try {
    entries = await opendir(dir);
  } catch (e) {
    if (missing(e)) return;
    throw e;
  }
  for await (const entry of entries) {
    if (!entry.isFile() || !PHOTO_FILE.test(entry.name)) continue;
    let handle;
    try {
      handle = await open(path.join(dir, entry.name));
    } catch (e) {
      if (missing(e)) continue;
      throw e;
    }
    // Renditions are written aside and renamed into place, and never rewritten: the open file keeps its size.
    const { size } = await handle.stat();
    yield { name: entry.name, bytes: size, body: handle.createReadStream() };
  }
}
