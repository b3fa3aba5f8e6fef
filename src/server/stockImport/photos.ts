import { MAX_IMAGE_BYTES } from '@/domain/core/constants';
import type { AppContext } from '../context';
import { guardedRequest, OutboundRefused } from '../outbound/guardedRequest';
import { NotAnImageError } from '../media/mediaStore';
import { applyEdit, editColumns } from '../listingWrites';
import { savePhotoSources } from '../repositories/stockImports.repo';
import { findUserById } from '../repositories/users.repo';
import { findVehicle } from '../repositories/vehicles/reads';

// A stock file's photos by address (issue 38), fetched by the server in the background: images only,
// at most MAX_IMAGE_BYTES each, 20 seconds each, and never from a private, loopback or link-local
// address however the name resolves or wherever a redirect points (each hop is checked again,
// outbound/guardedRequest.ts). Stored as an upload is (WebP renditions), then given to the listing.

const TIMEOUT_MS = 20_000;
const MAX_REDIRECTS = 3;
/** Tries before photos that could not be fetched are given up (the listing keeps what it has). */
const MAX_ATTEMPTS = 4;

export interface ImportPhotosJob {
  vehicle_id: string;
  actor_id: string;
  urls: string[];
}

/** One photo's bytes, following at most MAX_REDIRECTS redirects, each to a public address; null when it is not an image or cannot be had. */
export async function fetchPhoto(url: string, allowPrivate: boolean | ReadonlySet<string>, userAgent: string): Promise<Buffer | null> {
  let at = url;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const answer = await guardedRequest({ url: at, method: 'GET', headers: { accept: 'image/*', 'user-agent': userAgent }, timeoutMs: TIMEOUT_MS, maxBytes: MAX_IMAGE_BYTES, allowPrivate });
    const location = answer.headers.location;
    if (answer.status >= 300 && answer.status < 400 && location) {
      at = new URL(location, at).toString();
      continue;
    }
    if (answer.status !== 200) return null;
    if (!String(answer.headers['content-type'] ?? '').startsWith('image/')) return null;
    return answer.body;
  }
  return null;
}

/** The job: fetches the row's photos and makes them the listing's (in the file's order), once they are all tried. */
export async function importPhotos(ctx: Pick<AppContext, 'db' | 'media' | 'config' | 'now' | 'jobs'>, job: ImportPhotosJob, attempts: number): Promise<void> {
  const { db, media, config } = ctx;
  const stored: string[] = [];
  let transient = false;
  for (const url of job.urls) {
    try {
      const bytes = await fetchPhoto(url, config.outboundAllowPrivate, `${config.productName}-Photos/1`);
      if (bytes) stored.push((await media.store(bytes)).url);
    } catch (e) {
      if (e instanceof NotAnImageError || (e instanceof OutboundRefused && e.privateAddress)) continue;
      // A network failure or a time-out: tried again later (the stored ones are named by their bytes, so nothing is stored twice).
      transient = true;
    }
  }
  if (transient && attempts < MAX_ATTEMPTS) throw new Error('some photos could not be fetched; tried again later');
  const row = await findVehicle(db, job.vehicle_id);
  const actor = await findUserById(db, job.actor_id);
  if (!row || !actor) return;
  if (stored.length) await applyEdit(ctx, row, await editColumns(ctx, actor, row, { images: stored }), actor);
  await savePhotoSources(db, row.id, job.urls);
}
