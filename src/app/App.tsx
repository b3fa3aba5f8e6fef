import { lazy, Suspense, useEffect } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { MantineProvider } from '@mantine/core';
import { theme } from './theme';
import { Shell, StartupSpinner } from './shell/Shell';
import { requestLocation } from './location/locationStore';
import { startOutbox } from './outbox/outboxRunner';
import { useSession } from './account/session';
import { loadHomePage } from './search/home/variants';
import { HomeRoute } from './search/home/HomeRoute';
import { firstScreenModule, listingPageId, type ScreenModule } from '../domain/screens';
import { prefetchListing } from './vehicle/listingPrefetch';

// Each screen's code. The screen of the address the app opens on starts loading at once, beside the
// shell's first render, instead of when the render reaches the route (domain/screens.ts).
const loadBrowse = () => import('./search/BrowsePage');
const loadDetail = () => import('./vehicle/VehicleDetailPage');
const loadFeatured = () => import('./search/FeaturedPage');
const loadDealers = () => import('./search/DealersPage');
const loadDealerInventory = () => import('./search/DealerInventoryPage');
const loadDashboard = () => import('./dashboard/DashboardPage');
const SCREEN_LOADERS: Record<ScreenModule, () => Promise<unknown>> = {
  'search/HomePage.tsx': loadHomePage,
  'search/BrowsePage.tsx': loadBrowse,
  'vehicle/VehicleDetailPage.tsx': loadDetail,
  'search/FeaturedPage.tsx': loadFeatured,
  'search/DealersPage.tsx': loadDealers,
  'search/DealerInventoryPage.tsx': loadDealerInventory,
  'dashboard/DashboardPage.tsx': loadDashboard,
};
const firstScreen = firstScreenModule(window.location.pathname);
if (firstScreen) SCREEN_LOADERS[firstScreen]().catch(() => undefined);
const firstListing = listingPageId(window.location.pathname);
if (firstListing) prefetchListing(firstListing);

const BrowsePage = lazy(loadBrowse);
const VehicleDetailPage = lazy(loadDetail);
const FeaturedPage = lazy(loadFeatured);
const DealersPage = lazy(loadDealers);
const DealerInventoryPage = lazy(loadDealerInventory);
const AboutPage = lazy(() => import('./pages/AboutPage'));
const BuyingGuidePage = lazy(() => import('./pages/BuyingGuidePage'));
const SellingGuidePage = lazy(() => import('./pages/SellingGuidePage'));
const FaqPage = lazy(() => import('./pages/FaqPage'));
const TermsPage = lazy(() => import('./pages/TermsPage'));
const PrivacyPage = lazy(() => import('./pages/PrivacyPage'));
const CookiePolicyPage = lazy(() => import('./pages/CookiePolicyPage'));
const AdvertisingPricesPage = lazy(() => import('./pages/AdvertisingPricesPage'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage'));
const SavedSearchesPage = lazy(() => import('./push/SavedSearchesPage'));
const DataPage = lazy(() => import('./data/DataPage'));
const DashboardPage = lazy(loadDashboard);
const PayListingPage = lazy(() => import('./payments/PayListingPage'));
const SellPage = lazy(() => import('./wizard/SellPage'));
const AdminPage = lazy(() => import('./admin/AdminPage'));
const AdminNotices = lazy(() => import('./admin/AdminNotices'));

// Screens render at once, also on a first visit while the device's copy of the listings is still
// being filled: their searches wait for it behind skeletons (useSearch), so the page is drawn without
// waiting for the sync and nothing shows an empty result meanwhile.
function Routed() {
  return (
    <Suspense fallback={<StartupSpinner />}>
      <Routes>
        <Route element={<Shell />}>
          <Route index element={<HomeRoute />} />
          <Route path="cars" element={<BrowsePage type="car" />} />
          <Route path="construction" element={<BrowsePage type="construction" />} />
          <Route path="farming" element={<BrowsePage type="farming" />} />
          <Route path="featured" element={<FeaturedPage />} />
          <Route path="dealers" element={<DealersPage />} />
          <Route path="dealer/:dealerId/inventory" element={<DealerInventoryPage />} />
          <Route path="car/:id" element={<VehicleDetailPage />} />
          <Route path="vehicle/:id" element={<VehicleDetailPage />} />
          <Route path="vehicles/:id" element={<VehicleDetailPage />} />
          <Route path="dashboard" element={<DashboardPage />} />
          <Route path="member-dashboard" element={<DashboardPage />} />
          <Route path="pay/:listingId" element={<PayListingPage />} />
          <Route path="sell" element={<SellPage />} />
          <Route path="advertising-prices" element={<AdvertisingPricesPage />} />
          <Route path="admin" element={<AdminPage />} />
          <Route path="saved-searches" element={<SavedSearchesPage />} />
          <Route path="data" element={<DataPage />} />
          <Route path="about" element={<AboutPage />} />
          <Route path="buying-guide" element={<BuyingGuidePage />} />
          <Route path="selling-guide" element={<SellingGuidePage />} />
          <Route path="faq" element={<FaqPage />} />
          <Route path="terms-and-conditions" element={<TermsPage />} />
          <Route path="privacy-policy" element={<PrivacyPage />} />
          <Route path="cookie-policy" element={<CookiePolicyPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </Suspense>
  );
}

/** Admin alerts outlive the card or page whose listing was deleted; their code loads only for admins. */
function AdminNoticesForAdmins() {
  if (!useSession().isAdmin) return null;
  return (
    <Suspense fallback={null}>
      <AdminNotices />
    </Suspense>
  );
}

export function App() {
  useEffect(() => {
    requestLocation();
    startOutbox();
  }, []);
  return (
    <MantineProvider theme={theme}>
      <BrowserRouter>
        <Routed />
        <AdminNoticesForAdmins />
      </BrowserRouter>
    </MantineProvider>
  );
}
