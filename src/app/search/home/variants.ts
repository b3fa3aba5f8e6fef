import { HOME_DESKTOP_QUERY } from '../../../domain/home';
import { lazyScreen } from '../../lazyScreen';

// The home page has a phone variant and a desktop one (spec section 2.5), split at Mantine's `sm`
// breakpoint (48em, HOME_DESKTOP_MIN_WIDTH). Each loads as its own chunk; the app starts loading the one the screen needs together
// with the home page, so the split costs no extra round trip.

export const DesktopHome = lazyScreen(() => import('./DesktopHomeSearch'));
export const MobileHome = lazyScreen(async () => ({ default: (await import('./MobileHomeSearch')).MobileHomeSearch }));

/** The home page's module, once the search panel for this screen's width has loaded too (so the page's first render has it). */
export async function loadHomePage() {
  const panel = (window.matchMedia(HOME_DESKTOP_QUERY).matches ? DesktopHome : MobileHome).preload().catch(() => undefined);
  const [page] = await Promise.all([import('../HomePage'), panel]);
  return page;
}
