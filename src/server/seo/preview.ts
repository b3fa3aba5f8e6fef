import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { MAX_IMAGE_PIXELS } from '@/domain/core/constants';
import { PREVIEW_IMAGE } from '@/domain/content/seo';
import type { Vehicle } from '@/domain/listing/vehicle';
import { derivedKeyOf, MEDIA_PREFIX, type MediaStore } from '../media/mediaStore';

// A listing's link preview: what WhatsApp, Facebook and others show for a shared listing. A JPEG
// (WhatsApp does not take WebP reliably) of 1200 x 630 under 300 KB (it shows no image above that),
// cropped from the listing's main photo around its most interesting part, or the placeholder
// illustration for a listing without one; made once per main photo and kept in the media store.

/** The app's static files (the sample listings' illustrations, the placeholder). */
const PUBLIC_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../public');
const PLACEHOLDER = '/placeholder-vehicle.svg';
/** Qualities tried in turn until the picture fits PREVIEW_IMAGE.maxBytes. */
const QUALITIES = [82, 72, 62, 50, 40];

/** The bytes of a listing image of ours (an upload or a static file); null for another site's or a missing one. */
async function sourceBytes(url: string, media: MediaStore): Promise<Buffer | null> {
  if (url.startsWith(MEDIA_PREFIX)) {
    const obj = await media.read(url.slice(MEDIA_PREFIX.length));
    if (!obj) return null;
    return Buffer.isBuffer(obj.body) ? obj.body : Buffer.concat(await (obj.body as Readable).toArray());
  }
  // A path under public/ only: never another site (no request leaves for an address a seller wrote).
  if (!url.startsWith('/') || url.startsWith('//')) return null;
  const file = path.resolve(PUBLIC_DIR, `.${decodeURIComponent(url.split('?')[0]!)}`);
  if (!file.startsWith(PUBLIC_DIR + path.sep)) return null;
  return readFile(file).catch(() => null);
}

/** Renders a picture as the preview: a photo cropped to fill, an illustration fitted on white. */
export async function renderPreview(source: Buffer, illustration: boolean): Promise<Buffer> {
  const { width, height, maxBytes } = PREVIEW_IMAGE;
  const base = sharp(source, { limitInputPixels: MAX_IMAGE_PIXELS, density: illustration ? 300 : undefined })
    .rotate()
    .resize(width, height, illustration ? { fit: 'contain', background: '#ffffff' } : { fit: 'cover', position: sharp.strategy.attention })
    .flatten({ background: '#ffffff' });
  let out: Buffer | null = null;
  for (const quality of QUALITIES) {
    out = await base.clone().jpeg({ quality, mozjpeg: true }).toBuffer();
    if (out.length <= maxBytes) break;
  }
  return out!;
}

/** A listing's preview JPEG: kept in the store by its main photo, made on the first ask. */
export async function listingPreview(v: Pick<Vehicle, 'images'>, media: MediaStore): Promise<Buffer> {
  const main = v.images[0] ?? null;
  const photo = main ? await sourceBytes(main, media) : null;
  const illustration = !photo || /\.svg(\?|$)/i.test(main ?? '');
  const key = photo && main ? derivedKeyOf(main) : `placeholder:${PLACEHOLDER}`;
  return media.derived(key, 'jpg', PREVIEW_IMAGE, async () => {
    const source = photo ?? (await sourceBytes(PLACEHOLDER, media));
    if (!source) throw new Error(`the placeholder ${PLACEHOLDER} is missing`);
    try {
      return await renderPreview(source, illustration);
    } catch {
      // A photo that cannot be decoded gets the placeholder rather than no preview.
      return renderPreview((await sourceBytes(PLACEHOLDER, media))!, true);
    }
  });
}
