import { VEHICLE_TYPE_LABELS, type VehicleType } from '../core/constants';

// The "Data on this device" screen (/data): what the phone holds of the listings, what the last update
// cost, and the person's choice of what to keep and when to update (its address: dataScreen.ts).

export const DATA_SCREEN_TEXTS = {
  title: 'Data on this device',
  subtitle: 'Motokari keeps listings on this phone so you can search without a connection. Choose what it keeps and when it updates.',
  heldHeading: 'On this device',
  listings: (n: number) => `${n.toLocaleString('en-GB')} ${n === 1 ? 'listing' : 'listings'}`,
  listingsLabel: 'Listings kept',
  sizeLabel: 'Space used',
  sizeUnknown: 'Not known in this browser',
  lastUpdateLabel: 'Last update',
  lastUpdate: (size: string, when: string) => `${size} downloaded, ${when}`,
  noUpdateYet: 'No update yet',
  updateNow: 'Update now',
  updating: 'Updating...',
  waitingForWifi: 'Not on Wi-Fi: listings update only when you tap Update now.',
  offline: 'You are offline. Listings update when you are back online.',
  keepHeading: 'What to keep',
  wholeCountry: 'Whole country',
  someTypes: 'Some vehicle types',
  someRegions: 'Some regions',
  nearMe: 'Near me',
  typesLabel: 'Vehicle types to keep',
  regionsLabel: 'Regions to keep',
  distanceLabel: 'Distance from you',
  distanceOption: (km: number) => `Within ${km} km`,
  pickOneType: 'Choose at least one vehicle type.',
  pickOneRegion: 'Choose at least one region.',
  noLocation: 'We do not know where you are. Share your location, or sign in with your town, to choose this.',
  nearPlace: (place: string) => `Around ${place}`,
  nearDevice: 'Around your current location',
  nearAccount: 'Around your account location',
  updatesHeading: 'Update listings',
  anyConnection: 'Over any connection',
  wifiOnly: 'Only on Wi-Fi',
  wifiUnknown: 'This browser does not say whether you are on Wi-Fi, so listings update only when you tap Update now.',
  saveDataLabel: 'Save data',
  saveDataDescription: 'Smaller photos, no video, nothing downloaded ahead of time.',
  browserSavesData: 'Your browser asks to save data, so this is on.',
  save: 'Save',
  saved: 'Saved. Updating the listings on this device.',
  saveFailed: 'Could not save your choice on this device. Please try again.',
} as const;

export const DATA_TYPE_LABELS: Record<VehicleType, string> = VEHICLE_TYPE_LABELS;

/** A size as the screen says it: '850 KB' below a megabyte, '12.3 MB' from one (1 MB = 1,000,000 bytes). */
export function dataSizeText(bytes: number): string {
  if (bytes < 1_000_000) return `${Math.max(bytes === 0 ? 0 : 1, Math.round(bytes / 1000))} KB`;
  const mb = bytes / 1_000_000;
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb).toLocaleString('en-GB')} MB`;
}
