import type { HeroVariant } from './home';

// Which screen's code an address opens on, written once: the app starts loading that screen's code
// beside its first render (App.tsx), and the server names the same code in the page's `Link` header
// (modulepreload), so a browser fetches it with the page instead of after the app's code has run.

/** A screen's module, as a path under src/app (the key of Vite's build manifest). */
export type ScreenModule =
  | 'search/HomePage.tsx'
  | 'search/BrowsePage.tsx'
  | 'vehicle/VehicleDetailPage.tsx'
  | 'search/FeaturedPage.tsx'
  | 'search/DealersPage.tsx'
  | 'search/DealerInventoryPage.tsx'
  | 'dashboard/DashboardPage.tsx';

const FIRST_SCREENS: readonly [RegExp, ScreenModule][] = [
  [/^\/$/, 'search/HomePage.tsx'],
  [/^\/(cars|construction|farming)\/?$/, 'search/BrowsePage.tsx'],
  [/^\/(car|vehicle|vehicles)\/[^/]+\/?$/, 'vehicle/VehicleDetailPage.tsx'],
  [/^\/featured\/?$/, 'search/FeaturedPage.tsx'],
  [/^\/dealers\/?$/, 'search/DealersPage.tsx'],
  [/^\/dealer\/[^/]+\/inventory\/?$/, 'search/DealerInventoryPage.tsx'],
  [/^\/(dashboard|member-dashboard)\/?$/, 'dashboard/DashboardPage.tsx'],
];

/** The screen module an address shows, for the screens worth fetching with the page; null for the others. */
export function firstScreenModule(pathname: string): ScreenModule | null {
  return FIRST_SCREENS.find(([path]) => path.test(pathname))?.[1] ?? null;
}

/** The home page's phone and desktop search panels, each its own module (src/app/search/home/variants.ts). */
export const HOME_VARIANT_MODULES: Record<HeroVariant, string> = {
  mobile: 'search/home/MobileHomeSearch.tsx',
  desktop: 'search/home/DesktopHomeSearch.tsx',
};
