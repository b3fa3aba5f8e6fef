import * as Comlink from 'comlink';
import type { ListingsApi } from '../../../../workers/listings.worker';

/** The search worker, started once; every search of the app goes through it. */
export const listingsWorker: Comlink.Remote<ListingsApi> = Comlink.wrap<ListingsApi>(new Worker(new URL('../../../../workers/listings.worker.ts', import.meta.url), { type: 'module' }));
