import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { chromium, type BrowserContext, type Page, type Request } from 'playwright-core';
import { STORAGE_KEYS } from '@/domain/core/constants';
import { acceptAll, CONSENT_VERSION, type ConsentRecord } from '@/domain/account/consent';
import { CHROMIUM, hasChromium, SCREENSHOTS } from './browser';
import { appInBrowser, requireChromiumInCi, signedIn } from './appInBrowser';
import { sellerApi } from './sellers';

requireChromiumInCi();

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const PHONE = { width: 360, height: 780 };
const DESKTOP = { width: 1280, height: 900 };
const DAY = 24 * 60 * 60 * 1000;
const IPHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPHONE = { viewport: PHONE, userAgent: IPHONE_UA, isMobile: true, hasTouch: true };

interface Marks {
  load?: number;
  shell?: number;
  cookie?: number;
  install?: number;
}

/**
 * Notes, in the page, when the app's header first shows and when each prompt first shows: the
 * prompts' delays are measured from the app's start, whatever time the page itself took to load.
 */
function watchPrompts(): void {
  const marks: Marks = {};
  (window as unknown as { __marks: Marks }).__marks = marks;
  addEventListener('load', () => (marks.load = performance.now()), { once: true });
  new MutationObserver(() => {
    const now = performance.now();
    if (marks.shell === undefined && document.querySelector('header')) marks.shell = now;
    if (marks.cookie === undefined && document.querySelector('[data-cookie-banner]')) marks.cookie = now;
    if (marks.install === undefined && document.querySelector('[data-install-prompt]')) marks.install = now;
  }).observe(document, { childList: true, subtree: true });
}

const marks = (page: Page) => page.evaluate(() => (window as unknown as { __marks: Marks }).__marks);
const banner = (page: Page) => page.locator('[data-cookie-banner]');
const install = (page: Page) => page.getByRole('dialog', { name: 'Install Motokari' });
const saved = async (page: Page): Promise<ConsentRecord | null> => JSON.parse((await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEYS.cookieConsent)) ?? 'null') as ConsentRecord | null;
const dismissedAt = async (page: Page): Promise<number | null> => {
  const raw = await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEYS.installPromptDismissedAt);
  return raw === null ? null : Number(raw);
};

/** Requests that are analytics: the analytics module's own chunk, and the page views it sends. */
function analyticsRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (r) => {
    const p = new URL(r.url()).pathname;
    if (/\/assets\/analytics-[\w-]+\.js$/.test(p) || p === '/api/events') seen.push(r);
  });
  return seen;
}

/** The page views the server received from the page (a beacon's body is read where it is routed). */
async function pageViews(page: Page): Promise<string[]> {
  const paths: string[] = [];
  await page.route('**/api/events', async (route) => {
    const body = JSON.parse(route.request().postDataBuffer()?.toString('utf8') ?? '{}') as { events?: Array<{ type: string; path: string; screen: string }> };
    for (const e of body.events ?? []) paths.push(`${e.type} ${e.path} ${e.screen}`);
    await route.continue();
  });
  return paths;
}

/** Gives a choice of the banner's time to load anything it would load, then lists what was. */
async function settleAnalytics(page: Page, seen: Request[]): Promise<string[]> {
  await page.waitForTimeout(1500);
  return seen.map((r) => `${r.method()} ${new URL(r.url()).pathname}`);
}

async function axeViolations(page: Page, selector: string): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  return page.evaluate(async (sel) => {
    const axe = (window as unknown as { axe: { run: (ctx: string) => Promise<{ violations: Array<{ id: string; impact: string | null; help: string }> }> } }).axe;
    const { violations } = await axe.run(sel);
    return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
  }, selector);
}

async function shot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(400); // the prompts' slide-in
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
}

/** Saves a consent before the app starts (once: a later choice of the test stands). */
async function withSavedConsent(context: BrowserContext, record: string): Promise<void> {
  await context.addInitScript(
    ({ key, value }) => {
      if (localStorage.getItem(key) === null) localStorage.setItem(key, value);
    },
    { key: STORAGE_KEYS.cookieConsent, value: record },
  );
}

