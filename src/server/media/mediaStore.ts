import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { MAX_IMAGE_PIXELS } from '@/domain/core/constants';
import { thumbnailOf } from '@/domain/listing/photos';
import { localMediaDir, localObjects } from './localStore';
import type { MediaObject, MediaObjects } from './mediaObjects';
import type { StoredImage } from '@/domain/core/wire';

export const MEDIA_PREFIX = '/media/';
/** Renditions are named by their content, so they never change: cached for a year wherever they are served from. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';
export const MEDIA_TYPE = 'image/webp';
const FULL_WIDTH = 1600;
const THUMB_WIDTH = 400;
/** The card thumbnail for a person who chose 'Save data': narrower and coarser. */
const SMALL_WIDTH = 160;
const SMALL_QUALITY = 50;
/** Formats judged by the bytes, never by the file name. */
const ACCEPTED = new Set(['jpeg', 'png', 'gif', 'webp', 'avif', 'tiff', 'heif']);

export class NotAnImageError extends Error {}
/** An image whose header declares more than MAX_IMAGE_PIXELS: refused before it is decoded. */
export class ImageTooLargeError extends NotAnImageError {}

/** Where uploaded photos are kept (DATA_DIR/media or an S3 bucket); nothing of where leaks out. */
export interface MediaStore {
  /** Stores WebP renditions of an image; the same bytes always give the same URLs (a replay stores nothing new). */
  store(bytes: Buffer): Promise<StoredImage>;
  /** A stored rendition by its name (`<hash>-full.webp`, `-thumb.webp`, `-small.webp`); null when the name is no rendition's or it is gone. */
  read(name: string): Promise<MediaObject | null>;
  /** A stored rendition's byte count, as `read` would find it, without reading its bytes (a HEAD). */
  size(name: string): Promise<number | null>;
  /**
   * A stored image's card thumbnail, by the URL `store` gave: the thumbnail, or with `small` its
   * smaller rendition, made from the thumbnail on first ask and kept in the store beside it. Null
   * when the URL is not a stored image's or its thumbnail is gone.
   */
  thumbnail(url: string, small: boolean): Promise<MediaObject | null>;
  /**
   * What `thumbnail` would give, as its name and byte count (a HEAD): read from the store's metadata
   * when it holds the rendition; a small one not made yet is made, as the first GET would.
   */
  thumbnailSize(url: string, small: boolean): Promise<{ name: string; bytes: number } | null>;
  /**
   * Deletes the renditions of a stored image, by the URL `store` gave, and the picture derived from it
   * (kept under derivedKeyOf(url)); one already gone is no error.
   */
  remove(url: string): Promise<void>;
  /**
   * A picture made from others (a listing's link preview), kept by `key` so it is made once across
   * instances: the kept bytes, or `make`'s, written to the store on the first ask. One made from a
   * stored photo is kept under derivedKeyOf(its URL), so it goes when the photo does.
   */
  derived(key: string, ext: 'jpg', size: { width: number; height: number }, make: () => Promise<Buffer>): Promise<Buffer>;
  /** Throws when the store cannot be reached (for a readiness probe). */
  check(): Promise<void>;
}

const smallThumbnailOf = (url: string) => url.replace(/-full\.webp$/, '-small.webp');
const STORED = /^\/media\/[0-9a-f]{32}-full\.webp$/;
/** The name of a stored rendition, as `store` makes them. */
export const MEDIA_NAME = /^[0-9a-f]{32}-(full|thumb|small)\.webp$/;
const nameOf = (url: string) => url.slice(MEDIA_PREFIX.length);

/** The whole of a rendition's bytes. */
async function bytesOf(obj: MediaObject): Promise<Buffer> {
  return Buffer.isBuffer(obj.body) ? obj.body : Buffer.concat(await obj.body.toArray());
}

/** Lets go of a rendition that will not be sent (its file or connection). */
export function discard(obj: MediaObject): void {
  if (obj.body instanceof Readable) obj.body.destroy();
}

/** The key a picture derived from a stored photo is kept under (see `derived`). */
export const derivedKeyOf = (photoUrl: string) => `photo:${photoUrl}`;
const derivedName = (key: string, ext: 'jpg') => `${createHash('sha256').update(key).digest('hex').slice(0, 32)}-derived.${ext}`;

