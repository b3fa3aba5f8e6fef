import { HOME_DESKTOP_QUERY } from '../../../../domain/home';

// The home page has a phone variant and a desktop one (spec section 2.5), split at Mantine's `sm`
// breakpoint (48em, HOME_DESKTOP_MIN_WIDTH). Each loads as its own chunk; the app starts loading the one the screen needs together
// with the home page, so the split costs no extra round trip.

export const loadDesktopHome = () => import('./DesktopHomeSearch');
export const loadMobileHome = () => import('./MobileHomeSearch');

/** The home page's module, with the variant for this screen's width fetched alongside it. */
export function loadHomePage() {
  void (window.matchMedia(HOME_DESKTOP_QUERY).matches ? loadDesktopHome() : loadMobileHome());
  return import('../HomePage');
}
