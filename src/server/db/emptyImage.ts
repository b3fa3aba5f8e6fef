import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
/** The committed migrations: the one source of the schema. */
export const migrationsFolder = path.join(here, 'migrations');

/** This checkout's image key, worked out once. */
let key: string | null = null;

/**
 * An image of an empty embedded database with every migration applied: PGlite's dump of its data
 * folder. A new database is made from it (well under a second) instead of by initdb and the
 * migrations (several seconds, and more on a busy host). It is made from the migrations themselves:
 * by `npm ci` (package.json's prepare script, src/server/db/prepareImage.ts) and otherwise by the
 * first new database made without one. Its name carries a hash of PGlite's version and of every
 * migration, so a new migration or a new PGlite makes a new image rather than using a stale one (and
 * a database made from an image still has the migrations applied after loading it, so nothing newer
 * than the image is ever missed). It lives in node_modules/.cache, which `npm ci` starts afresh;
 * EMPTY_DB_IMAGE_DIR puts it elsewhere.
 */
export function emptyImagePath(): string {
  const dir = process.env.EMPTY_DB_IMAGE_DIR ? path.resolve(process.env.EMPTY_DB_IMAGE_DIR) : path.join(root, 'node_modules/.cache/motokari');
  key ??= imageKey(migrationsFolder);
  return path.join(dir, `pglite-empty-${key}.tar.gz`);
}

/** PGlite's version and every migration file's name and text in `folder`, hashed. */
export function imageKey(folder: string): string {
  const hash = createHash('sha256');
  const pglite = JSON.parse(readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string };
  hash.update(`pglite ${pglite.version}\n`);
  for (const name of readdirSync(folder).sort()) {
    if (!name.endsWith('.sql')) continue;
    hash
      .update(`${name}\n`)
      .update(readFileSync(path.join(folder, name)))
      .update('\n');
  }
  hash.update(readFileSync(path.join(folder, 'meta/_journal.json')));
  return hash.digest('hex').slice(0, 16);
}

/** The image as PGlite's `loadDataDir` takes it, or null when there is none for these migrations yet. */
export function readEmptyImage(): Blob | null {
  const file = emptyImagePath();
  if (!existsSync(file)) return null;
  return new Blob([readFileSync(file)]);
}

/** Keeps an image for later databases; written whole or not at all (processes making one at once each rename their own). */
export async function writeEmptyImage(dump: Blob): Promise<void> {
  const file = emptyImagePath();
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
}