describe.skipIf(!hasChromium)('cookie banner and install prompt in Chromium', () => {
  const app = appInBrowser();
  const { inContext, open } = app;
  const prompts = { prompts: true };

  describe('cookie banner', () => {
    it('appears a second after the app starts, Accept All stores all four categories, and only then analytics loads', async () => {
      await inContext(
        { viewport: PHONE, bypassCSP: true },
        async (context) => {
          await context.addInitScript(watchPrompts);
          const page = await context.newPage();
          const seen = analyticsRequests(page);
          const views = await pageViews(page);
          await page.goto(app.server.url + '/');
          await banner(page).waitFor();
          const m = await marks(page);
          // Not there when the app first showed; there about a second later.
          expect(m.cookie! - m.shell!).toBeGreaterThanOrEqual(900);
          const dialog = page.getByRole('dialog', { name: 'Cookies on Motokari' });
          await expect(dialog.getByRole('link', { name: 'Read our cookie policy' }).getAttribute('href')).resolves.toBe('/cookie-policy');
          for (const name of ['Accept All', 'Reject All', 'Customise']) await dialog.getByRole('button', { name }).waitFor();
          expect(await axeViolations(page, '[data-cookie-banner]')).toEqual([]);
          await shot(page, 'prompts-cookie-compact-360');
          expect(seen).toEqual([]);

          await dialog.getByRole('button', { name: 'Accept All' }).click();
          await banner(page).waitFor({ state: 'detached' });
          const record = await saved(page);
          expect(record).toMatchObject({ version: CONSENT_VERSION, necessary: true, functional: true, analytics: true, marketing: true });
          expect(Date.now() - Date.parse(record!.consentDate)).toBeLessThan(60_000);

          // With consent, the page view of / is sent.
          expect(await settleAnalytics(page, seen)).toEqual([expect.stringMatching(/^GET \/assets\/analytics-/), 'POST /api/events']);
          expect(views).toEqual(['page_view / phone']);

          // The choice is remembered: no banner after a reload, and each page shown is counted.
          seen.length = 0;
          await page.reload();
          await page.getByRole('banner').waitFor();
          await page.waitForTimeout(1800);
          expect(await banner(page).count()).toBe(0);
          await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click();
          await page.getByRole('heading', { level: 1 }).waitFor();
          await expect.poll(() => views).toEqual(['page_view / phone', 'page_view / phone', 'page_view /faq phone']);
        },
        prompts,
      );
    });

    it('on a first visit shows a second after load, without waiting for anything asked for after load', async () => {
      await inContext(
        { viewport: PHONE },
        async (context) => {
          await context.addInitScript(watchPrompts);
          const page = await context.newPage();
          // On a first visit the service worker precaches the whole app from the load event on, and
          // the first sync runs: on a phone's connection whatever is asked for then waits behind them.
          // Here everything asked for after load is held back until the test ends.
          let loaded = false;
          const held: Array<() => void> = [];
          page.on('load', () => (loaded = true));
          await page.route('**/*', async (route) => {
            if (loaded) await new Promise<void>((release) => held.push(release));
            await route.continue().catch(() => undefined);
          });
          await page.goto(app.server.url + '/');
          await banner(page).waitFor({ timeout: 20_000 });
          expect(held.length).toBeGreaterThan(0);
          const m = await marks(page);
          expect(m.cookie! - m.load!).toBeGreaterThanOrEqual(900);
          await page.getByRole('dialog', { name: 'Cookies on Motokari' }).getByRole('button', { name: 'Reject All' }).click();
          await banner(page).waitFor({ state: 'detached' });
          await page.unrouteAll({ behavior: 'ignoreErrors' });
          for (const release of held) release();
        },
        prompts,
      );
    });

    it('Reject All keeps only necessary, is remembered, and no analytics code is ever loaded', async () => {
      await inContext(
        { viewport: DESKTOP },
        async (context) => {
          const page = await context.newPage();
          const seen = analyticsRequests(page);
          await page.goto(app.server.url + '/');
          const dialog = page.getByRole('dialog', { name: 'Cookies on Motokari' });
          await dialog.waitFor();
          await shot(page, 'prompts-cookie-compact-1280');
          await dialog.getByRole('button', { name: 'Reject All' }).click();
          await banner(page).waitFor({ state: 'detached' });
          expect(await saved(page)).toMatchObject({ necessary: true, functional: false, analytics: false, marketing: false });
          await page.goto(app.server.url + '/cars');
          await page.waitForTimeout(1800);
          expect(await banner(page).count()).toBe(0);
          expect(await settleAnalytics(page, seen)).toEqual([]);
        },
        prompts,
      );
    });

    it('Customise shows a switch per category with necessary on and locked; Save Preferences stores the toggled choice', async () => {
      await inContext(
        { viewport: PHONE, bypassCSP: true },
        async (context) => {
          const page = await context.newPage();
          const seen = analyticsRequests(page);
          await page.goto(app.server.url + '/');
          await page.getByRole('dialog', { name: 'Cookies on Motokari' }).getByRole('button', { name: 'Customise' }).click();
          const dialog = page.getByRole('dialog', { name: 'Cookie settings' });
          await dialog.waitFor();
          const necessary = dialog.getByRole('switch', { name: /Necessary/ });
          expect(await necessary.isChecked()).toBe(true);
          expect(await necessary.isDisabled()).toBe(true);
          for (const name of ['Functional', 'Analytics', 'Marketing']) expect(await dialog.getByRole('switch', { name }).isChecked()).toBe(false);
          expect(await axeViolations(page, '[data-cookie-banner]')).toEqual([]);
          await shot(page, 'prompts-cookie-customise-360');

          await dialog.getByRole('switch', { name: 'Functional' }).check();
          await dialog.getByRole('switch', { name: 'Marketing' }).check();
          await dialog.getByRole('button', { name: 'Save Preferences' }).click();
          await banner(page).waitFor({ state: 'detached' });
          expect(await saved(page)).toMatchObject({ necessary: true, functional: true, analytics: false, marketing: true });
          expect(await settleAnalytics(page, seen)).toEqual([]);

          // "Cookie settings" in the footer reopens it on the saved choice; closing it keeps that choice.
          await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' }).click();
          await dialog.waitFor();
          expect(await dialog.getByRole('switch', { name: 'Functional' }).isChecked()).toBe(true);
          expect(await dialog.getByRole('switch', { name: 'Analytics' }).isChecked()).toBe(false);
          await page.keyboard.press('Escape');
          await banner(page).waitFor({ state: 'detached' });
          expect(await saved(page)).toMatchObject({ functional: true, analytics: false, marketing: true });
        },
        prompts,
      );
    });

    it('a click on the dimmed backdrop counts as Reject All', async () => {
      await inContext(
        { viewport: PHONE },
        async (context) => {
          const page = await open(context, '/');
          await page.getByRole('dialog', { name: 'Cookies on Motokari' }).waitFor();
          await page.waitForTimeout(300);
          await page.mouse.click(180, 60);
          await banner(page).waitFor({ state: 'detached' });
          expect(await saved(page)).toMatchObject({ necessary: true, functional: false, analytics: false, marketing: false });
        },
        prompts,
      );
    });

    it('a corrupt saved choice is logged and ignored: the banner asks again', async () => {
      await inContext(
        { viewport: PHONE },
        async (context) => {
          await withSavedConsent(context, '{"necessary":true,"analytics":');
          const page = await context.newPage();
          const warnings: string[] = [];
          page.on('console', (msg) => {
            if (msg.type() === 'warning') warnings.push(msg.text());
          });
          await page.goto(app.server.url + '/');
          await page.getByRole('dialog', { name: 'Cookies on Motokari' }).waitFor();
          expect(warnings.some((w) => w.includes('saved cookie consent could not be read'))).toBe(true);
        },
        prompts,
      );
    });

    it('the policy link lets the policy be read, and the banner comes back after it', async () => {
      await inContext(
        { viewport: PHONE },
        async (context) => {
          const page = await open(context, '/');
          const dialog = page.getByRole('dialog', { name: 'Cookies on Motokari' });
          await dialog.getByRole('link', { name: 'Read our cookie policy' }).click();
          await page.getByRole('heading', { level: 1, name: 'Cookie policy' }).waitFor();
          await page.waitForTimeout(1800);
          expect(await banner(page).count()).toBe(0);
          expect(await saved(page)).toBeNull();
          await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click();
          await dialog.waitFor();
        },
        prompts,
      );
    });
  });

  describe('notification prompt', () => {
    /** Cookies answered and the install prompt dismissed: only the notification prompt is still to come. */
    async function onlyNotificationsToAsk(context: BrowserContext): Promise<void> {
      await withSavedConsent(context, JSON.stringify(acceptAll(new Date())));
      await context.addInitScript((key) => {
        if (localStorage.getItem(key) === null) localStorage.setItem(key, String(Date.now()));
      }, STORAGE_KEYS.installPromptDismissedAt);
      // The page's clock is driven by the test, so the prompt's 10 s pass when the test says.
      await context.clock.install();
    }
    const notification = (page: Page) => page.getByRole('dialog', { name: 'Turn on notifications' });
    /** Past the prompt's 10 s, with the real time its code would need to arrive were it due, and its card to slide in. */
    async function pastDue(page: Page): Promise<void> {
      await page.clock.runFor(11_000);
      await page.waitForTimeout(1500);
      await page.clock.runFor(1000);
    }

    it('waits while the sign-up dialog is open, and shows once it is closed', async () => {
      await inContext(
        { viewport: DESKTOP },
        async (context) => {
          await onlyNotificationsToAsk(context);
          const page = await open(context, '/');
          await page.getByRole('banner').getByRole('button', { name: 'Sign Up' }).click();
          await page.clock.runFor(500);
          const signUp = page.locator('[aria-modal="true"]');
          await signUp.getByRole('button', { name: 'Close', exact: true }).waitFor();
          // Due at 10 s, while the dialog is open: it waits.
          await pastDue(page);
          expect(await notification(page).count()).toBe(0);
          await shot(page, 'prompts-notification-waits-signup-1280');

          await signUp.getByRole('button', { name: 'Close', exact: true }).click();
          await page.clock.runFor(1000);
          await notification(page).waitFor();
        },
        prompts,
      );
    });

    it('waits while a form field is being filled in, and shows once it is left', async () => {
      await inContext(
        { viewport: DESKTOP },
        async (context) => {
          await onlyNotificationsToAsk(context);
          const page = await open(context, '/');
          await page.getByRole('banner').waitFor();
          await page.locator('main input:not([type="hidden"])').first().focus();
          await pastDue(page);
          expect(await notification(page).count()).toBe(0);

          await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
          await page.clock.runFor(1000);
          await notification(page).waitFor();
        },
        prompts,
      );
    });

    it('does not open over the listing wizard, whose Next button stays free, and shows once it is closed', async () => {
      const seller = await sellerApi(app.server.url).signup('Farai Chikore');
      await inContext(
        { viewport: DESKTOP },
        async (context) => {
          await onlyNotificationsToAsk(context);
          await signedIn(context, seller);
          const page = await open(context, '/sell');
          await page.clock.runFor(500);
          const wizard = page.getByRole('dialog', { name: 'Create Listing' });
          await wizard.waitFor();
          await pastDue(page);
          expect(await notification(page).count()).toBe(0);
          await wizard.getByRole('button', { name: 'Next', exact: true }).click({ trial: true });
          await shot(page, 'prompts-notification-waits-wizard-1280');

          await wizard.getByRole('button', { name: 'Close the listing wizard' }).click();
          await page.waitForURL(/\/dashboard$/);
          await page.clock.runFor(1000);
          await notification(page).waitFor();
        },
        prompts,
      );
    });
  });

  describe('install prompt', () => {
    it('never joins the notification prompt on screen: due while it is open, it waits until it closes', async () => {
      await inContext(
        IPHONE,
        async (context) => {
          // The page's clock is driven by the test, so the 1 s, 3 s and 10 s delays meet as they would.
          await context.clock.install();
          const page = await open(context, '/');
          await page.getByRole('banner').waitFor();
          await page.clock.runFor(1500);
          await banner(page).waitFor();
          // Answered at about 8.5 s: the install prompt is due 3 s later, after the notification prompt's 10 s.
          await page.clock.runFor(7000);
          await page.getByRole('dialog', { name: 'Cookies on Motokari' }).getByRole('button', { name: 'Reject All' }).click();
          await page.clock.runFor(2500);
          const notification = page.getByRole('dialog', { name: 'Turn on notifications' });
          await notification.waitFor();
          await page.clock.runFor(5000);
          expect(await install(page).count()).toBe(0);

          await notification.getByRole('button', { name: 'Not now' }).click();
          await page.clock.runFor(1000);
          await install(page).waitFor();
          expect(await notification.count()).toBe(0);
        },
        prompts,
      );
    });

    it('on an iPhone shows the manual steps 3 s after start, and a dismissal keeps it away for 7 days', async () => {
      await inContext(
        { ...IPHONE, bypassCSP: true },
        async (context) => {
          await withSavedConsent(context, JSON.stringify(acceptAll(new Date())));
          await context.addInitScript(watchPrompts);
          const page = await open(context, '/');
          const prompt = install(page);
          await prompt.waitFor({ timeout: 10_000 });
          const m = await marks(page);
          expect(m.install! - m.shell!).toBeGreaterThanOrEqual(2900);
          for (const text of ['Share', 'Add to Home Screen', 'Add']) await prompt.getByText(text, { exact: true }).waitFor();
          expect(await prompt.getByRole('button', { name: 'Install' }).count()).toBe(0);
          expect(await axeViolations(page, '[data-install-prompt]')).toEqual([]);
          await shot(page, 'prompts-install-ios-360');

          await prompt.getByRole('button', { name: 'Not now' }).click();
          await prompt.waitFor({ state: 'detached' });
          expect(Date.now() - (await dismissedAt(page))!).toBeLessThan(60_000);

          await page.reload();
          await page.getByRole('banner').waitFor();
          await page.waitForTimeout(4000);
          expect(await install(page).count()).toBe(0);

          // Eight days later it is offered again.
          await page.evaluate(({ key, at }) => localStorage.setItem(key, String(at)), { key: STORAGE_KEYS.installPromptDismissedAt, at: Date.now() - 8 * DAY });
          await page.reload();
          await install(page).waitFor({ timeout: 10_000 });
        },
        prompts,
      );
    });

    it('waits for the cookie banner to be answered instead of stacking on it', async () => {
      await inContext(
        IPHONE,
        async (context) => {
          const page = await open(context, '/');
          await page.getByRole('dialog', { name: 'Cookies on Motokari' }).waitFor();
          await page.waitForTimeout(3500);
          expect(await install(page).count()).toBe(0);
          await page.getByRole('button', { name: 'Reject All' }).click();
          await install(page).waitFor({ timeout: 10_000 });
        },
        prompts,
      );
    });

    it("elsewhere offers Install once the browser's install prompt is available, and Install opens it", async () => {
      await inContext(
        { viewport: DESKTOP },
        async (context) => {
          await withSavedConsent(context, JSON.stringify(acceptAll(new Date())));
          const page = await open(context, '/');
          await page.getByRole('banner').waitFor();
          // Headless Chromium offers no install itself: without the event there is nothing to offer.
          await page.waitForTimeout(3500);
          expect(await install(page).count()).toBe(0);

          const prevented = await page.evaluate(() => {
            const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & { prompt(): Promise<void>; userChoice: Promise<unknown> };
            event.prompt = () => {
              (window as unknown as { __prompted: boolean }).__prompted = true;
              return Promise.resolve();
            };
            event.userChoice = Promise.resolve({ outcome: 'accepted', platform: 'web' });
            window.dispatchEvent(event);
            return event.defaultPrevented;
          });
          // The browser's own mini-infobar is held back for the app's prompt.
          expect(prevented).toBe(true);
          const prompt = install(page);
          await prompt.waitFor();
          await shot(page, 'prompts-install-browser-1280');
          await prompt.getByRole('button', { name: 'Install' }).click();
          await prompt.waitFor({ state: 'detached' });
          expect(await page.evaluate(() => (window as unknown as { __prompted?: boolean }).__prompted)).toBe(true);
          // Accepted, not dismissed: nothing to remember.
          expect(await dismissedAt(page)).toBeNull();
        },
        prompts,
      );
    });

    it('never shows when the app already runs standalone', async () => {
      await inContext(
        IPHONE,
        async (context) => {
          await withSavedConsent(context, JSON.stringify(acceptAll(new Date())));
          // Chromium cannot emulate display-mode: the page is told it runs standalone, both ways a browser says so.
          await context.addInitScript(() => {
            if (sessionStorage.getItem('as') === 'ios') {
              Object.defineProperty(navigator, 'standalone', { value: true });
              return;
            }
            const real = window.matchMedia.bind(window);
            window.matchMedia = (query: string) => (query.includes('display-mode: standalone') ? ({ ...real(query), matches: true, media: query } as MediaQueryList) : real(query));
          });
          const page = await open(context, '/');
          await page.getByRole('banner').waitFor();
          await page.waitForTimeout(4000);
          expect(await install(page).count()).toBe(0);

          await page.evaluate(() => sessionStorage.setItem('as', 'ios'));
          await page.reload();
          await page.getByRole('banner').waitFor();
          await page.waitForTimeout(4000);
          expect(await install(page).count()).toBe(0);
        },
        prompts,
      );
    });
  });

  describe('the installable app', () => {
    it('serves the manifest with its name, icons, shortcuts and start URL, and every icon it names', async () => {
      const res = await fetch(`${app.server.url}/manifest.webmanifest`);
      expect(res.status).toBe(200);
      const manifest = (await res.json()) as {
        name: string;
        short_name: string;
        id: string;
        start_url: string;
        display: string;
        theme_color: string;
        icons: Array<{ src: string; sizes: string; purpose?: string }>;
        shortcuts: Array<{ short_name: string; url: string; icons: Array<{ src: string; sizes: string }> }>;
      };
      expect(manifest).toMatchObject({ short_name: 'Motokari', id: '/', start_url: '/', display: 'standalone', theme_color: '#0b6e4f' });
      expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
      expect(manifest.shortcuts.map((s) => [s.short_name, s.url])).toEqual([
        ['Search', '/cars'],
        ['Sell', '/dashboard'],
      ]);
      const icons = [...manifest.icons, ...manifest.shortcuts.flatMap((s) => s.icons), { src: '/icons/apple-touch-icon.png', sizes: '180x180' }];
      for (const icon of icons) {
        const r = await fetch(app.server.url + icon.src);
        expect(r.status, icon.src).toBe(200);
        expect(r.headers.get('content-type'), icon.src).toBe('image/png');
        const meta = await sharp(Buffer.from(await r.arrayBuffer())).metadata();
        expect(`${meta.width}x${meta.height}`, icon.src).toBe(icon.sizes);
      }
      const html = await (await fetch(`${app.server.url}/`)).text();
      expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
      expect(html).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />');
    });

    it('Chromium finds no installability error on the home page', async () => {
      // A launched browser's contexts are incognito, which is never installable: a profile on disk is not.
      const profile = mkdtempSync(path.join(tmpdir(), 'motokari-profile-'));
      const context = await chromium.launchPersistentContext(profile, {
        executablePath: CHROMIUM,
        headless: true,
        args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      });
      try {
        const page = await context.newPage();
        await page.goto(app.server.url + '/', { waitUntil: 'load' });
        await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
        const cdp = await context.newCDPSession(page);
        const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: Array<{ errorId: string }> };
        expect(installabilityErrors.map((e) => e.errorId)).toEqual([]);
        const { url, errors } = (await cdp.send('Page.getAppManifest')) as { url: string; errors: Array<{ message: string }> };
        expect(url).toBe(`${app.server.url}/manifest.webmanifest`);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
        rmSync(profile, { recursive: true, force: true });
      }
    });
  });
});
