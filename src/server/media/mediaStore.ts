import { createHash, randomBytes } from 'node:crypto';
import { access, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { MAX_IMAGE_PIXELS } from '../../domain/constants';

export const MEDIA_PREFIX = '/media/';
const FULL_WIDTH = 1600;
const THUMB_WIDTH = 400;
/** The card thumbnail for a person who chose 'Save data': narrower and coarser. */
const SMALL_WIDTH = 160;
const SMALL_QUALITY = 50;
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
  /** Deletes the renditions of a stored image, by the URL `store` gave; a file already gone is no error. */
  remove(url: string): Promise<void>;
  /**
   * The file of a stored image's card thumbnail, by the URL `store` gave: the thumbnail, or with
   * `small` its smaller rendition, made from the thumbnail on first ask and kept beside it. Null when
   * the URL is not a stored image's or its thumbnail is gone.
   */
  thumbnailFile(url: string, small: boolean): Promise<string | null>;
}

export const thumbnailOf = (url: string) => url.replace(/-full\.webp$/, '-thumb.webp');
const smallThumbnailOf = (url: string) => url.replace(/-full\.webp$/, '-small.webp');
const STORED = /^\/media\/[0-9a-f]{32}-full\.webp$/;

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

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
      const stored = await exists(fullPath);
      let width = meta.width ?? 0;
      let height = meta.height ?? 0;
      let size = 0;
      if (!stored) {
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
      // The thumbnails first: the full rendition's presence means the thumbnail exists (see store).
      await rm(path.join(dir, path.basename(smallThumbnailOf(url))), { force: true });
      await rm(path.join(dir, path.basename(thumbnailOf(url))), { force: true });
      await rm(path.join(dir, full), { force: true });
    },
    async thumbnailFile(url, small) {
      if (!STORED.test(url)) return null;
      const thumb = path.join(dir, path.basename(thumbnailOf(url)));
      if (!(await exists(thumb))) return null;
      if (!small) return thumb;
      const file = path.join(dir, path.basename(smallThumbnailOf(url)));
      if (await exists(file)) return file;
      const bytes = await sharp(thumb).resize({ width: SMALL_WIDTH, withoutEnlargement: true }).webp({ quality: SMALL_QUALITY }).toBuffer();
      // Written aside and renamed: a request at the same moment reads the whole file or makes its own.
      const part = `${file}.${randomBytes(6).toString('hex')}.part`;
      await writeFile(part, bytes);
      await rename(part, file);
      return file;
    },
  };
}

const DATA_URL = /^data:([\w/+.-]+)?(;[\w=.-]+)*;base64,([A-Za-z0-9+/=\s]+)$/;

export function decodeDataUrl(s: string): Buffer | null {
  const m = DATA_URL.exec(s);
  return m ? Buffer.from(m[3]!.replace(/\s/g, ''), 'base64') : null;
}
