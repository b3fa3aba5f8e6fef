import { PLACEHOLDER_IMAGE } from '@/domain/core/constants';
import type { Vehicle } from '@/domain/listing/vehicle';

/** A photo in the wizard: one stored on this device (blob), or one the published listing already has (url). */
export interface WizardPhoto {
  id: string;
  name: string;
  blob: Blob | null;
  url: string | null;
  /** What the <img> shows: an object URL of the blob, or the listing's URL. */
  preview: string;
}

export function localPhoto(id: string, blob: Blob, name: string): WizardPhoto {
  return { id, name, blob, url: null, preview: URL.createObjectURL(blob) };
}

export function remotePhotos(v: Vehicle): WizardPhoto[] {
  return v.images.filter((url) => url && url !== PLACEHOLDER_IMAGE).map((url, i) => ({ id: `remote-${i}-${url}`, name: `Photo ${i + 1}`, blob: null, url, preview: url }));
}

export function revoke(p: WizardPhoto): void {
  if (p.blob) URL.revokeObjectURL(p.preview);
}
