import type { DataStatus } from '@/domain/search/deviceCopy';
import { readPrefs } from '@/data/mirrorPrefs';
import { device, mirror } from './state';

// What the device holds, for the "Data on this device" screen and the app's counts.

/** How many listings the device holds. */
export function size(): number {
  return device.index.size;
}

/** How many listings the device holds, what they take on it, what the last update downloaded, and the prefs. */
export async function dataStatus(): Promise<DataStatus> {
  const [bytes, last, prefs] = await Promise.all([bytesOnDevice(), mirror.meta('lastUpdate'), readPrefs(mirror)]);
  const lastUpdate = last?.at !== undefined && last.bytes !== undefined && last.listings !== undefined ? { at: last.at, bytes: last.bytes, listings: last.listings } : null;
  return { count: device.index.size, bytesOnDevice: bytes, lastUpdate, prefs };
}

/** The site's storage on this device: IndexedDB's share where Chromium reports it, else the whole usage. */
async function bytesOnDevice(): Promise<number | null> {
  if (typeof navigator === 'undefined' || !navigator.storage?.estimate) return null;
  try {
    const estimate: StorageEstimate & { usageDetails?: { indexedDB?: number } } = await navigator.storage.estimate();
    return estimate.usageDetails?.indexedDB ?? estimate.usage ?? null;
  } catch {
    return null;
  }
}
