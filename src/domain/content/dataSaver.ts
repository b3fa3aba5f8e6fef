// When the device may spend the person's data: Save-Data (their choice or the browser's) and whether
// the connection is metered. Pure rules; the app reads the browser's Network Information API
// (src/app/shared/sync/dataSaver.ts) and the service worker the same.

/** What the browser says of the connection (navigator.connection); every field absent where the API is. */
export interface ConnectionInfo {
  /** navigator.connection.type: 'wifi', 'ethernet', 'cellular', 'bluetooth', 'wimax', 'other', 'none', 'unknown'. */
  type?: string | undefined;
  /** navigator.connection.saveData: the browser sends Save-Data (the person turned on its data saver). */
  saveData?: boolean | undefined;
}

/** Connection types that cost nothing per byte. */
const UNMETERED = new Set(['wifi', 'ethernet']);
/** Connection types charged per byte. */
const METERED = new Set(['cellular', 'bluetooth', 'wimax']);

/** 'unmetered' or 'metered' when the browser says which; 'unknown' where it does not (Safari, Firefox, desktop Chromium). */
export type Metering = 'unmetered' | 'metered' | 'unknown';

export function metering(connection: ConnectionInfo): Metering {
  const type = connection.type;
  if (type !== undefined && UNMETERED.has(type)) return 'unmetered';
  if (type !== undefined && METERED.has(type)) return 'metered';
  return 'unknown';
}

/** Save data is on when the person chose it or the browser asks for it. */
export function saveDataOn(chosen: boolean, connection: ConnectionInfo): boolean {
  return chosen || connection.saveData === true;
}

/**
 * Whether the listings may update by themselves now. Over any connection: always. Only on Wi-Fi: on a
 * connection the browser calls unmetered; on one it does not name, not automatically (the person's
 * choice stands, and the screen offers "Update now").
 */
export function mayUpdateNow(prefs: { wifiOnly: boolean }, connection: ConnectionInfo): boolean {
  return !prefs.wifiOnly || metering(connection) === 'unmetered';
}

/**
 * Whether code the person has not opened yet (the seller's, admin and content screens) may be fetched
 * in the background: only on an unmetered connection, with Save-Data off.
 */
export function mayFetchInBackground(chosenSaveData: boolean, connection: ConnectionInfo): boolean {
  return !saveDataOn(chosenSaveData, connection) && metering(connection) === 'unmetered';
}

/** The thumbnail address a card asks for: the small one under Save-Data, for the API's thumbnails only. */
export function cardThumbUrl(url: string, saveData: boolean): string {
  if (!saveData || !/^\/api\/vehicles\/[^/?#]+\/thumb$/.test(url)) return url;
  return `${url}?size=small`;
}

/**
 * The app's code not precached on a first visit (the seller's, admin and content screens) is kept in
 * this cache once used: the page puts there what it loaded before the service worker took over, the
 * service worker what is loaded after, and what the page has not used yet when the page asks it to
 * (APP_CODE_MESSAGES.cacheLater, only where mayFetchInBackground allows).
 */
export const APP_CODE_CACHE = 'app-code';

export const APP_CODE_MESSAGES = { cacheLater: 'CACHE_LATER_CODE' } as const;

/** Whether a URL is one of the app's own built files (hashed, never changed under one name). */
export function isAppCode(url: URL, origin: string): boolean {
  return url.origin === origin && url.pathname.startsWith('/assets/') && /\.(js|css)$/.test(url.pathname);
}
