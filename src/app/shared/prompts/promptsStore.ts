// The state of the cookie banner and the install prompt, loaded with the first screen: small, so that
// the prompts' own code (src/app/prompts/CookieBanner.tsx, InstallPrompt.tsx) loads only when shown.
import { proxy, ref } from 'valtio';
import { STORAGE_KEYS } from '@/domain/core/constants';
import { parseConsent, parseDismissedAt, type ConsentRecord } from '@/domain/account/consent';

/** Chromium's deferred install prompt (not in the DOM typings: no other engine has it). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice?: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

export const COOKIE_POLICY_PATH = '/cookie-policy';

export type BannerView = 'closed' | 'compact' | 'customise';

interface PromptsState {
  /** The saved consent, or null when there is none yet (or it could not be read). */
  consent: ConsentRecord | null;
  /** When consent was given on this page (ms), so the install prompt keeps its distance from the banner. */
  answeredAt: number | null;
  banner: BannerView;
  /** The banner's "Cookie policy" link was followed: the banner steps aside while the policy is read. */
  bannerPostponed: boolean;
  /** The browser's install prompt, kept from `beforeinstallprompt` until it is used or the app is installed. */
  installEvent: BeforeInstallPromptEvent | null;
  installOpen: boolean;
  /** The notification prompt (src/app/push) is on screen: the install prompt waits until it closes. */
  notificationOpen: boolean;
  /** When the page's load event fired (ms since 1970), null before: the cookie banner shows 1 s after it. */
  loadedAt: number | null;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage switched off (some private modes): the choices then last for the page only.
    return null;
  }
}

function readConsent(): ConsentRecord | null {
  let raw: string | null;
  try {
    raw = storage()?.getItem(STORAGE_KEYS.cookieConsent) ?? null;
  } catch {
    return null;
  }
  const parsed = parseConsent(raw);
  if (parsed.problem === 'corrupt') console.warn('saved cookie consent could not be read; asking again', raw);
  return parsed.record;
}

export const promptsStore = proxy<PromptsState>({
  consent: readConsent(),
  answeredAt: null,
  banner: 'closed',
  bannerPostponed: false,
  installEvent: null,
  installOpen: false,
  notificationOpen: false,
  loadedAt: null,
});

/** Stores a choice of the banner (Accept All, Reject All, Save Preferences, the backdrop) and closes it. */
export function saveConsent(record: ConsentRecord): void {
  try {
    storage()?.setItem(STORAGE_KEYS.cookieConsent, JSON.stringify(record));
  } catch (err) {
    console.warn('cookie consent not saved on this device', err);
  }
  promptsStore.consent = record;
  promptsStore.answeredAt = Date.now();
  promptsStore.banner = 'closed';
}

/** The banner's link to the cookie policy: no answer yet, so the banner comes back after the policy. */
export function postponeBanner(): void {
  promptsStore.bannerPostponed = true;
  promptsStore.banner = 'closed';
}

/** The footer's "Cookie settings": the banner again, on its per-category view, to change the choice. */
export function openCookieSettings(): void {
  promptsStore.banner = 'customise';
}

export function installDismissedAt(): number | null {
  try {
    return parseDismissedAt(storage()?.getItem(STORAGE_KEYS.installPromptDismissedAt) ?? null);
  } catch {
    return null;
  }
}

/** "Not now" or the close button: hidden for the next 7 days. */
export function dismissInstall(now = Date.now()): void {
  try {
    storage()?.setItem(STORAGE_KEYS.installPromptDismissedAt, String(now));
  } catch (err) {
    console.warn('install prompt dismissal not saved on this device', err);
  }
  promptsStore.installOpen = false;
}

/** Whether the page runs as the installed app (any display mode but a browser tab, or iOS's home-screen app). */
export function runsStandalone(): boolean {
  const modes = ['standalone', 'fullscreen', 'minimal-ui', 'window-controls-overlay'];
  if (typeof window === 'undefined') return false;
  if (modes.some((m) => window.matchMedia?.(`(display-mode: ${m})`).matches)) return true;
  return (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

// Chromium fires beforeinstallprompt once, early, whether or not a screen is ready for it: it is
// kept from the first moment (and the browser's own mini-infobar held back) for the prompt to use.
if (typeof window !== 'undefined') {
  if (document.readyState === 'complete') promptsStore.loadedAt = Date.now();
  else window.addEventListener('load', () => (promptsStore.loadedAt = Date.now()), { once: true });
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    promptsStore.installEvent = ref(event as BeforeInstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => {
    promptsStore.installEvent = null;
    promptsStore.installOpen = false;
  });
}
