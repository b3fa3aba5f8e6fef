import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from './client';
import { emptyImagePath } from './emptyImage';

/**
 * `npm ci`'s prepare step: makes the image of an empty, migrated embedded database (db/emptyImage.ts)
 * for these migrations if there is none yet, so the first `npm start` on a new folder is quick too.
 * Opening a new in-memory database without an image leaves one.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'motokari-image-'));
try {
  const database = await openDatabase({ databaseUrl: null, dataDir: dir, inMemory: true, warn: (m) => console.warn(m) });
  await database.close();
  console.log(`Image of the empty database: ${path.relative(process.cwd(), emptyImagePath())}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
