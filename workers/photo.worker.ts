import * as Comlink from 'comlink';
import { fitWithin, keepOriginal, PHOTO_QUALITY, renamedFor } from '@/domain/listing/listingWizard';

// Shrinks a seller's photo before it is stored on the device and uploaded: a phone's 12-megapixel
// photo (4-8 MB) becomes a 1600 px JPEG or WebP of a few hundred KB, so a draft stays small and the
// upload is cheap on a metered connection. Decoding and encoding run here, off the page's thread.

export type ShrinkResult =
  /** The re-encoded photo. */
  | { kind: 'shrunk'; blob: Blob; name: string; width: number; height: number }
  /** Keep the file as chosen: it is already small, or this browser cannot decode it in a worker. */
  | { kind: 'original'; reason: 'small' | 'unsupported' | 'undecodable' };

async function encode(canvas: OffscreenCanvas): Promise<Blob> {
  // WebP where the browser writes it (it asks for PNG otherwise and may silently get one), else JPEG.
  const webp = await canvas.convertToBlob({ type: 'image/webp', quality: PHOTO_QUALITY });
  if (webp.type === 'image/webp') return webp;
  return canvas.convertToBlob({ type: 'image/jpeg', quality: PHOTO_QUALITY });
}

const photoApi = {
  async shrink(file: Blob, name: string): Promise<ShrinkResult> {
    if (typeof createImageBitmap !== 'function' || typeof OffscreenCanvas === 'undefined') return { kind: 'original', reason: 'unsupported' };
    let bitmap: ImageBitmap;
    try {
      bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    } catch {
      // A format this browser cannot decode here (HEIC on most, BMP on some): the server decodes it.
      return { kind: 'original', reason: 'undecodable' };
    }
    try {
      const size = fitWithin(bitmap.width, bitmap.height);
      const canvas = new OffscreenCanvas(size.width, size.height);
      const ctx = canvas.getContext('2d');
      if (!ctx) return { kind: 'original', reason: 'unsupported' };
      // A transparent PNG would turn black as JPEG; a vehicle photo reads best on white.
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, size.width, size.height);
      ctx.imageSmoothingQuality = 'high';
      ctx.drawImage(bitmap, 0, 0, size.width, size.height);
      const blob = await encode(canvas);
      if (keepOriginal({ width: bitmap.width, height: bitmap.height, bytes: file.size }, blob.size)) return { kind: 'original', reason: 'small' };
      return { kind: 'shrunk', blob, name: renamedFor(name, blob.type), ...size };
    } finally {
      bitmap.close();
    }
  },
};

export type PhotoApi = typeof photoApi;
Comlink.expose(photoApi);
