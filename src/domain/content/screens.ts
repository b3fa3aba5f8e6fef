import type { VehicleType } from '../core/constants';

// Which screen an address opens on, written once: the app starts loading that screen's code beside
// its first render (App.tsx), and the server names the same code in the page's `Link` header
// (modulepreload), so a browser fetches it with the page instead of after the app's code has run.
// A screen is named here; which module holds it is the app's to say (src/app/screenModules.ts), and
// which built file holds that module the build's (vite.config.ts), which the server reads.

/** The screens worth fetching with their page. */
export type ScreenName = 'home' | 'browse' | 'listing' | 'featured' | 'dealers' | 'dealerInventory' | 'dashboard';

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

const FIRST_SCREENS: readonly [RegExp, ScreenName][] = [
  [/^\/$/, 'home'],
  [pathsPattern(Object.values(SCREEN_PATHS.browse)), 'browse'],
  [LISTING_PAGE, 'listing'],
  [pathsPattern([SCREEN_PATHS.featured]), 'featured'],
  [pathsPattern([SCREEN_PATHS.dealers]), 'dealers'],
  [pathsPattern([SCREEN_PATHS.dealerInventory]), 'dealerInventory'],
  [pathsPattern(SCREEN_PATHS.dashboard), 'dashboard'],
];

/** The screen an address shows, for the screens worth fetching with the page; null for the others. */
export function firstScreen(pathname: string): ScreenName | null {
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
