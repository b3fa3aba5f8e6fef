import type { MediaConfig } from '../config';
import { createLocalMediaStore, type MediaStore } from './mediaStore';

/**
 * The store that MEDIA_STORE chose: DATA_DIR/media (the default) or an S3-compatible bucket. Apart from mediaStore.ts,
 * which s3Store.ts builds on: the lazy import of s3Store from there made an import loop.
 */
export async function createMediaStore(config: { dataDir: string; media: MediaConfig }): Promise<MediaStore> {
  if (config.media.store === 'local') return createLocalMediaStore(config.dataDir);
  // Loaded only when configured: a server on the local disk does not load the SDK.
  const { createS3MediaStore } = await import('./s3Store');
  return createS3MediaStore(config.media.s3);
}
