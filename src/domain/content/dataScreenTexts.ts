import { VEHICLE_TYPE_LABELS, type VehicleType } from '../core/constants';
import { numberText } from '../i18n/format';
import type { Language } from '../i18n/languages';
import { english, type Translate } from '../i18n/text';

// The "Data on this device" screen (/data): what the phone holds of the listings, what the last update
// cost, and the person's choice of what to keep and when to update (its address: dataScreen.ts).

export const DATA_SCREEN_TEXTS = {
  title: /*i18n*/ 'Data on this device',
  subtitle: /*i18n*/ 'Motokari keeps listings on this phone so you can search without a connection. Choose what it keeps and when it updates.',
  heldHeading: /*i18n*/ 'On this device',
  listings: (n: number, tr: Translate = english, language: Language = 'en') =>
    n === 1 ? tr(/*i18n*/ '{count} listing', { count: numberText(n, language) }) : tr(/*i18n*/ '{count} listings', { count: numberText(n, language) }),
  listingsLabel: /*i18n*/ 'Listings kept',
  sizeLabel: /*i18n*/ 'Space used',
  sizeUnknown: /*i18n*/ 'Not known in this browser',
  lastUpdateLabel: /*i18n*/ 'Last update',
  lastUpdate: (size: string, when: string, tr: Translate = english) => tr(/*i18n*/ '{size} downloaded, {when}', { size, when }),
  noUpdateYet: /*i18n*/ 'No update yet',
  updateNow: /*i18n*/ 'Update now',
  updating: /*i18n*/ 'Updating...',
  waitingForWifi: /*i18n*/ 'Not on Wi-Fi: listings update only when you tap Update now.',
  offline: /*i18n*/ 'You are offline. Listings update when you are back online.',
  keepHeading: /*i18n*/ 'What to keep',
  wholeCountry: /*i18n*/ 'Whole country',
  someTypes: /*i18n*/ 'Some vehicle types',
  someRegions: /*i18n*/ 'Some regions',
  nearMe: /*i18n*/ 'Near me',
  typesLabel: /*i18n*/ 'Vehicle types to keep',
  regionsLabel: /*i18n*/ 'Regions to keep',
  distanceLabel: /*i18n*/ 'Distance from you',
  distanceOption: (km: number, tr: Translate = english) => tr(/*i18n*/ 'Within {km} km', { km }),
  pickOneType: /*i18n*/ 'Choose at least one vehicle type.',
  pickOneRegion: /*i18n*/ 'Choose at least one region.',
  noLocation: /*i18n*/ 'We do not know where you are. Share your location, or sign in with your town, to choose this.',
  nearPlace: (place: string, tr: Translate = english) => tr(/*i18n*/ 'Around {place}', { place }),
  nearDevice: /*i18n*/ 'Around your current location',
  nearAccount: /*i18n*/ 'Around your account location',
  updatesHeading: /*i18n*/ 'Update listings',
  anyConnection: /*i18n*/ 'Over any connection',
  wifiOnly: /*i18n*/ 'Only on Wi-Fi',
  wifiUnknown: /*i18n*/ 'This browser does not say whether you are on Wi-Fi, so listings update only when you tap Update now.',
  saveDataLabel: /*i18n*/ 'Save data',
  saveDataDescription: /*i18n*/ 'Smaller photos, no video, nothing downloaded ahead of time.',
  browserSavesData: /*i18n*/ 'Your browser asks to save data, so this is on.',
  save: /*i18n*/ 'Save',
  saved: /*i18n*/ 'Saved. Updating the listings on this device.',
  saveFailed: /*i18n*/ 'Could not save your choice on this device. Please try again.',
} as const;

export const DATA_TYPE_LABELS: Record<VehicleType, string> = VEHICLE_TYPE_LABELS;

/** A size as the screen says it: '850 KB' below a megabyte, '12.3 MB' from one (1 MB = 1,000,000 bytes). */
export function dataSizeText(bytes: number, language: Language = 'en'): string {
  if (bytes < 1_000_000) return `${Math.max(bytes === 0 ? 0 : 1, Math.round(bytes / 1000))} KB`;
  const mb = bytes / 1_000_000;
  return `${mb < 10 ? mb.toFixed(1) : numberText(Math.round(mb), language)} MB`;
}
