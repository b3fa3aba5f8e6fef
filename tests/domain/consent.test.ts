import { describe, expect, it } from 'vitest';
import {
  acceptAll,
  CONSENT_CATEGORIES,
  CONSENT_VERSION,
  INSTALL_PROMPT_DISMISS_MS,
  isIos,
  parseConsent,
  parseDismissedAt,
  rejectAll,
  savePreferences,
  shouldShowInstallPrompt,
} from '@/domain/account/consent';
import { COOKIE_BANNER_DELAY_MS, INSTALL_PROMPT_DELAY_MS, INSTALL_PROMPT_DISMISS_DAYS } from '@/domain/core/constants';

const NOW = new Date('2025-10-08T09:30:00.000Z');
const DAY = 24 * 60 * 60 * 1000;

describe('cookie consent choices', () => {
  it('has the four categories of the consent record (spec section 3)', () => {
    expect(CONSENT_CATEGORIES).toEqual(['necessary', 'functional', 'analytics', 'marketing']);
  });

  it('Accept All turns all four on, Reject All keeps only necessary, both dated', () => {
    expect(acceptAll(NOW)).toEqual({ version: CONSENT_VERSION, necessary: true, functional: true, analytics: true, marketing: true, consentDate: NOW.toISOString() });
    expect(rejectAll(NOW)).toEqual({ version: CONSENT_VERSION, necessary: true, functional: false, analytics: false, marketing: false, consentDate: NOW.toISOString() });
  });

  it('Save Preferences stores the toggled choice and never turns necessary off', () => {
    expect(savePreferences({ necessary: false, functional: false, analytics: true, marketing: false }, NOW)).toMatchObject({
      necessary: true,
      functional: false,
      analytics: true,
      marketing: false,
    });
    expect(savePreferences({}, NOW)).toMatchObject({ necessary: true, functional: false, analytics: false, marketing: false });
  });
});

describe('reading a saved consent record', () => {
  it('reads back what a choice stored', () => {
    for (const r of [acceptAll(NOW), rejectAll(NOW), savePreferences({ marketing: true }, NOW)]) {
      expect(parseConsent(JSON.stringify(r))).toEqual({ record: r, problem: null });
    }
  });

  it('nothing saved is no answer, without a complaint', () => {
    expect(parseConsent(null)).toEqual({ record: null, problem: 'missing' });
  });

  it('an answer to another version of the banner is asked again', () => {
    expect(parseConsent(JSON.stringify({ ...acceptAll(NOW), version: CONSENT_VERSION + 1 }))).toEqual({ record: null, problem: 'outdated' });
  });

  it.each([
    ['not JSON', '{"necessary":tru'],
    ['JSON but not an object', '"yes"'],
    ['an array', '[true,true,true,true]'],
    ['null', 'null'],
    ['a flag missing', JSON.stringify({ version: CONSENT_VERSION, necessary: true, functional: true, analytics: true, consentDate: NOW.toISOString() })],
    ['a flag not a boolean', JSON.stringify({ ...acceptAll(NOW), analytics: 'yes' })],
    ['necessary off', JSON.stringify({ ...rejectAll(NOW), necessary: false })],
    ['no date', JSON.stringify({ ...acceptAll(NOW), consentDate: undefined })],
    ['a date that is not one', JSON.stringify({ ...acceptAll(NOW), consentDate: 'last Tuesday' })],
    ['no version', JSON.stringify({ ...acceptAll(NOW), version: undefined })],
  ])('%s is corrupt and ignored', (_name, raw) => {
    expect(parseConsent(raw)).toEqual({ record: null, problem: 'corrupt' });
  });
});

describe('install prompt', () => {
  const now = NOW.getTime();

  it('uses the timings of spec section 9', () => {
    expect(COOKIE_BANNER_DELAY_MS).toBe(1000);
    expect(INSTALL_PROMPT_DELAY_MS).toBe(3000);
    expect(INSTALL_PROMPT_DISMISS_DAYS).toBe(7);
    expect(INSTALL_PROMPT_DISMISS_MS).toBe(7 * DAY);
  });

  it('shows when never dismissed, and never when already running standalone', () => {
    expect(shouldShowInstallPrompt(now, null, false)).toBe(true);
    expect(shouldShowInstallPrompt(now, null, true)).toBe(false);
    expect(shouldShowInstallPrompt(now, now - 30 * DAY, true)).toBe(false);
  });

  it('stays hidden for 7 days after a dismissal, then shows again', () => {
    expect(shouldShowInstallPrompt(now, now, false)).toBe(false);
    expect(shouldShowInstallPrompt(now, now - 6 * DAY, false)).toBe(false);
    expect(shouldShowInstallPrompt(now, now - 7 * DAY + 1, false)).toBe(false);
    expect(shouldShowInstallPrompt(now, now - 7 * DAY, false)).toBe(true);
    expect(shouldShowInstallPrompt(now, now - 8 * DAY, false)).toBe(true);
  });

  it('a dismissal dated in the future (a clock put right) does not silence it', () => {
    expect(shouldShowInstallPrompt(now, now + 365 * DAY, false)).toBe(true);
  });

  it('reads the stored dismissal time, ignoring what is not one', () => {
    expect(parseDismissedAt(String(now))).toBe(now);
    expect(parseDismissedAt(null)).toBeNull();
    expect(parseDismissedAt('')).toBeNull();
    expect(parseDismissedAt('yesterday')).toBeNull();
    expect(parseDismissedAt('-5')).toBeNull();
  });

  it('recognises iPhones and iPads, including iPadOS presenting itself as a Mac', () => {
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
    const mac = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
    const android = 'Mozilla/5.0 (Linux; Android 14; SM-A155F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
    expect(isIos(iphone)).toBe(true);
    expect(isIos(mac, 5)).toBe(true);
    expect(isIos(mac, 0)).toBe(false);
    expect(isIos(android, 5)).toBe(false);
  });
});
