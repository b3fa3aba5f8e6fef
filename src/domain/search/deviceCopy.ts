import type { VehicleType } from '../core/constants';
import type { MirrorScope } from './scope';

// The device's copy of the public listings as the listings worker reports it: what the person chose it
// keeps, what it holds, and how an update went. The worker answers with these; the app shows them.

/** What the person chose this device keeps, and when it may download updates. */
export interface MirrorPrefs {
  /** Which listings the device keeps. */
  scope: MirrorScope;
  /** Update automatically only on an unmetered connection (Wi-Fi, Ethernet). */
  wifiOnly: boolean;
  /** Save data: smaller thumbnails, no hero video, no photo prefetch. */
  saveData: boolean;
}

/** What the device holds, for the "Data on this device" screen. */
export interface DataStatus {
  /** How many listings the device holds. */
  count: number;
  /** The bytes this site stores on the device (IndexedDB where the browser says, else all its storage); null where unknown. */
  bytesOnDevice: number | null;
  /** What the last update downloaded, and when it ended; null before the first. */
  lastUpdate: { at: string; bytes: number; listings: number } | null;
  prefs: MirrorPrefs;
}

/** How an update of the device's copy went. */
export interface SyncOutcome {
  /** Whether listings or the catalogue changed (screens search again). */
  changed: boolean;
  count: number;
  lastSyncedAt: string | null;
  /** Why the listings could not be brought up to date (offline, server error); what arrived is kept. */
  error: string | null;
  /** The server no longer serves this version's feed: the app must reload to update. */
  outOfDate: boolean;
}

/** How far the first download has come, told after each page. */
export interface SyncProgress {
  count: number;
  complete: VehicleType[];
}
