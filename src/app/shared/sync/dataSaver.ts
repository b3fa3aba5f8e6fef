import { proxy, useSnapshot } from 'valtio';
import { mayFetchInBackground, mayUpdateNow, metering, saveDataOn, type ConnectionInfo, type Metering } from '@/domain/content/dataSaver';
import { DEFAULT_PREFS } from '@/data/mirrorPrefs';

// Save-Data and the connection, in one place for the whole app: what the person chose on the "Data on
// this device" screen (kept on the device by the search worker) and what the browser says (the
// Network Information API, where it exists). The choices are read and saved through the search worker
// (dataPrefs.ts), apart from this module, which cards and the hero read without starting the worker.

interface NetworkInformationLike extends EventTarget {
  type?: string;
  saveData?: boolean;
}

function browserConnection(): NetworkInformationLike | undefined {
  return typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
}

function readConnection(): ConnectionInfo {
  const net = browserConnection();
  return { type: net?.type, saveData: net?.saveData };
}

export const dataSaverStore = proxy({
  /** The person's choices, as stored on the device (the defaults until read). */
  prefs: structuredClone(DEFAULT_PREFS),
  /** What the browser says of the connection now. */
  connection: readConnection(),
});

browserConnection()?.addEventListener('change', () => {
  dataSaverStore.connection = readConnection();
});

/** Whether the listings may update by themselves now (on start, on reconnect, every few minutes). */
export function mayUpdateAutomatically(): boolean {
  return mayUpdateNow(dataSaverStore.prefs, dataSaverStore.connection);
}

/** Whether screens' code not opened yet may be downloaded in the background now. */
export function mayPrefetchCode(): boolean {
  return mayFetchInBackground(dataSaverStore.prefs.saveData, dataSaverStore.connection);
}

/** Save-Data, following the person's choice and the browser's. */
export function useSaveData(): boolean {
  const { prefs, connection } = useSnapshot(dataSaverStore);
  return saveDataOn(prefs.saveData, connection);
}

/** What the screen says of the connection and Save-Data. */
export function useConnection(): { metering: Metering; browserSaveData: boolean } {
  const { connection } = useSnapshot(dataSaverStore);
  return { metering: metering(connection), browserSaveData: connection.saveData === true };
}
