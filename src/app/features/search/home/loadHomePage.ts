import { HOME_DESKTOP_QUERY } from '@/domain/content/home';
import { loadDesktopHome, loadMobileHome } from './variants';

// Apart from variants.ts, which the home page itself imports: the home page's module imports the
// variants, and this file imports both.

/** The home page's module, with the variant for this screen's width fetched alongside it. */
export function loadHomePage() {
  void (window.matchMedia(HOME_DESKTOP_QUERY).matches ? loadDesktopHome() : loadMobileHome());
  return import('../HomePage');
}
