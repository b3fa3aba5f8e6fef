import { PLACEHOLDER_IMAGE } from '../core/constants';

// An uploaded photo is kept in renditions named after its content's hash: `<hash>-full.webp`, the
// listing's photo, and `<hash>-thumb.webp` beside it, narrower, for cards and the gallery's strip.
// The server stores and serves them by these names (src/server/media/mediaStore.ts); the app asks
// for the thumbnail wherever a photo is shown small. A photo by another URL (a seeded listing's)
// has no thumbnail and is shown as it is.

/** The thumbnail of a photo URL: the `-thumb.webp` rendition of a `-full.webp` photo, any other URL unchanged. */
export const thumbnailOf = (url: string): string => url.replace(/-full\.webp$/, '-thumb.webp');

/** What a card shows for a listing's first photo: its thumbnail, or the placeholder when it has none. */
export const cardPhotoUrl = (url: string | undefined): string => (url ? thumbnailOf(url) : PLACEHOLDER_IMAGE);

/** A listing's own photos: the placeholder the server puts in for a listing without any is not one. */
export const realPhotos = (images: readonly string[]): string[] => images.filter((u) => !!u && u !== PLACEHOLDER_IMAGE);
