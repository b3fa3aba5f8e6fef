import { proxy, subscribe } from 'valtio';
import { DEFAULT_LOCATION, GEOLOCATION_OPTIONS, type LatLon } from '@/domain/core/constants';
import { accountPosition } from '@/domain/geo/geo';
import type { User } from '@/domain/account/user';
import { session } from '../session/session';

/**
 * The buyer's position: the device's when it is shared; else, for a signed-in buyer, where their
 * account says they are (its town's coordinates); else Harare (spec section 9). `place` names the
 * position while it is not the device's: the account's town, or null for the account's coordinates.
 */
export const locationStore = proxy<{ position: LatLon; source: 'device' | 'account' | 'default'; place: string | null }>({
  position: { latitude: DEFAULT_LOCATION.latitude, longitude: DEFAULT_LOCATION.longitude },
  source: 'default',
  place: DEFAULT_LOCATION.name,
});

/** Follows the signed-in account (sign-in, sign-out, a restored session) until the device shares its position. */
function fromAccount(user: User | null): void {
  if (locationStore.source === 'device') return;
  const account = user ? accountPosition(user) : null;
  const position = account?.position ?? { latitude: DEFAULT_LOCATION.latitude, longitude: DEFAULT_LOCATION.longitude };
  if (locationStore.position.latitude !== position.latitude || locationStore.position.longitude !== position.longitude) locationStore.position = position;
  locationStore.source = account ? 'account' : 'default';
  locationStore.place = account ? account.town : DEFAULT_LOCATION.name;
}

fromAccount(session.user);
subscribe(session, () => fromAccount(session.user));

export function requestLocation(): void {
  if (!('geolocation' in navigator)) {
    console.warn('Geolocation is not supported by this browser');
    return;
  }
  navigator.geolocation.getCurrentPosition(
    (p) => {
      locationStore.position = { latitude: p.coords.latitude, longitude: p.coords.longitude };
      locationStore.source = 'device';
      locationStore.place = null;
    },
    (err) => console.warn('location not shared; using the default location', err.message),
    GEOLOCATION_OPTIONS,
  );
}
