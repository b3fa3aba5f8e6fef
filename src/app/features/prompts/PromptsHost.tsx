import { Component, lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { COOKIE_BANNER_DELAY_MS, INSTALL_PROMPT_DELAY_MS } from '@/domain/core/constants';
import { isIos, shouldShowInstallPrompt } from '@/domain/account/consent';
import { COOKIE_POLICY_PATH, installDismissedAt, promptsStore, runsStandalone } from '@/app/shared/prompts/promptsStore';

const loadCookieBanner = () => import('./CookieBanner').then((m) => ({ default: m.CookieBanner }));
// With no answer saved the banner is sure to show, a second after load: its code is fetched now, while
// the page loads, not when it is due. On a first visit the service worker starts precaching the whole
// app at load, and a request made after that waited behind it: the banner came 5.3 s after opening.
const earlyBanner = promptsStore.consent === null ? loadCookieBanner() : null;
earlyBanner?.catch(() => undefined);
const CookieBanner = lazy(() => (earlyBanner ? earlyBanner.catch(loadCookieBanner) : loadCookieBanner()));
const InstallPrompt = lazy(() => import('./InstallPrompt').then((m) => ({ default: m.InstallPrompt })));

const onIos = () => typeof navigator !== 'undefined' && isIos(navigator.userAgent, navigator.maxTouchPoints);

/** A prompt whose code could not be loaded (a deploy replaced it, no network) is left out, never the page. */
class SkipOnError extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(err: unknown) {
    console.warn('a prompt could not be shown', err);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** Whether the install prompt may show now: not installed, not dismissed lately, and something to offer. */
function installAllowed(hasDeferredPrompt: boolean): boolean {
  if (!shouldShowInstallPrompt(Date.now(), installDismissedAt(), runsStandalone())) return false;
  return onIos() || hasDeferredPrompt;
}

/**
 * Times the cookie banner (1 s after the page's load event when no consent is saved, its code fetched
 * from the start) and the install prompt (3 s after load, its code loaded only when it is due). The install prompt never joins the banner on
 * screen: while the banner waits for an answer it waits too, and follows 3 s after the answer.
 * Analytics code loads only while analytics consent is on, and counts each page shown.
 */
export function PromptsHost() {
  const { consent, answeredAt, banner, bannerPostponed, installEvent, installOpen, notificationOpen, loadedAt } = useSnapshot(promptsStore);
  const mountedAt = useRef(Date.now());
  const [bannerUsed, setBannerUsed] = useState(false);
  const [installUsed, setInstallUsed] = useState(false);
  const { pathname } = useLocation();
  const answered = consent !== null;
  const analytics = consent?.analytics === true;

  const onPolicy = pathname === COOKIE_POLICY_PATH;
  // Postponed by the banner's policy link: it comes back once the policy has been shown and left
  // (the store and the route change separately, so the policy is seen before leaving it counts).
  const policySeen = useRef(false);
  /** When the banner last stepped aside for the policy and the policy was left: it comes back 1 s later. */
  const resumedAt = useRef(0);
  useEffect(() => {
    if (answered) return;
    if (bannerPostponed) {
      if (onPolicy) policySeen.current = true;
      if (onPolicy || !policySeen.current) return;
      policySeen.current = false;
      resumedAt.current = Date.now();
      promptsStore.bannerPostponed = false;
      return;
    }
    // Counted from the page's load event (spec section 4), not from when this first rendered.
    if (loadedAt === null) return;
    const due = Math.max(loadedAt, resumedAt.current) + COOKIE_BANNER_DELAY_MS;
    const timer = setTimeout(
      () => {
        if (promptsStore.consent === null && promptsStore.banner === 'closed' && !promptsStore.bannerPostponed) promptsStore.banner = 'compact';
      },
      Math.max(0, due - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [answered, bannerPostponed, onPolicy, loadedAt]);

  useEffect(() => {
    if (banner !== 'closed') setBannerUsed(true);
  }, [banner]);

  const hasDeferredPrompt = installEvent !== null;
  useEffect(() => {
    if (!answered || banner !== 'closed' || installOpen || notificationOpen || !installAllowed(hasDeferredPrompt)) return;
    const due = Math.max(mountedAt.current, answeredAt ?? 0) + INSTALL_PROMPT_DELAY_MS;
    const timer = setTimeout(
      () => {
        if (promptsStore.banner !== 'closed' || promptsStore.notificationOpen || !installAllowed(promptsStore.installEvent !== null)) return;
        promptsStore.installOpen = true;
        setInstallUsed(true);
      },
      Math.max(0, due - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [answered, answeredAt, banner, installOpen, notificationOpen, hasDeferredPrompt]);

  useEffect(() => {
    if (!analytics) return;
    let current = true;
    import('./analytics')
      .then((m) => {
        if (current) m.recordPageView(pathname);
      })
      .catch((err: unknown) => console.warn('analytics not loaded', err));
    return () => {
      current = false;
    };
  }, [analytics, pathname]);

  return (
    <>
      <SkipOnError>
        <Suspense fallback={null}>{bannerUsed ? <CookieBanner /> : null}</Suspense>
      </SkipOnError>
      <SkipOnError>
        <Suspense fallback={null}>{installUsed ? <InstallPrompt /> : null}</Suspense>
      </SkipOnError>
    </>
  );
}
