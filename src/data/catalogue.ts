import type { Mirror } from './mirror';
import type { CatalogueDownloadAnswer } from '../domain/core/wire';

export interface CatalogueDownload {
  /** Null when the server answered 304: the device's copy is current. */
  body: CatalogueDownloadAnswer | null;
  etag: string | null;
}

/**
 * Brings the device's copy of the catalogue up to date: sends the stored ETag, and on a new catalogue
 * replaces the stored one in one transaction (a half-written catalogue is never seen). Returns
 * whether anything changed.
 */
export async function pullCatalogue(mirror: Mirror, download: (etag: string | null) => Promise<CatalogueDownload>): Promise<boolean> {
  const stored = await mirror.meta('catalogue');
  const hasRows = (await mirror.catalogueCount()) > 0;
  const { body, etag } = await download(hasRows ? (stored?.etag ?? null) : null);
  if (!body) return false;
  await mirror.replaceCatalogue(body.makes, { key: 'catalogue', ...(etag && { etag }), syncedAt: new Date().toISOString() });
  return true;
}

/** GET /api/sync/catalogue with the device's ETag; a 304 means the stored copy is current. */
export async function downloadCatalogue(etag: string | null): Promise<CatalogueDownload> {
  // fetch itself, as fetchSyncPage: the worker carries no HTTP library.
  const res = await fetch('/api/sync/catalogue', { headers: etag ? { 'if-none-match': etag } : {} });
  if (res.status === 304) return { body: null, etag };
  if (!res.ok) throw new Error(`catalogue download failed (${res.status})`);
  return { body: await res.json(), etag: res.headers.get('etag') };
}
