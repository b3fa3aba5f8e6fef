// Shared by the page and the service worker, in a file of its own so the page's first screen does not
// load the outbox (and its listing schema) just to name the sync tag.

/** The workbox-background-sync queue whose sync event replays the outbox, and the tag a page registers for it. */
export const OUTBOX_SYNC_QUEUE = 'motokari-outbox';
export const OUTBOX_SYNC_TAG = `workbox-background-sync:${OUTBOX_SYNC_QUEUE}`;
