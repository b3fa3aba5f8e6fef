import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { STORAGE_KEYS } from '@/domain/core/constants';
import { rejectAll } from '@/domain/account/consent';
import type { Vehicle } from '@/domain/listing/vehicle';
import { pushSubscriptions } from '@/server/db/schema';
import { appInBrowser, requireChromiumInCi } from './appInBrowser';
import { registrationIdOf } from './serviceWorkerCdp';
import { hasChromium, SCREENSHOTS } from './browser';

// Push notifications in Chromium. Chromium cannot reach a real push service here, so: the prompt of
// spec section 4 is checked up to pushManager.subscribe (which fails without the internet, and the
// prompt must say so); the service worker's half is proven by delivering a push message through the
// DevTools protocol, as the push service would, and tapping the notification. The server's half (VAPID,
// encryption, delivery to a local push service) is tested in tests/server/push.test.ts.

requireChromiumInCi();

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 360, height: 780 };

interface Account {
  token: string;
  user: { id: string; name: string };
}

describe.skipIf(!hasChromium)('push notifications and saved searches in Chromium', () => {
  const app = appInBrowser();

  async function account(name: string): Promise<Account> {
    const res = await fetch(`${app.server.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name, email: `push-${randomUUID()}@example.co.zw`, phone: '0772000111', location: 'Harare', password: 'kombi-123', user_type: 'private' }),
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { access_token: string; user: Account['user'] };
    return { token: body.access_token, user: body.user };
  }

  /**
   * A context whose pages start with the cookie banner answered and the install prompt dismissed (so
   * neither holds the notification prompt back), the notification prompt not dismissed, and, when
   * given, a session.
   */
  async function withPromptDue(options: { viewport: { width: number; height: number }; session?: Account; noNotifications?: boolean }, body: (c: BrowserContext) => Promise<void>) {
    await app.inContext(
      { viewport: options.viewport },
      async (context) => {
        await context.addInitScript(
          ({ keys, consent, session, noNotifications }) => {
            if (localStorage.getItem(keys.cookieConsent) === null) localStorage.setItem(keys.cookieConsent, consent);
            localStorage.setItem(keys.installPromptDismissedAt, String(Date.now()));
            if (session && localStorage.getItem(keys.authToken) === null) {
              localStorage.setItem(keys.authToken, session.token);
              localStorage.setItem(keys.userData, JSON.stringify(session.user));
            }
            // A browser without the Notifications API (iOS Safari outside the home screen, for one).
            if (noNotifications) delete (window as { Notification?: unknown }).Notification;
          },
          { keys: STORAGE_KEYS, consent: JSON.stringify(rejectAll(new Date())), session: options.session ?? null, noNotifications: !!options.noNotifications },
        );
        await body(context);
      },
      { prompts: true },
    );
  }

  const prompt = (page: Page) => page.getByRole('dialog', { name: 'Turn on notifications' });

  async function shot(page: Page, name: string, target?: Locator) {
    await page.waitForTimeout(400); // the card's and the modal's transitions
    await (target ?? page).screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
  }

  async function storedSubscriptions(userId: string): Promise<number> {
    return (await app.server.app.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))).length;
  }

  it('the prompt shows 10 s after load; Turn on asks for permission and subscribes, and says so when the push service is out of reach', async () => {
    const me = await account('Prompt Person');
    await withPromptDue({ viewport: DESKTOP, session: me }, async (context) => {
      const page = await app.open(context, '/cars', 'cars found');
      const loadedAt = Date.now();
      await page.waitForTimeout(5000);
      expect(await prompt(page).count()).toBe(0);
      await prompt(page).waitFor({ timeout: 20_000 });
      expect(Date.now() - loadedAt).toBeGreaterThanOrEqual(5000);
      await prompt(page).getByText('Hear when your listing goes live').waitFor();
      expect(await page.evaluate(() => Notification.permission)).toBe('default');
      await shot(page, 'push-prompt-1280');

      // The user allows notifications in the browser's own dialog.
      await context.grantPermissions(['notifications'], { origin: app.server.url });
      await prompt(page).getByRole('button', { name: 'Turn on' }).click();
      // pushManager.subscribe needs the browser's push service, which is on the internet: here it fails,
      // and the prompt says so instead of pretending.
      await prompt(page).getByText('Notifications are allowed, but this device could not register for updates right now.').waitFor({ timeout: 60_000 });
      expect(await storedSubscriptions(me.user.id)).toBe(0);
      await shot(page, 'push-prompt-failed-card', prompt(page));
      await prompt(page).getByRole('button', { name: 'Close', exact: true }).first().click();
      await prompt(page).waitFor({ state: 'detached' });
    });
  });

  it('Not now closes it for 14 days; a phone without notification support gets the alert', async () => {
    await withPromptDue({ viewport: PHONE }, async (context) => {
      const page = await app.open(context, '/', 'Start Your Search');
      await prompt(page).waitFor({ timeout: 20_000 });
      await shot(page, 'push-prompt-360');
      await prompt(page).getByRole('button', { name: 'Not now' }).click();
      await prompt(page).waitFor({ state: 'detached' });
      const dismissed = Number(await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEYS.notificationPromptDismissedAt));
      expect(Math.abs(dismissed - Date.now())).toBeLessThan(60_000);
      await page.reload();
      await page.waitForTimeout(12_000);
      expect(await prompt(page).count()).toBe(0);
    });

    await withPromptDue({ viewport: PHONE, noNotifications: true }, async (context) => {
      const page = await app.open(context, '/', 'Start Your Search');
      await prompt(page).waitFor({ timeout: 20_000 });
      const alert = new Promise<string>((resolve) => {
        page.once('dialog', (d) => {
          resolve(d.message());
          void d.accept();
        });
      });
      await prompt(page).getByRole('button', { name: 'Turn on' }).click();
      expect(await alert).toBe('This browser does not support notifications');
      await prompt(page).waitFor({ state: 'detached' });
    });
  });

  it('the service worker shows a pushed notification, and a tap opens the listing it names', async () => {
    const [listing] = (await (await fetch(`${app.server.url}/api/vehicles?vehicle_type=car&limit=1`)).json()) as Vehicle[];
    await app.inContext({ viewport: DESKTOP }, async (context) => {
      await context.grantPermissions(['notifications'], { origin: app.server.url });
      const page = await app.open(context, '/about', 'About');
      await page.waitForFunction(async () => !!(await navigator.serviceWorker.ready).active && !!navigator.serviceWorker.controller);
      const cdp = await context.newCDPSession(page);
      const registrationId = await registrationIdOf(cdp, app.server.url);

      const payload = {
        title: 'Your listing is live',
        body: `${listing!.year} ${listing!.make} ${listing!.model} is now visible to buyers.`,
        url: `/car/${listing!.id}`,
        tag: `listing-${listing!.id}`,
      };
      await cdp.send('ServiceWorker.deliverPushMessage', { origin: app.server.url, registrationId, data: JSON.stringify(payload) });
      const shown = () =>
        page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, icon: n.icon, data: n.data as unknown })));
      await expect.poll(shown, { timeout: 10_000 }).toEqual([{ title: payload.title, body: payload.body, tag: payload.tag, icon: `${app.server.url}/icons/icon-192.png`, data: { url: payload.url } }]);

      // A payload that names another site opens the home page instead.
      await cdp.send('ServiceWorker.deliverPushMessage', { origin: app.server.url, registrationId, data: JSON.stringify({ title: 'Elsewhere', body: '', url: 'https://example.com/' }) });
      await expect.poll(async () => (await shown()).find((n) => n.title === 'Elsewhere')?.data, { timeout: 10_000 }).toEqual({ url: '/' });

      // The tap, as the browser would dispatch it: the open window goes to the listing.
      const [worker] = context.serviceWorkers();
      await worker!.evaluate(async (tag) => {
        const sw = self as unknown as ServiceWorkerGlobalScope;
        const [n] = await sw.registration.getNotifications({ tag });
        sw.dispatchEvent(new NotificationEvent('notificationclick', { notification: n! }));
      }, payload.tag);
      await page.waitForURL(`${app.server.url}/car/${listing!.id}`, { timeout: 15_000 });
      await page
        .getByRole('heading', { name: new RegExp(`${listing!.make} ${listing!.model}`) })
        .first()
        .waitFor();
      expect((await shown()).map((n) => n.title)).toEqual(['Elsewhere']);
    });
  });

  it("shows no notification for a message of the conversation open in front of the person, and shows another conversation's", async () => {
    await app.inContext({ viewport: DESKTOP }, async (context) => {
      await context.grantPermissions(['notifications'], { origin: app.server.url });
      const open = '/messages/7b0e4c1e-2a51-4d7a-9a43-3f0f3a7e5a11';
      const other = '/messages/0f8d1a52-1c1e-4a53-8c5e-2d9b7f0c6e22';
      const page = await app.open(context, open);
      await page.waitForFunction(async () => !!(await navigator.serviceWorker.ready).active && !!navigator.serviceWorker.controller);
      await page.bringToFront();
      const cdp = await context.newCDPSession(page);
      const registrationId = await registrationIdOf(cdp, app.server.url);
      const shown = () => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => n.tag));
      const deliver = (url: string, tag: string) =>
        cdp.send('ServiceWorker.deliverPushMessage', { origin: app.server.url, registrationId, data: JSON.stringify({ title: 'Rudo Buyer', body: 'Toyota Hilux\nIs it still available?', url, tag }) });
      await deliver(open, 'conversation:open');
      await deliver(other, 'conversation:other');
      // Pushes are handled in order: once the second shows, the first was dealt with.
      await expect.poll(shown, { timeout: 10_000 }).toEqual(['conversation:other']);
    });
  });

  it('saves a search from the results screen, lists it under Saved searches, opens it, turns its alerts off and deletes it', async () => {
    const me = await account('Search Saver');
    const toyotas = await app.apiCount({ vehicle_type: 'car', make: 'Toyota' });
    expect(toyotas).toBeGreaterThan(0);
    for (const viewport of [DESKTOP, PHONE]) {
      await app.inContext({ viewport }, async (context) => {
        await context.addInitScript(
          ({ keys, session }) => {
            if (localStorage.getItem(keys.authToken) === null) {
              localStorage.setItem(keys.authToken, session.token);
              localStorage.setItem(keys.userData, JSON.stringify(session.user));
            }
          },
          { keys: STORAGE_KEYS, session: me },
        );
        const wide = viewport === DESKTOP;
        const page = await app.open(context, '/cars?make=Toyota', `${toyotas} cars found`);
        await page.getByRole('button', { name: 'Save this search' }).click();
        const dialog = page.getByRole('dialog', { name: 'Save this search' });
        const name = dialog.getByLabel('Name');
        expect(await name.inputValue()).toBe('Toyota');
        await name.fill(wide ? 'Toyotas near me' : 'Toyotas on my phone');
        if (wide) await shot(page, 'save-search-dialog-1280');
        await dialog.getByRole('button', { name: 'Save search' }).click();
        if (!wide) {
          // The same search again: the server says it is saved already.
          await dialog.getByText('You have already saved this search').waitFor();
          await shot(page, 'save-search-duplicate-360');
          await dialog.getByRole('button', { name: 'Cancel' }).click();
          await page.goto(`${app.server.url}/saved-searches`);
        } else {
          const done = page.getByRole('dialog', { name: 'Search saved' });
          await done.getByText('Find it again under Saved searches').waitFor();
          await done.getByRole('link', { name: 'Saved searches' }).click();
        }
        await page.waitForURL(`${app.server.url}/saved-searches`);
        const card = page.getByRole('article', { name: 'Toyotas near me' });
        await card.waitFor();
        await card.getByText('Toyota', { exact: true }).waitFor();
        await shot(page, `saved-searches-${viewport.width}`);

        if (wide) {
          // The account menu leads here too.
          await page.getByRole('banner').getByRole('button', { name: 'Account' }).click();
          await page.getByRole('menuitem', { name: 'Saved searches' }).waitFor();
          await page.keyboard.press('Escape');

          const alerts = card.getByRole('switch', { name: 'Notify me about new matches' });
          expect(await alerts.isChecked()).toBe(true);
          await alerts.click({ force: true });
          await expect
            .poll(async () => ((await (await fetch(`${app.server.url}/api/saved-searches`, { headers: { authorization: `Bearer ${me.token}` } })).json()) as { notify: boolean }[])[0]?.notify)
            .toBe(false);

          await card.getByRole('link', { name: 'Open search' }).click();
          await page.waitForURL(/\/cars\?make=Toyota$/);
          await page.getByText(`${toyotas} cars found`).waitFor();
        } else {
          await card.getByRole('button', { name: 'Delete Toyotas near me' }).click();
          await card.waitFor({ state: 'detached' });
          await page.getByText('No saved searches yet').waitFor();
          await shot(page, 'saved-searches-empty-360');
        }
      });
    }
  });

  it('signed out, /saved-searches asks to sign in and the results screen offers no saving', async () => {
    await app.inContext({ viewport: PHONE }, async (context) => {
      const page = await app.open(context, '/saved-searches', 'Sign In Required');
      await page.getByText('Sign in to see your saved searches').waitFor();
      await page.goto(`${app.server.url}/cars`);
      await page.getByText(/cars found/).waitFor();
      expect(await page.getByRole('button', { name: 'Save this search' }).count()).toBe(0);
    });
  });
});
