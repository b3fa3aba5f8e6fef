import { Fragment, lazy, Suspense, useEffect } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { MantineProvider } from '@mantine/core';
import { theme } from './theme';
import { Shell, StartupSpinner } from './shared/shell/Shell';
import { requestLocation } from './shared/location/locationStore';
import { startOutbox } from './shared/outbox/outboxRunner';
import { startFavourites } from './shared/favourites/favouritesStore';
import { useSession } from './shared/session/session';
import { loadHomePage } from './features/search/home/loadHomePage';
import { HomeRoute } from './features/search/home/HomeRoute';
import { VEHICLE_TYPES } from '../domain/core/constants';
import { firstScreen, listingPageId, SCREEN_PATHS, type ScreenName } from '../domain/content/screens';
import { prefetchListing } from './features/vehicle/listingPrefetch';
import { ListingOpening } from './features/vehicle/ListingOpening';
import { BrowseOpening } from './features/search/BrowseOpening';
import { AccountDialogs } from './features/account/AccountDialogs';
import { PromptsHost } from './features/prompts/PromptsHost';
import { NotificationPromptHost } from './features/push/NotificationPromptHost';
import { FeatureSlotsProvider, type FeatureSlots } from './shared/slots';
import { useLanguage } from './shared/i18n/language';

// Each screen's code (the modules screenModules.ts names for the build). The screen of the address the
// app opens on starts loading at once, beside the shell's first render, instead of when the render
// reaches the route (domain/content/screens.ts).
const loadBrowse = () => import('./features/search/BrowsePage');
const loadDetail = () => import('./features/vehicle/VehicleDetailPage');
const loadFeatured = () => import('./features/search/FeaturedPage');
const loadDealers = () => import('./features/dealer/DealersPage');
const loadDealerInventory = () => import('./features/dealer/DealerInventoryPage');
const loadDashboard = () => import('./features/dashboard/DashboardPage');
const SCREEN_LOADERS: Record<ScreenName, () => Promise<unknown>> = {
  home: loadHomePage,
  browse: loadBrowse,
  listing: loadDetail,
  featured: loadFeatured,
  dealers: loadDealers,
  dealerInventory: loadDealerInventory,
  dashboard: loadDashboard,
};
const openedScreen = firstScreen(window.location.pathname);
if (openedScreen) SCREEN_LOADERS[openedScreen]().catch(() => undefined);
const firstListing = listingPageId(window.location.pathname);
if (firstListing) prefetchListing(firstListing);

const BrowsePage = lazy(loadBrowse);
const VehicleDetailPage = lazy(loadDetail);
const FeaturedPage = lazy(loadFeatured);
const DealersPage = lazy(loadDealers);
const DealerInventoryPage = lazy(loadDealerInventory);
const AboutPage = lazy(() => import('./features/pages/AboutPage'));
const BuyingGuidePage = lazy(() => import('./features/pages/BuyingGuidePage'));
const SellingGuidePage = lazy(() => import('./features/pages/SellingGuidePage'));
const FaqPage = lazy(() => import('./features/pages/FaqPage'));
const TermsPage = lazy(() => import('./features/pages/TermsPage'));
const PrivacyPage = lazy(() => import('./features/pages/PrivacyPage'));
const CookiePolicyPage = lazy(() => import('./features/pages/CookiePolicyPage'));
const AdvertisingPricesPage = lazy(() => import('./features/pages/AdvertisingPricesPage'));
const NotFoundPage = lazy(() => import('./features/pages/NotFoundPage'));
const SavedSearchesPage = lazy(() => import('./features/push/SavedSearchesPage'));
const UnsubscribePage = lazy(() => import('./features/push/UnsubscribePage'));
const DataPage = lazy(() => import('./features/account/DataPage'));
const SavedPage = lazy(() => import('./features/saved/SavedPage'));
const ComparePage = lazy(() => import('./features/saved/ComparePage'));
const DashboardPage = lazy(loadDashboard);
const ImportPage = lazy(() => import('./features/stockImport/ImportPage'));
const PerformancePage = lazy(() => import('./features/performance/PerformancePage'));
const PayListingPage = lazy(() => import('./features/payments/PayListingPage'));
const JoinTeamPage = lazy(() => import('./features/dashboard/JoinTeamPage'));
const SellPage = lazy(() => import('./features/wizard/SellPage'));
const AdminPage = lazy(() => import('./features/admin/AdminPage'));
const AdminNotices = lazy(() => import('./features/admin/AdminNotices'));
const loadMessages = () => import('./features/messages/MessagesScreens');
const MessagesScreens = lazy(loadMessages);

