import * as Comlink from 'comlink';
import type { PhotoApi } from '../../../../workers/photo.worker';

/** A photo ready to be stored with a draft. */
export interface PreparedPhoto {
  blob: Blob;
  name: string;
}

let worker: Comlink.Remote<PhotoApi> | null | undefined;

/** The photo worker, started on the first photo; null where the browser cannot run a module worker. */
function photoWorker(): Comlink.Remote<PhotoApi> | null {
  if (worker !== undefined) return worker;
  try {
    worker = Comlink.wrap<PhotoApi>(new Worker(new URL('../../../../workers/photo.worker.ts', import.meta.url), { type: 'module', name: 'photos' }));
  } catch (err) {
    console.warn('photo worker not available; photos are kept as chosen', err);
    worker = null;
  }
  return worker;
}

/**
 * Shrinks a chosen photo off the page's thread. A browser that cannot decode it in a worker keeps the
 * file as it is (the server decodes it); any other failure rejects, for the seller to be told.
 */
export async function preparePhoto(file: File): Promise<PreparedPhoto> {
  const remote = photoWorker();
  if (!remote) return { blob: file, name: file.name };
  const result = await remote.shrink(file, file.name);
  return result.kind === 'shrunk' ? { blob: result.blob, name: result.name } : { blob: file, name: file.name };
}
