import { lazy, Suspense, useEffect } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { MantineProvider } from '@mantine/core';
import { theme } from './theme';
import { Shell, StartupSpinner } from './shell/Shell';
import { startSync } from './sync/syncStore';
import { requestLocation } from './location/locationStore';
import { startOutbox } from './outbox/outboxRunner';
import { useSession } from './account/session';
import { loadHomePage } from './search/home/variants';
import { lazyScreen } from './lazyScreen';
import { firstScreenModule, type ScreenModule } from '../domain/screens';

// Each screen's code. The screen of the address the app opens on starts loading at once, and the
// app's first render waits for it (firstScreenReady, main.tsx), so that render draws the screen in
// place of the page's opening screen instead of a spinner first (domain/screens.ts, lazyScreen.ts).
const Home = lazyScreen(loadHomePage);
const Browse = lazyScreen(() => import('./search/BrowsePage'));
const Detail = lazyScreen(() => import('./vehicle/VehicleDetailPage'));
const Featured = lazyScreen(() => import('./search/FeaturedPage'));
const Dealers = lazyScreen(() => import('./search/DealersPage'));
const DealerInventory = lazyScreen(() => import('./search/DealerInventoryPage'));
const Dashboard = lazyScreen(() => import('./dashboard/DashboardPage'));
const SCREENS: Record<ScreenModule, { preload: () => Promise<unknown> }> = {
  'search/HomePage.tsx': Home,
  'search/BrowsePage.tsx': Browse,
  'vehicle/VehicleDetailPage.tsx': Detail,
  'search/FeaturedPage.tsx': Featured,
  'search/DealersPage.tsx': Dealers,
  'search/DealerInventoryPage.tsx': DealerInventory,
  'dashboard/DashboardPage.tsx': Dashboard,
};
const firstScreen = firstScreenModule(window.location.pathname);
/** Resolves once the code of the screen the app opens on has loaded (or failed to: the screen's own Suspense then handles it). */
export const firstScreenReady: Promise<void> = firstScreen ? SCREENS[firstScreen].preload().then(() => undefined, () => undefined) : Promise.resolve();

const HomePage = Home.Screen;
const BrowsePage = Browse.Screen;
const VehicleDetailPage = Detail.Screen;
const FeaturedPage = Featured.Screen;
const DealersPage = Dealers.Screen;
const DealerInventoryPage = DealerInventory.Screen;
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
const DashboardPage = Dashboard.Screen;
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
          <Route index element={<HomePage />} />
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
    void startSync();
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