// Where a feature shows a part of another (shared/slots.tsx): each part's code loads when first shown.
const FEATURE_SLOTS: FeatureSlots = {
  AdminCardControls: lazy(() => import('./features/admin/AdminVehicleControls').then((m) => ({ default: m.AdminCardControls }))),
  AdminDetailDelete: lazy(() => import('./features/admin/AdminVehicleControls').then((m) => ({ default: m.AdminDetailDelete }))),
  SaveSearchButton: lazy(() => import('./features/push/SaveSearchButton').then((m) => ({ default: m.SaveSearchButton }))),
  ListingWizard: lazy(() => import('./features/wizard/ListingWizard')),
  PaymentPanel: lazy(() => import('./features/payments/PaymentPanel').then((m) => ({ default: m.PaymentPanel }))),
  UnreadMessages: lazy(() => loadMessages().then((m) => ({ default: m.UnreadBadge }))),
};

/** What the shell draws over every screen: the account's dialogs and the prompts. */
const OVERLAYS = (
  <>
    <AccountDialogs />
    <PromptsHost />
    <NotificationPromptHost />
  </>
);

// Screens render at once, also on a first visit while the device's copy of the listings is still
// being filled: their searches wait for it behind skeletons (useSearch), so the page is drawn without
// waiting for the sync and nothing shows an empty result meanwhile.
function Routed() {
  return (
    <Suspense fallback={<StartupSpinner />}>
      <Routes>
        <Route element={<Shell overlays={OVERLAYS} />}>
          <Route index element={<HomeRoute />} />
          {VEHICLE_TYPES.map((type) => (
            <Route
              key={type}
              path={SCREEN_PATHS.browse[type]}
              element={
                <Suspense fallback={<BrowseOpening type={type} />}>
                  <BrowsePage type={type} />
                </Suspense>
              }
            />
          ))}
          <Route path={SCREEN_PATHS.featured} element={<FeaturedPage />} />
          <Route path={SCREEN_PATHS.dealers} element={<DealersPage />} />
          <Route path={SCREEN_PATHS.dealerInventory} element={<DealerInventoryPage />} />
          {SCREEN_PATHS.listing.map((path) => (
            <Route
              key={path}
              path={path}
              element={
                <Suspense fallback={<ListingOpening />}>
                  <VehicleDetailPage />
                </Suspense>
              }
            />
          ))}
          {SCREEN_PATHS.dashboard.map((path) => (
            <Route key={path} path={path} element={<DashboardPage />} />
          ))}
          <Route path="dashboard/import" element={<ImportPage />} />
          <Route path="dashboard/performance" element={<PerformancePage />} />
          <Route path="pay/:listingId" element={<PayListingPage />} />
          <Route path="join/:token" element={<JoinTeamPage />} />
          <Route path="sell" element={<SellPage />} />
          <Route path="advertising-prices" element={<AdvertisingPricesPage />} />
          <Route path="admin" element={<AdminPage />} />
          <Route path="saved-searches" element={<SavedSearchesPage />} />
          <Route path="unsubscribe" element={<UnsubscribePage />} />
          <Route path="data" element={<DataPage />} />
          <Route path="saved" element={<SavedPage />} />
          <Route path="compare" element={<ComparePage />} />
          {['messages', 'messages/:conversationId', 'listing/:id/message'].map((path) => (
            <Route key={path} path={path} element={<MessagesScreens />} />
          ))}
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

/** Messages' sync and live channel (issue 37) run for a signed-in person: their code loads only then. */
function MessagesForSignedIn() {
  const { signedIn } = useSession();
  useEffect(() => {
    if (signedIn) void import('./features/messages/messagesRuntime').then((m) => m.startMessages()).catch((err: unknown) => console.warn('messages not started', err));
  }, [signedIn]);
  return null;
}

export function App() {
  const language = useLanguage();
  useEffect(() => {
    requestLocation();
    startOutbox();
    startFavourites();
  }, []);
  return (
    <MantineProvider theme={theme}>
      <BrowserRouter>
        <FeatureSlotsProvider value={FEATURE_SLOTS}>
          {/* Another language chosen: every screen is drawn again in it. */}
          <Fragment key={language}>
            <Routed />
            <AdminNoticesForAdmins />
            <MessagesForSignedIn />
          </Fragment>
        </FeatureSlotsProvider>
      </BrowserRouter>
    </MantineProvider>
  );
}
