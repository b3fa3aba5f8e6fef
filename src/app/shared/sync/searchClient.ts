import * as Comlink from 'comlink';
import type { SearchApi } from '../../../../workers/search.worker';

/** The search worker, started once; every search of the app goes through it. */
export const searchWorker: Comlink.Remote<SearchApi> = Comlink.wrap<SearchApi>(
  new Worker(new URL('../../../../workers/search.worker.ts', import.meta.url), { type: 'module' }),
);
