import { DEFAULT_PREFS } from '@/data/mirrorPrefs';
import type { MirrorPrefs } from '@/data/records';
import { dataSaverStore } from './dataSaver';
import { listingsWorker } from './searchClient';

// The person's choices on the "Data on this device" screen, kept on the device by the search worker.

let loading: Promise<MirrorPrefs> | null = null;

/** Reads the person's choices from the device once (the app's start awaits it before updating). */
export function loadPrefs(): Promise<MirrorPrefs> {
  loading ??= listingsWorker.prefs().then(
    (prefs) => {
      dataSaverStore.prefs = prefs;
      return prefs;
    },
    (err: unknown) => {
      console.warn('data preferences not read; using the defaults', err);
      return DEFAULT_PREFS;
    },
  );
  return loading;
}

/** Stores the person's choices on the device; the caller then updates the listings (syncNow). */
export async function savePrefs(prefs: MirrorPrefs): Promise<void> {
  await listingsWorker.setPrefs(prefs);
  dataSaverStore.prefs = prefs;
}
