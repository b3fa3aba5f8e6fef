import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router-dom';
import { Alert, Anchor, Box, Burger, Button, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useSnapshot } from 'valtio';
import { MENU_RESET_BREAKPOINT_PX, MOBILE_BREAKPOINT_PX, NAV_HEIGHT_PX, startupText } from '@/domain/core/constants';
import { syncStore } from '../sync/syncStore';
import { useProductName, useSupportEmail } from '../config/useConfig';
import { updateStore } from '../sw/registerServiceWorker';
import { ACCOUNT_NAV_TEXTS } from '@/domain/account/authTexts';
import { useSession } from '../session/session';
import { DesktopAccount } from './AccountNav';
import { openCookieSettings } from '../prompts/promptsStore';
import { LANGUAGE_SWITCH_WIDTH_PX, LOGO_MARK, LOGO_NAME, SYNC_STATUS_HEIGHT_PX } from './shellLook';
import { syncedAtText } from './syncedAt';
import { DATA_SCREEN_PATH } from '@/domain/content/dataScreen';
import { pageTitle } from '@/domain/content/pageTitles';
import { currentLanguage, t } from '../i18n/language';

const NAV_LINKS = [
  { to: '/cars', label: /*i18n*/ 'Buy' },
  { to: '/featured', label: /*i18n*/ 'Featured' },
  { to: '/dealers', label: /*i18n*/ 'Dealers' },
  { to: '/about', label: /*i18n*/ 'About Us' },
  { to: '/faq', label: /*i18n*/ 'FAQ' },
  { to: '/dashboard', label: /*i18n*/ 'Sell' },
];
const ADMIN_LINK = { to: '/admin', label: ACCOUNT_NAV_TEXTS.adminLink };
const RELOAD = /*i18n*/ 'Reload';
const MobileMenu = lazy(() => import('./MobileMenu'));
/** The language switch's code: a desktop's bar shows it; a phone's is in the menu, loaded on the first tap. */
const LanguageSwitch = lazy(() => import('../i18n/LanguageSwitch').then((m) => ({ default: m.LanguageSwitch })));

function Logo() {
  const name = useProductName();
  return (
    <Anchor component={Link} to="/" underline="never" aria-label={t(/*i18n*/ '{name} home', { name })}>
      <Group gap={LOGO_NAME.gapPx} wrap="nowrap">
        {/* The mark is drawn, not a letter: the link's visible text is then the name alone, which its label starts with. */}
        <svg width={LOGO_MARK.size} height={LOGO_MARK.size} viewBox={`0 0 ${LOGO_MARK.size} ${LOGO_MARK.size}`} aria-hidden focusable="false">
          <rect width={LOGO_MARK.size} height={LOGO_MARK.size} rx={LOGO_MARK.radius} fill="var(--mantine-color-brand-7)" />
          <path d={LOGO_MARK.path} fill="none" stroke="var(--mantine-color-gold-4)" strokeWidth={LOGO_MARK.strokeWidth} strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <Text fw={LOGO_NAME.fontWeight} fz={LOGO_NAME.fontPx} c="brand.8">
          {name}
        </Text>
      </Group>
    </Anchor>
  );
}

