import { randomBytes } from 'node:crypto';
import { access, mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import { constants } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { MediaObjects } from './mediaObjects';

/** The folder of the photos on the local disk (MEDIA_STORE=local, the default). */
export const localMediaDir = (dataDir: string) => path.join(dataDir, 'media');

const isMissing = (e: unknown) => (e as NodeJS.ErrnoException).code === 'ENOENT';

/** Renditions as files in one folder, created on first write. */
export function localObjects(dir: string): MediaObjects {
  const file = (name: string) => path.join(dir, path.basename(name));
  return {
    async stat(name) {
      try {
        const { size } = await stat(file(name));
        // The header only: the dimensions of what a replay answers.
        const m = await sharp(file(name)).metadata();
        return { bytes: size, width: m.width, height: m.height };
      } catch (e) {
        if (isMissing(e)) return null;
        throw e;
      }
    },
    async get(name) {
      try {
        // Opened first: a file deleted meanwhile is still read whole.
        const handle = await open(file(name));
        const { size } = await handle.stat();
        return { name, body: handle.createReadStream(), bytes: size };
      } catch (e) {
        if (isMissing(e)) return null;
        throw e;
      }
    },
    async put(name, data) {
      await mkdir(dir, { recursive: true });
      // Written aside and renamed: a reader at the same moment sees the whole file or none.
      const part = `${file(name)}.${randomBytes(6).toString('hex')}.part`;
      await writeFile(part, data);
      await rename(part, file(name));
    },
    async delete(name) {
      await rm(file(name), { force: true });
    },
    async check() {
      await mkdir(dir, { recursive: true });
      await access(dir, constants.R_OK | constants.W_OK);
    },
  };
}
