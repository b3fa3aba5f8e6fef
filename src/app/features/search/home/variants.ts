// The home page has a phone variant and a desktop one (spec section 2.5), split at Mantine's `sm`
// breakpoint (48em, HOME_DESKTOP_MIN_WIDTH). Each loads as its own chunk; the app starts loading the one the screen needs together
// with the home page (loadHomePage.ts), so the split costs no extra round trip.

export const loadDesktopHome = () => import('./DesktopHomeSearch');
export const loadMobileHome = () => import('./MobileHomeSearch');