function TopNav() {
  const [open, setOpen] = useState(false);
  /** The menu's code loads on the first tap of the toggle; it then stays, so it animates open and closed. */
  const [menuMounted, setMenuMounted] = useState(false);
  // Read while rendering, not after: the first render draws the layout of this screen's width, not
  // the desktop one to be redrawn at once.
  const now = { getInitialValueInEffect: false };
  const mobile = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`, undefined, now);
  const wide = useMediaQuery(`(min-width: ${MENU_RESET_BREAKPOINT_PX}px)`, undefined, now);
  // From 640 px to 992 px the links get a row of their own under the logo and the account buttons.
  // Shona's and isiNdebele's words are longer, and the bar holds the language switch: they keep two rows to 1200 px.
  const english = currentLanguage() === 'en';
  const twoRows = useMediaQuery(`(min-width: ${MOBILE_BREAKPOINT_PX}px) and (max-width: ${english ? 991.98 : 1199.98}px)`, undefined, now);
  // On one row the welcome line fits from 1200 px (1500 px in Shona or isiNdebele); below that it heads the Account dropdown.
  const roomy = useMediaQuery(`(min-width: ${english ? 1200 : 1500}px)`, undefined, now);
  // The Admin link is shown only to admins (spec section 2.2).
  const links = useSession().isAdmin ? [...NAV_LINKS, ADMIN_LINK] : NAV_LINKS;
  // The mobile menu's state resets at 768 px or wider (spec section 2.2).
  useEffect(() => {
    if (wide) setOpen(false);
  }, [wide]);
  const navButtons = links.map((l) => (
    <Button key={l.to} component={NavLink} to={l.to} variant="subtle" color="dark" px={10}>
      {t(l.label)}
    </Button>
  ));
  return (
    <Box
      component="header"
      pos="fixed"
      top={0}
      left={0}
      right={0}
      mih={NAV_HEIGHT_PX}
      bg="white"
      style={{ zIndex: 100, borderBottom: '1px solid var(--mantine-color-gray-2)', display: 'flex', alignItems: 'center' }}
    >
      <Container size="xl" w="100%">
        {mobile ? (
          <Group justify="space-between" wrap="nowrap">
            <Logo />
            <Burger
              opened={open}
              onClick={() => {
                setMenuMounted(true);
                setOpen((o) => !o);
              }}
              aria-label={t(/*i18n*/ 'Toggle navigation')}
            />
          </Group>
        ) : twoRows ? (
          <Stack gap={4} py={6}>
            <Group justify="space-between" wrap="nowrap">
              <Logo />
              <Group gap="sm" wrap="nowrap">
                <Suspense fallback={<Box w={LANGUAGE_SWITCH_WIDTH_PX} />}>
                  <LanguageSwitch />
                </Suspense>
                <DesktopAccount showWelcome />
              </Group>
            </Group>
            <Group component="nav" gap={2} aria-label={t(/*i18n*/ 'Main')} wrap="nowrap" ml={-10}>
              {navButtons}
            </Group>
          </Stack>
        ) : (
          <Group justify="space-between" wrap="nowrap">
            <Logo />
            <Group gap="sm" wrap="nowrap">
              <Group component="nav" gap={2} aria-label={t(/*i18n*/ 'Main')} wrap="nowrap">
                {navButtons}
              </Group>
              <Suspense fallback={<Box w={LANGUAGE_SWITCH_WIDTH_PX} />}>
                <LanguageSwitch />
              </Suspense>
              <DesktopAccount showWelcome={!!roomy} />
            </Group>
          </Group>
        )}
      </Container>
      {menuMounted ? (
        <Suspense fallback={null}>
          <MobileMenu opened={open && !!mobile} onClose={() => setOpen(false)} links={links} />
        </Suspense>
      ) : null}
    </Box>
  );
}

const FOOTER_LINKS = [
  { to: '/cars', label: /*i18n*/ 'Search cars' },
  { to: '/construction', label: /*i18n*/ 'Construction equipment' },
  { to: '/farming', label: /*i18n*/ 'Farming equipment' },
  { to: '/dashboard', label: /*i18n*/ 'Sell your car' },
  { to: '/selling-guide', label: /*i18n*/ 'Selling guide' },
  { to: '/buying-guide', label: /*i18n*/ 'Buying guide' },
  { to: '/faq', label: /*i18n*/ 'FAQ' },
  { to: '/about', label: /*i18n*/ 'About us' },
  { to: '/privacy-policy', label: /*i18n*/ 'Privacy policy' },
  { to: '/terms-and-conditions', label: /*i18n*/ 'Terms and conditions' },
  { to: '/cookie-policy', label: /*i18n*/ 'Cookie policy' },
];

function Footer() {
  const email = useSupportEmail();
  const name = useProductName();
  return (
    <Box component="footer" bg="brand.9" c="white" py={40} mt={40}>
      <Container size="xl">
        <Group justify="space-between" align="flex-start" gap="xl">
          <Stack gap={6} maw={320}>
            <Title order={2} fz="h3" c="white">
              {name}
            </Title>
            <Text fz="sm" c="brand.1">
              {t(/*i18n*/ 'Cars, construction and farming vehicles across Zimbabwe. Buyers and sellers deal directly; we take no commission.')}
            </Text>
          </Stack>
          <Group component="nav" aria-label={t(/*i18n*/ 'Footer')} gap="xs" maw={640}>
            {FOOTER_LINKS.map((l) => (
              <Anchor key={l.to} component={Link} to={l.to} c="white" fz="sm" mr="md">
                {t(l.label)}
              </Anchor>
            ))}
            {/* The cookie policy promises the choice can be changed at any time: this reopens the banner. */}
            <Anchor component="button" type="button" onClick={openCookieSettings} c="white" fz="sm" mr="md">
              {t(/*i18n*/ 'Cookie settings')}
            </Anchor>
            <Anchor href={email ? `mailto:${email}` : undefined} c="gold.3" fz="sm">
              {t(/*i18n*/ 'Contact us')}
            </Anchor>
          </Group>
        </Group>
      </Container>
    </Box>
  );
}

/** A new version waits until the user chooses to load it, instead of code changing under them. */
function UpdatePrompt() {
  const { waiting } = useSnapshot(updateStore);
  if (!waiting) return null;
  return (
    <Alert color="brand" variant="light" radius={0} role="status">
      <Group justify="space-between">
        <Text fz="sm">{t(/*i18n*/ 'A new version of Motokari is available.')}</Text>
        <Button size="xs" onClick={() => updateStore.apply()}>
          {t(RELOAD)}
        </Button>
      </Group>
    </Alert>
  );
}

function SyncStatus() {
  const { online, lastSyncedAt, syncing, outOfDate } = useSnapshot(syncStore);
  if (online && outOfDate) {
    return (
      <Alert color="gold" variant="filled" radius={0} py={6} c="dark" role="status">
        {outOfDate}{' '}
        <Anchor component="button" type="button" c="dark" fw={700} underline="always" onClick={() => window.location.reload()}>
          {t(RELOAD)}
        </Anchor>
      </Alert>
    );
  }
  if (online && !lastSyncedAt && !syncing) return <Box h={SYNC_STATUS_HEIGHT_PX} />;
  const when = lastSyncedAt ? syncedAtText(new Date(lastSyncedAt), currentLanguage()) : null;
  if (!online) {
    return (
      <Alert color="gold" variant="filled" radius={0} py={6} c="dark" role="status">
        {when ? t(/*i18n*/ 'You are offline. Showing the listings saved on this device (updated {when}).', { when }) : t(/*i18n*/ 'You are offline. Showing the listings saved on this device.')}
      </Alert>
    );
  }
  // The line opens "Data on this device": what the device holds, and the person's choice of what to keep.
  return (
    <Text fz="xs" lh={`${SYNC_STATUS_HEIGHT_PX - 8}px`} h={SYNC_STATUS_HEIGHT_PX} c="dimmed" ta="center" py={4} role="status">
      <Anchor component={Link} to={DATA_SCREEN_PATH} c="dimmed" fz="xs" underline="always">
        {syncing ? t(/*i18n*/ 'Updating listings...') : t(/*i18n*/ 'Listings updated {when}', { when: when ?? '' })}
      </Anchor>
    </Text>
  );
}

/** The startup spinner naming the product: a screen's height, or (below) a band under what is already drawn. */
export function StartupSpinner({ below = false }: { below?: boolean }) {
  const name = useProductName();
  return (
    <Stack align="center" justify="center" h={below ? undefined : '70vh'} py={below ? 32 : undefined} gap="md" role="status">
      <Loader color="brand" size="lg" />
      <Text c="dimmed">{startupText(name, t)}</Text>
    </Stack>
  );
}

/**
 * The frame of every screen: the top bar, the sync line, the screen, the footer, and over them the
 * `overlays` App.tsx gives it (the account dialogs, the prompts).
 */
export function Shell({ overlays }: { overlays: ReactNode }) {
  const { pathname } = useLocation();
  // Every route change scrolls to the top (spec section 2.1).
  useEffect(() => {
    window.scrollTo(0, 0);
    // The tab's and the history's name, as the server names the page (a listing's and a dealer's page set their own).
    const title = pageTitle(pathname, t);
    if (title !== null) document.title = title;
  }, [pathname]);
  return (
    <>
      <TopNav />
      {/* A full screen at least: the footer starts below the fold, so a page's content arriving after its loader moves nothing in view. */}
      <Box component="main" pt={NAV_HEIGHT_PX} mih="100vh">
        <UpdatePrompt />
        <SyncStatus />
        {/* The bar and the footer are drawn while a screen's code loads. */}
        <Suspense fallback={<StartupSpinner />}>
          <Outlet />
        </Suspense>
      </Box>
      <Footer />
      {overlays}
    </>
  );
}
