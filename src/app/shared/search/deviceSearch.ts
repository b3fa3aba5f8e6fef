import type { SearchInput } from '@/domain/search/filters';
import { listingsWorker } from '../sync/searchClient';
import { syncStore } from '../sync/syncStore';

type Answer = ReturnType<typeof listingsWorker.search>;

/** How long a search started ahead waits to be taken by the screen that asked for it. */
const KEPT_MS = 5000;
/** Searches started ahead, by request: the device's listings as they stood then. */
const ahead = new Map<string, { version: number; answer: Answer; timer: ReturnType<typeof setTimeout> }>();

/**
 * Starts a search in the worker now, for a screen about to ask it: a tap on Apply searches at once,
 * while React draws the screen's new state, instead of after that render and its paint.
 */
export function searchAhead(req: SearchInput): void {
  const key = JSON.stringify(req);
  if (ahead.has(key) || !syncStore.ready) return;
  const answer = listingsWorker.search(req);
  answer.catch(() => undefined);
  ahead.set(key, { version: syncStore.version, answer, timer: setTimeout(() => ahead.delete(key), KEPT_MS) });
}

/** The device's answer to `req`: the one started ahead if the listings have not changed since, else asked now. */
export function searchDevice(req: SearchInput, key: string = JSON.stringify(req)): Answer {
  const kept = ahead.get(key);
  ahead.delete(key);
  if (kept) clearTimeout(kept.timer);
  return kept && kept.version === syncStore.version ? kept.answer : listingsWorker.search(req);
}
