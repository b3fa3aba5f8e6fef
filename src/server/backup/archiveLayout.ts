import { z } from 'zod';
import type { Engine } from '../db/client';

/**
 * What a backup archive holds (a gzipped tar), in this order:
 *   database/pglite.tar.gz or database/postgres.dump   the database, dumped first
 *   jwt-secret, vapid.json                             DATA_DIR's generated secrets, those it has
 *   media/<name>                                       the local store's photos (none for MEDIA_STORE=s3)
 *   manifest.json                                      last: what the archive holds, counted as written
 * A restore accepts no other entry.
 */
export const MANIFEST = 'manifest.json';

/** The database's dump in the archive: PGlite's dump of its data folder, or pg_dump's custom format. */
export const DUMP_ENTRY: Record<Engine, string> = { pglite: 'database/pglite.tar.gz', postgres: 'database/postgres.dump' };

/** The generated secrets kept in DATA_DIR (the token secret, the push keys), under the same names in the archive. */
export const SECRET_FILES = ['jwt-secret', 'vapid.json'] as const;

/** The photos' folder in the archive, as in DATA_DIR. */
export const MEDIA_FOLDER = 'media';

/**
 * A complete file of the local photo store: a rendition or a picture derived from one, named as
 * src/server/media/mediaStore.ts names them (not a `.part` file being written).
 */
export const PHOTO_FILE = /^[0-9a-f]{32}-(?:(?:full|thumb|small)\.webp|derived\.jpg)$/;

/** The archive format this version writes and reads. */
export const FORMAT = 1;

const manifestSchema = z.object({
  format: z.literal(FORMAT),
  app: z.literal('motokari'),
  created_at: z.string(),
  engine: z.enum(['pglite', 'postgres']),
  database: z.string(),
  media_store: z.enum(['local', 's3']),
  secrets: z.array(z.enum(SECRET_FILES)),
  counts: z.object({ photos: z.number().int().min(0), photo_bytes: z.number().int().min(0), database_bytes: z.number().int().min(0) }),
});

/** manifest.json. */
export type Manifest = z.infer<typeof manifestSchema>;

/** The manifest read from its text; null when it is not one of this format. */
export function parseManifest(text: string): Manifest | null {
  try {
    const parsed = manifestSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
