import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { hasChromium, launchBrowser, startAppServer, type AppServer, type AppServerOptions } from './browser';
import { STORAGE_KEYS } from '@/domain/core/constants';
import { rejectAll } from '@/domain/account/consent';

// What every end-to-end file needs: the real server with the built app and sample data, and Chromium.
/** CI sets REQUIRE_E2E so a missing browser fails the run instead of skipping the end-to-end tests. */
export function requireChromiumInCi(): void {
  if (process.env.REQUIRE_E2E && !hasChromium) throw new Error('Chromium is required for the end-to-end tests (apt-get install -y chromium)');
}

export interface AppInBrowser {
  readonly server: AppServer;
  readonly browser: Browser;
  /**
   * Runs a test body in a fresh browser context, closed whatever happens. The context starts with the
   * cookie banner answered (necessary only) and the install and notification prompts just dismissed, so
   * spec section 4's prompts do not cover the screens a test drives; `{ prompts: true }` starts with neither.
   */
  inContext(options: Parameters<Browser['newContext']>[0], body: (context: BrowserContext) => Promise<void>, how?: { prompts?: boolean }): Promise<void>;
  /** A new page of the context at `route`; when `text` is given, once it shows. */
  open(context: BrowserContext, route: string, text?: string | RegExp): Promise<Page>;
  /** How many listings `GET /api/vehicles` finds for a query (its X-Total-Count): what the app must agree with. */
  apiCount(query: Record<string, string>): Promise<number>;
}

/** Runs in the page before the app: the prompts' answers, unless the test changed them itself. */
function answerPrompts({ consent, keys }: { consent: string; keys: typeof STORAGE_KEYS }): void {
  try {
    if (localStorage.getItem(keys.cookieConsent) === null) localStorage.setItem(keys.cookieConsent, consent);
    if (localStorage.getItem(keys.installPromptDismissedAt) === null) localStorage.setItem(keys.installPromptDismissedAt, String(Date.now()));
    if (localStorage.getItem(keys.notificationPromptDismissedAt) === null) localStorage.setItem(keys.notificationPromptDismissedAt, String(Date.now()));
  } catch {
    // about:blank and other opaque origins have no storage, and no app to prompt.
  }
}

/**
 * An account's saved session in the context before the app starts, as after signing in on an earlier
 * visit (the keys src/app/shared/session/session.ts reads). Set on the first page only: a later sign-out or
 * sign-in by the app is not undone by the next navigation.
 */
export async function signedIn(context: BrowserContext, session: { token: string; user: unknown }): Promise<void> {
  await context.addInitScript(
    ({ token, user, keys }) => {
      if (localStorage.getItem(keys.authToken) !== null) return;
      localStorage.setItem(keys.authToken, token);
      localStorage.setItem(keys.userData, user);
    },
    { token: session.token, user: JSON.stringify(session.user), keys: STORAGE_KEYS },
  );
}

/**
 * The app's server and Chromium, started before the enclosing describe block's tests and stopped after;
 * `browserArgs`: switches for that Chromium.
 */
export function appInBrowser(options: AppServerOptions & { browserArgs?: string[] } = {}): AppInBrowser {
  let server: AppServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startAppServer(options);
    browser = await launchBrowser(options.browserArgs);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  const t: AppInBrowser = {
    get server() {
      return server!;
    },
    get browser() {
      return browser!;
    },
    async inContext(options, body, how = {}) {
      const context = await t.browser.newContext(options);
      if (!how.prompts) await context.addInitScript(answerPrompts, { consent: JSON.stringify(rejectAll(new Date())), keys: STORAGE_KEYS });
      try {
        await body(context);
      } finally {
        await context.close();
      }
    },
    async open(context, route, text) {
      const page = await context.newPage();
      await page.goto(t.server.url + route);
      if (text !== undefined) await page.getByText(text).first().waitFor({ timeout: 20_000 });
      return page;
    },
    async apiCount(query) {
      const res = await fetch(`${t.server.url}/api/vehicles?${new URLSearchParams({ ...query, limit: '1' })}`);
      return Number(res.headers.get('x-total-count'));
    },
  };
  return t;
}
