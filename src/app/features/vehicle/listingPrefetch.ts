import type { Vehicle } from '@/domain/listing/vehicle';

// A listing's page asks the server for its listing as the app starts, beside its first render,
// instead of once the page has rendered and run its effects: on a slow phone that render is the
// better part of a second, and the listing's photo (the page's largest paint) waits for the answer.

let early: { id: string; answer: Promise<Vehicle> } | null = null;

/** Starts the request for the listing of the page the app opens on (App.tsx). */
export function prefetchListing(id: string): void {
  const answer = import('@/data/api').then(({ fetchVehicle }) => fetchVehicle(id));
  // The page handles a failure when it takes the answer; nothing is reported before.
  answer.catch(() => undefined);
  early = { id, answer };
}

/**
 * The answer of the request started with the app, for the first listing page that asks, once: the
 * next one asks the server again (each request counts a view).
 */
export function takePrefetchedListing(id: string): Promise<Vehicle> | null {
  const taken = early;
  early = null;
  return taken?.id === id ? taken.answer : null;
}
