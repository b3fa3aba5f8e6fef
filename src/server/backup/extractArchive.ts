import { createReadStream, type Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ReadEntry, Unpack } from 'tar';
import type { Engine } from '../db/client';
import { BackupError } from './cli';
import { DUMP_ENTRY, FORMAT, MANIFEST, MEDIA_FOLDER, PHOTO_FILE, SECRET_FILES, parseManifest, type Manifest } from './archiveLayout';

/** Whether `name` is one of the archive's entries (archiveLayout.ts). */
function expected(name: string): boolean {
  if (name === MANIFEST || (SECRET_FILES as readonly string[]).includes(name) || Object.values(DUMP_ENTRY).includes(name)) return true;
  const [folder, file, ...rest] = name.split('/');
  return folder === MEDIA_FOLDER && file !== undefined && rest.length === 0 && PHOTO_FILE.test(file);
}

/** The manifest's complaint about a format this version does not read. */
async function manifestOf(file: string, archive: string): Promise<Manifest> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new BackupError(`${archive} is not a whole Motokari backup: it has no ${MANIFEST} (written last: the archive may be cut short)`);
  }
  const manifest = parseManifest(text);
  if (manifest) return manifest;
  const format = (() => {
    try {
      return (JSON.parse(text) as { format?: unknown }).format;
    } catch {
      return undefined;
    }
  })();
  if (typeof format === 'number' && format > FORMAT) throw new BackupError(`${archive} was made by a newer version of Motokari (archive format ${format}): restore it with that version`);
  throw new BackupError(`${archive} is not a Motokari backup: its ${MANIFEST} is not one`);
}

/**
 * Unpacks the backup `archive` into the empty folder `into` and checks it: only the layout's entries (no
 * links, no other paths), a database dump of `engine` (stopped at the first entry otherwise), and as
 * many photos as its manifest counts. A corrupt or cut archive is a BackupError.
 */
export async function extractArchive(archive: string, into: string, engine: Engine): Promise<Manifest> {
  const input = createReadStream(archive);
  let photos = 0;
  let photoBytes = 0;
  const refuse = (message: string) => {
    input.destroy(new BackupError(message));
    return false;
  };
  const filter = (name: string, entry: ReadEntry | Stats) => {
    if (input.destroyed) return false;
    if (!(entry instanceof ReadEntry) || entry.type !== 'File' || !expected(name)) return refuse(`${archive} is not a Motokari backup: it holds ${name}`);
    const other = (Object.keys(DUMP_ENTRY) as Engine[]).find((e) => e !== engine && DUMP_ENTRY[e] === name);
    if (other) {
      return refuse(
        other === 'postgres'
          ? `${archive} holds a PostgreSQL database: set DATABASE_URL to an empty PostgreSQL database to restore it`
          : `${archive} holds the embedded database (PGlite): unset DATABASE_URL to restore it into DATA_DIR`,
      );
    }
    if (name.startsWith(`${MEDIA_FOLDER}/`)) {
      photos += 1;
      photoBytes += entry.size;
    }
    return true;
  };
  const unpack = new Unpack({ cwd: into, strict: true, preserveOwner: false, filter });
  try {
    await pipeline(input, unpack);
  } catch (err) {
    if (err instanceof BackupError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR') throw new BackupError(`cannot read ${archive}: ${(err as Error).message}`);
    throw new BackupError(`${archive} is not a readable Motokari backup (corrupt or cut short: ${(err as Error).message})`);
  }
  const manifest = await manifestOf(path.join(into, MANIFEST), archive);
  const dump = DUMP_ENTRY[manifest.engine];
  if (manifest.engine !== engine || manifest.database !== dump) throw new BackupError(`${archive} is not a Motokari backup of the ${engine} database`);
  const dumped = await stat(path.join(into, dump)).catch(() => null);
  if (dumped?.size !== manifest.counts.database_bytes) throw new BackupError(`${archive} is not a whole Motokari backup: its ${dump} is missing or not the size its manifest says`);
  if (photos !== manifest.counts.photos || photoBytes !== manifest.counts.photo_bytes) {
    throw new BackupError(`${archive} is incomplete: it holds ${photos} photo files where its manifest counts ${manifest.counts.photos}`);
  }
  return manifest;
}
