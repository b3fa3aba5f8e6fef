import { proxy } from 'valtio';
import { DEFAULT_LOCATION, GEOLOCATION_OPTIONS, type LatLon } from '../../domain/constants';

/** The buyer's position: the device's when it is shared, else Harare (spec section 9). */
export const locationStore = proxy<{ position: LatLon; source: 'device' | 'default' }>({
  position: { latitude: DEFAULT_LOCATION.latitude, longitude: DEFAULT_LOCATION.longitude },
  source: 'default',
});

export function requestLocation(): void {
  if (!('geolocation' in navigator)) {
    console.warn('Geolocation is not supported by this browser');
    return;
  }
  navigator.geolocation.getCurrentPosition(
    (p) => {
      locationStore.position = { latitude: p.coords.latitude, longitude: p.coords.longitude };
      locationStore.source = 'device';
    },
    (err) => console.warn('location not shared; using the default location', err.message),
    GEOLOCATION_OPTIONS,
  );
}
