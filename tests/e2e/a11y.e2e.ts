import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import type { Vehicle } from '@/domain/listing/vehicle';
import { STORAGE_KEYS } from '@/domain/core/constants';
import { rejectAll } from '@/domain/account/consent';
import { hasChromium } from './browser';
import { appInBrowser, requireChromiumInCi } from './appInBrowser';

requireChromiumInCi();

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const NODES_SHOWN = 4;
const VIEWPORTS = [
  { name: '360 px', viewport: { width: 360, height: 780 } },
  { name: '1280 px', viewport: { width: 1280, height: 900 } },
];

/** What a route needs from the sample data to be written down (a listing's id, a dealer's id). */
interface Samples {
  carId: string;
  dealerId: string;
}

interface Screen {
  name: string;
  path: (s: Samples) => string;
  /** Runs before axe, once the page's h1 shows: e.g. open a dialog or sign in. */
  prepare?: (page: Page) => Promise<unknown>;
  /** The viewport widths the screen exists at, when not all of them. */
  widths?: number[];
}

/**
 * Every public screen of the app (src/app/App.tsx). A new screen is one more line; `prepare` takes
 * a screen to the state to check (a dialog open, a session).
 */
const SCREENS: Screen[] = [
  { name: 'home', path: () => '/' },
  { name: 'cars', path: () => '/cars' },
  { name: 'construction', path: () => '/construction' },
  { name: 'farming', path: () => '/farming' },
  { name: 'featured', path: () => '/featured' },
  { name: 'dealers', path: () => '/dealers' },
  { name: 'dealer inventory', path: (s) => `/dealer/${s.dealerId}/inventory` },
  { name: 'vehicle detail', path: (s) => `/car/${s.carId}` },
  { name: 'advertising prices', path: () => '/advertising-prices' },
  { name: 'about', path: () => '/about' },
  { name: 'buying guide', path: () => '/buying-guide' },
  { name: 'selling guide', path: () => '/selling-guide' },
  { name: 'faq', path: () => '/faq' },
  { name: 'terms', path: () => '/terms-and-conditions' },
  { name: 'privacy', path: () => '/privacy-policy' },
  { name: 'cookie policy', path: () => '/cookie-policy' },
  { name: 'not found', path: () => '/no-such-page' },
  { name: 'data on this device', path: () => '/data' },
  { name: 'saved', path: () => '/saved' },
  { name: 'compare', path: () => '/compare' },
  { name: 'dashboard signed out', path: () => '/dashboard' },
  { name: 'mobile menu', path: () => '/', widths: [360], prepare: openMobileMenu },
  {
    name: 'sign-in dialog',
    path: () => '/',
    prepare: async (page) => {
      // On a phone the Sign In button is in the menu.
      const menu = await openMobileMenu(page);
      await (menu ?? page.getByRole('banner')).getByRole('button', { name: 'Sign In' }).click();
      await page
        .getByRole('dialog', { name: /Welcome/ })
        .getByRole('form', { name: 'Sign In' })
        .waitFor();
    },
  },
];

/** Opens the phone's menu when the page has one; answers its dialog (null on a wide screen). */
async function openMobileMenu(page: Page): Promise<Locator | null> {
  const burger = page.getByRole('button', { name: 'Toggle navigation' });
  if (!(await burger.isVisible())) return null;
  await burger.click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await menu.waitFor();
  return menu;
}

/**
 * The device of a visitor who has answered the cookie banner and put off the install prompt, so
 * each screen is checked as it is, without a prompt arriving part way (the prompts are screens of their own).
 */
async function asReturningVisitor(context: BrowserContext): Promise<void> {
  const saved = {
    [STORAGE_KEYS.cookieConsent]: JSON.stringify(rejectAll(new Date())),
    [STORAGE_KEYS.installPromptDismissedAt]: String(Date.now()),
    [STORAGE_KEYS.notificationPromptDismissedAt]: String(Date.now()),
  };
  await context.addInitScript((entries: Record<string, string>) => {
    for (const [key, value] of Object.entries(entries)) if (localStorage.getItem(key) === null) localStorage.setItem(key, value);
  }, saved);
}

interface AxeViolation {
  id: string;
  impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  help: string;
  nodes: Array<{ target: unknown[]; failureSummary?: string }>;
}

/** Waits until the screen has settled: its h1 shows, nothing is loading, transitions are over. */
async function settle(page: Page): Promise<void> {
  // A screen may lay out its title differently per width (one h1 hidden at each): the visible one.
  await page.getByRole('heading', { level: 1 }).filter({ visible: true }).first().waitFor({ timeout: 30_000 });
  await page.waitForFunction(() => !document.querySelector('.mantine-Skeleton-root, .mantine-Loader-root'), undefined, { timeout: 30_000 });
  // Mantine's transitions (modals, fades) run up to about 300 ms: colours are measured after them.
  await page.waitForTimeout(400);
}

async function serious(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: () => Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run()).violations;
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

function describeViolations(violations: AxeViolation[]): string {
  return violations
    .map((v) => {
      // The same fault usually repeats on every card of a list: the first few nodes say where.
      const nodes = v.nodes.slice(0, NODES_SHOWN).map((n) => `    ${n.target.map(String).join(' ')}${n.failureSummary ? `\n      ${n.failureSummary.replace(/\n/g, '\n      ')}` : ''}`);
      const more = v.nodes.length > NODES_SHOWN ? `\n    ...and ${v.nodes.length - NODES_SHOWN} more` : '';
      return `  ${v.id} (${v.impact}): ${v.help}\n${nodes.join('\n')}${more}`;
    })
    .join('\n');
}

describe.skipIf(!hasChromium)('accessibility (axe-core) in Chromium', () => {
  const app = appInBrowser();
  const { open } = app;
  let samples: Samples;

  beforeAll(async () => {
    const cars = (await (await fetch(`${app.server.url}/api/vehicles?vehicle_type=car&limit=100`)).json()) as Vehicle[];
    const dealerCar = cars.find((v) => v.seller_type === 'dealer');
    if (!cars[0] || !dealerCar) throw new Error('The sample data has no car, or no dealer');
    samples = { carId: cars[0].id, dealerId: dealerCar.seller_id };
  });

  for (const { name: width, viewport } of VIEWPORTS) {
    describe(`at ${width}`, () => {
      // One context per width: the device's mirror of the listings syncs once, as it does for a visitor.
      let context: BrowserContext;
      beforeAll(async () => {
        // The app's CSP allows no inline script; bypassing it is what lets axe be injected.
        context = await app.browser.newContext({ viewport, bypassCSP: true });
        await asReturningVisitor(context);
      });
      afterAll(async () => {
        await context?.close();
      });

      for (const screen of SCREENS.filter((sc) => !sc.widths || sc.widths.includes(viewport.width))) {
        it(`${screen.name} has no serious or critical violation`, async () => {
          const route = screen.path(samples);
          const page = await open(context, route);
          try {
            await settle(page);
            if (screen.prepare) {
              await screen.prepare(page);
              await page.waitForTimeout(400);
            }
            const violations = await serious(page);
            expect(violations.length, `\n${screen.name} (${route}) at ${width}:\n${describeViolations(violations)}\n`).toBe(0);
          } finally {
            await page.close();
          }
        });
      }
    });
  }
});
