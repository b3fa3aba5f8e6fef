import type { VehicleType } from '../core/constants';
import type { HeroVariant } from './home';

// Which screen's code an address opens on, written once: the app starts loading that screen's code
// beside its first render (App.tsx), and the server names the same code in the page's `Link` header
// (modulepreload), so a browser fetches it with the page instead of after the app's code has run.

/** A screen's module, as a path under src/app (the key of Vite's build manifest). */
export type ScreenModule =
  | 'features/search/HomePage.tsx'
  | 'features/search/BrowsePage.tsx'
  | 'features/vehicle/VehicleDetailPage.tsx'
  | 'features/search/FeaturedPage.tsx'
  | 'features/dealer/DealersPage.tsx'
  | 'features/dealer/DealerInventoryPage.tsx'
  | 'features/dashboard/DashboardPage.tsx';

/**
 * The addresses of these screens, as the router's paths (App.tsx builds its routes from them): a
 * `:name` part is any one segment. The home page is the index route, `/`.
 */
export const SCREEN_PATHS = {
  browse: { car: 'cars', construction: 'construction', farming: 'farming' } satisfies Record<VehicleType, string>,
  featured: 'featured',
  dealers: 'dealers',
  dealerInventory: 'dealer/:dealerId/inventory',
  /** A listing's page: /car/{id}, /vehicle/{id} and /vehicles/{id}. */
  listing: ['car/:id', 'vehicle/:id', 'vehicles/:id'],
  dashboard: ['dashboard', 'member-dashboard'],
} as const;

/** The addresses a set of router paths match, each `:name` part captured; a trailing slash is allowed. */
function pathsPattern(paths: readonly string[]): RegExp {
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const one = (p: string) =>
    p
      .split('/')
      .map((part) => (part.startsWith(':') ? '([^/]+)' : escape(part)))
      .join('\\/');
  return new RegExp(`^\\/(?:${paths.map(one).join('|')})\\/?$`);
}

const LISTING_PAGE = pathsPattern(SCREEN_PATHS.listing);

const FIRST_SCREENS: readonly [RegExp, ScreenModule][] = [
  [/^\/$/, 'features/search/HomePage.tsx'],
  [pathsPattern(Object.values(SCREEN_PATHS.browse)), 'features/search/BrowsePage.tsx'],
  [LISTING_PAGE, 'features/vehicle/VehicleDetailPage.tsx'],
  [pathsPattern([SCREEN_PATHS.featured]), 'features/search/FeaturedPage.tsx'],
  [pathsPattern([SCREEN_PATHS.dealers]), 'features/dealer/DealersPage.tsx'],
  [pathsPattern([SCREEN_PATHS.dealerInventory]), 'features/dealer/DealerInventoryPage.tsx'],
  [pathsPattern(SCREEN_PATHS.dashboard), 'features/dashboard/DashboardPage.tsx'],
];

/** Every screen module an address can open on. */
export const FIRST_SCREEN_MODULES: readonly ScreenModule[] = FIRST_SCREENS.map(([, screen]) => screen);

/** The screen module an address shows, for the screens worth fetching with the page; null for the others. */
export function firstScreenModule(pathname: string): ScreenModule | null {
  return FIRST_SCREENS.find(([path]) => path.test(pathname))?.[1] ?? null;
}

/** The listing id of a listing's page address; null for any other address. */
export function listingPageId(pathname: string): string | null {
  // One capture per address form; the one that matched holds the id.
  const id = LISTING_PAGE.exec(pathname)
    ?.slice(1)
    .find((part) => part !== undefined);
  return id ? decodedPathId(id) : null;
}

/** An id as written in an address, decoded; null when it is not a valid escape (no listing or dealer has that id). */
export function decodedPathId(id: string): string | null {
  try {
    return decodeURIComponent(id);
  } catch {
    return null;
  }
}

/**
 * The `Link` that fetches a listing page's main photo with the page: the photo is the page's largest
 * paint, and the app only asks for it once its code has run and the listing has arrived. Only for a
 * photo on our own server (a path), as the page shows it first.
 */
export function listingPhotoPreloadLink(images: readonly string[]): string | null {
  const first = images[0];
  if (!first || !first.startsWith('/') || first.startsWith('//') || /[<>,;\s]/.test(first)) return null;
  return `<${first}>; rel=preload; as=image; fetchpriority=high`;
}

/** The home page's phone and desktop search panels, each its own module (src/app/features/search/home/variants.ts). */
export const HOME_VARIANT_MODULES: Record<HeroVariant, string> = {
  mobile: 'features/search/home/MobileHomeSearch.tsx',
  desktop: 'features/search/home/DesktopHomeSearch.tsx',
};