/** The renditions, the names and the replay rule, over any place that keeps objects by name. */
export function mediaStoreOn(objects: MediaObjects): MediaStore {
  return {
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
      const answer = (width: number, height: number, size: number): StoredImage => ({
        url: MEDIA_PREFIX + fullName,
        thumbnail_url: MEDIA_PREFIX + thumbName,
        width,
        height,
        bytes: size,
      });
      const stored = await objects.stat(fullName);
      if (stored) {
        if (stored.width !== undefined && stored.height !== undefined) return answer(stored.width, stored.height, stored.bytes);
        const full = await objects.get(fullName);
        if (full) {
          const m = await sharp(await bytesOf(full)).metadata();
          return answer(m.width ?? meta.width ?? 0, m.height ?? meta.height ?? 0, stored.bytes);
        }
      }
      let full: { data: Buffer; info: OutputInfo };
      let thumb: { data: Buffer; info: OutputInfo };
      try {
        const base = () => sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).rotate();
        full = await base().resize({ width: FULL_WIDTH, height: FULL_WIDTH, fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 }).toBuffer({ resolveWithObject: true });
        thumb = await base().resize({ width: THUMB_WIDTH, withoutEnlargement: true }).webp({ quality: 72 }).toBuffer({ resolveWithObject: true });
      } catch (e) {
        throw new NotAnImageError(e instanceof Error ? e.message : 'cannot decode');
      }
      await objects.put(thumbName, thumb.data, thumb.info);
      // The full rendition is written last: its presence means both exist.
      await objects.put(fullName, full.data, full.info);
      return answer(full.info.width, full.info.height, full.data.length);
    },
    async read(name) {
      return MEDIA_NAME.test(name) ? objects.get(name) : null;
    },
    async size(name) {
      if (!MEDIA_NAME.test(name)) return null;
      return (await objects.stat(name))?.bytes ?? null;
    },
    async thumbnailSize(url, small) {
      if (!STORED.test(url)) return null;
      const name = nameOf(small ? smallThumbnailOf(url) : thumbnailOf(url));
      const stat = await objects.stat(name);
      if (stat) return { name, bytes: stat.bytes };
      if (!small) return null;
      const made = await this.thumbnail(url, true);
      if (!made) return null;
      discard(made);
      const bytes = made.bytes ?? (await objects.stat(name))?.bytes;
      return bytes === undefined ? null : { name, bytes };
    },
    async thumbnail(url, small) {
      if (!STORED.test(url)) return null;
      if (!small) return objects.get(nameOf(thumbnailOf(url)));
      const name = nameOf(smallThumbnailOf(url));
      const kept = await objects.get(name);
      if (kept) return kept;
      const thumb = await objects.get(nameOf(thumbnailOf(url)));
      if (!thumb) return null;
      const made = await sharp(await bytesOf(thumb))
        .resize({ width: SMALL_WIDTH, withoutEnlargement: true })
        .webp({ quality: SMALL_QUALITY })
        .toBuffer({ resolveWithObject: true });
      // A request at the same moment makes the same bytes: whichever write lands last changes nothing.
      await objects.put(name, made.data, made.info);
      return { name, body: made.data, bytes: made.data.length };
    },
    async remove(url) {
      if (!STORED.test(url)) return;
      await objects.delete(derivedName(derivedKeyOf(url), 'jpg'));
      // The thumbnails first: the full rendition's presence means the thumbnail exists (see store).
      await objects.delete(nameOf(smallThumbnailOf(url)));
      await objects.delete(nameOf(thumbnailOf(url)));
      await objects.delete(nameOf(url));
    },
    async derived(key, ext, size, make) {
      const name = derivedName(key, ext);
      const kept = await objects.get(name);
      if (kept) return bytesOf(kept);
      const made = await make();
      // Two instances making it at once make the same picture: the later write changes nothing.
      await objects.put(name, made, size);
      return made;
    },
    check: () => objects.check(),
  };
}

/** Photos in DATA_DIR/media (MEDIA_STORE=local, the default). */
export function createLocalMediaStore(dataDir: string): MediaStore {
  return mediaStoreOn(localObjects(localMediaDir(dataDir)));
}

const DATA_URL = /^data:([\w/+.-]+)?(;[\w=.-]+)*;base64,([A-Za-z0-9+/=\s]+)$/;

export function decodeDataUrl(s: string): Buffer | null {
  const m = DATA_URL.exec(s);
  return m ? Buffer.from(m[3]!.replace(/\s/g, ''), 'base64') : null;
}
