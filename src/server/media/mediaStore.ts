import { createHash } from 'node:crypto';
import { access, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { MAX_IMAGE_PIXELS } from '../../domain/constants';

export const MEDIA_PREFIX = '/media/';
const FULL_WIDTH = 1600;
const THUMB_WIDTH = 400;
/** Formats judged by the bytes, never by the file name. */
const ACCEPTED = new Set(['jpeg', 'png', 'gif', 'webp', 'avif', 'tiff', 'heif']);

export interface StoredImage {
  url: string;
  thumbnail_url: string;
  width: number;
  height: number;
  bytes: number;
}

export class NotAnImageError extends Error {}
/** An image whose header declares more than MAX_IMAGE_PIXELS: refused before it is decoded. */
export class ImageTooLargeError extends NotAnImageError {}

export interface MediaStore {
  readonly dir: string;
  /** Stores WebP renditions of an image; the same bytes always give the same URLs (a replay stores nothing new). */
  store(bytes: Buffer): Promise<StoredImage>;
  /** Deletes both renditions of a stored image, by the URL `store` gave; a file already gone is no error. */
  remove(url: string): Promise<void>;
}

export const thumbnailOf = (url: string) => url.replace(/-full\.webp$/, '-thumb.webp');

export function createMediaStore(dataDir: string): MediaStore {
  const dir = path.join(dataDir, 'media');
  return {
    dir,
    async store(bytes) {
      let meta: Metadata;
      try {
        // Reads the header only: the pixels are decoded below, once the size is known to be acceptable.
        meta = await sharp(bytes, { limitInputPixels: false }).metadata();
      } catch {
        throw new NotAnImageError('not an image');
      }
      if (!meta.format || !ACCEPTED.has(meta.format)) throw new NotAnImageError(`unsupported format ${meta.format ?? 'unknown'}`);
      if ((meta.width ?? 0) * (meta.pageHeight ?? meta.height ?? 0) > MAX_IMAGE_PIXELS) throw new ImageTooLargeError(`${meta.width} x ${meta.height}`);
      const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
      const fullName = `${hash}-full.webp`;
      const thumbName = `${hash}-thumb.webp`;
      await mkdir(dir, { recursive: true });
      const fullPath = path.join(dir, fullName);
      const exists = await access(fullPath).then(
        () => true,
        () => false,
      );
      let width = meta.width ?? 0;
      let height = meta.height ?? 0;
      let size = 0;
      if (!exists) {
        try {
          const base = () => sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).rotate();
          const full = await base().resize({ width: FULL_WIDTH, height: FULL_WIDTH, fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 }).toBuffer({ resolveWithObject: true });
          const thumb = await base().resize({ width: THUMB_WIDTH, withoutEnlargement: true }).webp({ quality: 72 }).toBuffer();
          await writeFile(path.join(dir, thumbName), thumb);
          // The full rendition is written last: its presence means both exist.
          await writeFile(fullPath, full.data);
          width = full.info.width;
          height = full.info.height;
          size = full.data.length;
        } catch (e) {
          throw new NotAnImageError(e instanceof Error ? e.message : 'cannot decode');
        }
      } else {
        const m = await sharp(fullPath).metadata();
        width = m.width ?? width;
        height = m.height ?? height;
        size = m.size ?? 0;
      }
      return { url: MEDIA_PREFIX + fullName, thumbnail_url: MEDIA_PREFIX + thumbName, width, height, bytes: size };
    },
    async remove(url) {
      const full = path.basename(url);
      // The thumbnail first: the full rendition's presence means both exist (see store).
      await rm(path.join(dir, path.basename(thumbnailOf(url))), { force: true });
      await rm(path.join(dir, full), { force: true });
    },
  };
}

const DATA_URL = /^data:([\w/+.-]+)?(;[\w=.-]+)*;base64,([A-Za-z0-9+/=\s]+)$/;

export function decodeDataUrl(s: string): Buffer | null {
  const m = DATA_URL.exec(s);
  return m ? Buffer.from(m[3]!.replace(/\s/g, ''), 'base64') : null;
}
