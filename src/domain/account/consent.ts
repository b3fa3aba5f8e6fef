// Cookie consent (spec sections 3, 4 and 9) and when the install prompt may show: pure rules, no storage.
import { INSTALL_PROMPT_DISMISS_DAYS } from '../core/constants';

/** The four categories of the consent record, in the order the banner lists them. */
export const CONSENT_CATEGORIES = ['necessary', 'functional', 'analytics', 'marketing'] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];
export type ConsentChoice = Record<ConsentCategory, boolean>;

/**
 * Bumped when the categories or what they cover change: a record of another version is no longer
 * an answer, so the banner asks again (the cookie policy promises as much).
 */
export const CONSENT_VERSION = 1;

/** What is saved: the four booleans, the consent date (ISO 8601) and the version it answered. */
export interface ConsentRecord extends ConsentChoice {
  version: typeof CONSENT_VERSION;
  consentDate: string;
}

function record(choice: Omit<ConsentChoice, 'necessary'>, now: Date): ConsentRecord {
  return {
    version: CONSENT_VERSION,
    necessary: true,
    functional: choice.functional,
    analytics: choice.analytics,
    marketing: choice.marketing,
    consentDate: now.toISOString(),
  };
}

/** Accept All turns all four categories on. */
export const acceptAll = (now: Date): ConsentRecord => record({ functional: true, analytics: true, marketing: true }, now);

/** Reject All (and a click on the banner's backdrop) keeps only necessary. */
export const rejectAll = (now: Date): ConsentRecord => record({ functional: false, analytics: false, marketing: false }, now);

/** Save Preferences stores the toggled choice; necessary cannot be turned off, whatever is passed. */
export const savePreferences = (choice: Partial<ConsentChoice>, now: Date): ConsentRecord =>
  record({ functional: choice.functional === true, analytics: choice.analytics === true, marketing: choice.marketing === true }, now);

export type ParsedConsent =
  | { record: ConsentRecord; problem: null }
  /** missing: nothing saved; outdated: an answer to an earlier version; corrupt: not a consent record. */
  | { record: null; problem: 'missing' | 'outdated' | 'corrupt' };

/** Reads a saved record. Anything but a complete record of this version is no answer: the banner shows. */
export function parseConsent(raw: string | null): ParsedConsent {
  if (raw === null) return { record: null, problem: 'missing' };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { record: null, problem: 'corrupt' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { record: null, problem: 'corrupt' };
  const v = value as Record<string, unknown>;
  if (typeof v.version === 'number' && v.version !== CONSENT_VERSION) return { record: null, problem: 'outdated' };
  const flagsOk = CONSENT_CATEGORIES.every((c) => typeof v[c] === 'boolean');
  const date = typeof v.consentDate === 'string' ? Date.parse(v.consentDate) : Number.NaN;
  // A record claiming necessary is off was not written by the banner: necessary cannot be turned off.
  if (v.version !== CONSENT_VERSION || !flagsOk || v.necessary !== true || Number.isNaN(date)) return { record: null, problem: 'corrupt' };
  return {
    record: {
      version: CONSENT_VERSION,
      necessary: true,
      functional: v.functional as boolean,
      analytics: v.analytics as boolean,
      marketing: v.marketing as boolean,
      consentDate: new Date(date).toISOString(),
    },
    problem: null,
  };
}

export const INSTALL_PROMPT_DISMISS_MS = INSTALL_PROMPT_DISMISS_DAYS * 24 * 60 * 60 * 1000;

/** The saved dismissal time (milliseconds since 1970), or null when none or unreadable. */
export function parseDismissedAt(raw: string | null): number | null {
  if (raw === null || raw.trim() === '') return null;
  const t = Number(raw);
  return Number.isFinite(t) && t > 0 ? t : null;
}

/**
 * The install prompt shows unless the app already runs standalone or was dismissed less than 7 days
 * ago. A dismissal time in the future (a clock that was wrong, then put right) hides nothing, so a
 * bad clock cannot silence the prompt for years.
 */
export function shouldShowInstallPrompt(now: number, dismissedAt: number | null, standalone: boolean): boolean {
  if (standalone) return false;
  if (dismissedAt === null) return true;
  const elapsed = now - dismissedAt;
  return elapsed < 0 || elapsed >= INSTALL_PROMPT_DISMISS_MS;
}

/**
 * iPhones and iPads, where Safari has no install prompt and the user adds the app by hand. iPadOS
 * 13+ presents itself as a Mac: a "Macintosh" with a touch screen is an iPad.
 */
export function isIos(userAgent: string, maxTouchPoints = 0): boolean {
  if (/iPhone|iPad|iPod/.test(userAgent)) return true;
  return /Macintosh/.test(userAgent) && maxTouchPoints > 1;
}
