import * as Comlink from 'comlink';
import type { PhotoApi } from '../../../../workers/photo.worker';

/** A photo ready to be stored with a draft or a message. */
export interface PreparedPhoto {
  blob: Blob;
  name: string;
}

interface PhotoWorker {
  remote: Comlink.Remote<PhotoApi>;
  /** Settles when the worker fails (its script did not load, or it crashed): a call in flight would never be answered. */
  failed: Promise<void>;
}

let worker: PhotoWorker | null | undefined;

/** The photo worker, started on the first photo; null where the browser cannot run a module worker. */
function photoWorker(): PhotoWorker | null {
  if (worker !== undefined) return worker;
  try {
    const w = new Worker(new URL('../../../../workers/photo.worker.ts', import.meta.url), { type: 'module', name: 'photos' });
    const failed = new Promise<void>((resolve) => w.addEventListener('error', () => resolve(), { once: true }));
    worker = { remote: Comlink.wrap<PhotoApi>(w), failed };
  } catch (err) {
    console.warn('photo worker not available; photos are kept as chosen', err);
    worker = null;
  }
  return worker;
}

/**
 * Shrinks a chosen photo off the page's thread. A browser that cannot decode it in a worker, or a
 * worker that failed (say its script could not be fetched offline), keeps the file as it is (the
 * server decodes it); any other failure rejects, for the person to be told.
 */
export async function preparePhoto(file: File): Promise<PreparedPhoto> {
  const w = photoWorker();
  if (!w) return { blob: file, name: file.name };
  const result = await Promise.race([w.remote.shrink(file, file.name), w.failed.then(() => null)]);
  if (result === null) {
    console.warn('photo worker failed; photos are kept as chosen');
    worker = null;
    return { blob: file, name: file.name };
  }
  return result.kind === 'shrunk' ? { blob: result.blob, name: result.name } : { blob: file, name: file.name };
}
