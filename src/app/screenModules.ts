import type { HeroVariant } from '@/domain/content/home';
import type { ScreenName } from '@/domain/content/screens';

// Which module under src/app holds each screen an address can open on (domain/content/screens.ts
// names them) and each of the home page's search panels (features/search/home/variants.ts). App.tsx
// loads these modules; the build (vite.config.ts) reads this table to cut the most visited screens
// into files of their own and to write which file holds each screen, which the server reads for a
// page's `Link` header (src/server/screenPreloads.ts).

export const SCREEN_MODULES: Record<ScreenName, string> = {
  home: 'features/search/HomePage.tsx',
  browse: 'features/search/BrowsePage.tsx',
  listing: 'features/vehicle/VehicleDetailPage.tsx',
  featured: 'features/search/FeaturedPage.tsx',
  dealers: 'features/dealer/DealersPage.tsx',
  dealerInventory: 'features/dealer/DealerInventoryPage.tsx',
  dashboard: 'features/dashboard/DashboardPage.tsx',
};

export const HOME_VARIANT_MODULES: Record<HeroVariant, string> = {
  mobile: 'features/search/home/MobileHomeSearch.tsx',
  desktop: 'features/search/home/DesktopHomeSearch.tsx',
};
