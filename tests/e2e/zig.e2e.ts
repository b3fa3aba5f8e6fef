import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Vehicle } from '@/domain/listing/vehicle';
import { zigRateLine, zigText, ZIG_TEXTS } from '@/domain/payments/zig';
import { hasChromium, SCREENSHOTS } from './browser';
import { appInBrowser, requireChromiumInCi, signedIn } from './appInBrowser';
import { deviceHolds } from './deviceDb';

requireChromiumInCi();

// Prices also in ZiG (issue 39): an administrator sets the rate on the admin screen; a buyer chooses
// to see ZiG, and every price they see says about what it is in ZiG, offline too at the last rate.

const ADMIN = { email: 'admin@motokari.test', password: 'admin-password-1' };

describe.skipIf(!hasChromium)('prices also in ZiG in Chromium', () => {
  const app = appInBrowser({ admin: ADMIN });
  const { inContext, open } = app;

  it('an administrator sets the rate; a buyer turns ZiG on and sees it beside prices, offline too', async () => {
    const login = await fetch(`${app.server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
    const admin = (await login.json()) as { access_token: string; user: unknown };
    await inContext({ viewport: { width: 1280, height: 900 } }, async (context) => {
      await signedIn(context, { token: admin.access_token, user: admin.user });
      const page = await open(context, '/admin', ZIG_TEXTS.adminTitle);
      await page.getByText(ZIG_TEXTS.noRate).waitFor();
      await page.getByLabel(ZIG_TEXTS.adminLabel).fill('0');
      await page.getByRole('button', { name: ZIG_TEXTS.adminSave }).click();
      await page.getByText(ZIG_TEXTS.rateInvalid).waitFor();
      await page.getByLabel(ZIG_TEXTS.adminLabel).fill('26.8');
      await page.getByRole('button', { name: ZIG_TEXTS.adminSave }).click();
      await page.getByText(ZIG_TEXTS.adminSaved).waitFor();
      await page.locator('[data-zig-current]').getByText('US$1 = ZiG 26.8', { exact: false }).waitFor();
      await page.locator('#zig-rate-heading').scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SCREENSHOTS, 'zig-admin-1280.png') });
    });
    const rate = ((await (await fetch(`${app.server.url}/api/config`)).json()) as { zig_rate: { rate: number; set_at: string } }).zig_rate;
    expect(rate.rate).toBe(26.8);
    const [newest] = (await (await fetch(`${app.server.url}/api/vehicles?vehicle_type=car&sort=newest&limit=1`)).json()) as Vehicle[];
    const about = zigText(newest!.price, 26.8)!;

    for (const [width, height] of [
      [360, 780],
      [1280, 900],
    ] as const) {
      await inContext({ viewport: { width, height } }, async (context) => {
        const page = await open(context, '/');
        const toggle = page.locator('[data-zig-switch]:visible').first();
        await toggle.waitFor({ timeout: 30_000 });
        // Off until the buyer chooses it.
        await expect(page.locator('[data-zig-price]').count()).resolves.toBe(0);
        await page.getByLabel(ZIG_TEXTS.show).first().check({ force: true });
        await page.getByText(zigRateLine(rate), { exact: false }).first().waitFor();
        const first = page.locator('a[href^="/car/"]:visible').first();
        await expect.poll(() => first.getAttribute('href'), { timeout: 30_000 }).toBe(`/car/${newest!.id}`);
        await first.getByText(about).waitFor();
        await page.screenshot({ path: path.join(SCREENSHOTS, `zig-home-${width}.png`) });
        await first.click();
        await page.waitForURL(`**/car/${newest!.id}`);
        await page.getByText(about).first().waitFor({ timeout: 20_000 });

        if (width === 360) {
          // The choice and the last rate are kept on the device: offline, the listing still says it.
          // Once the service worker holds the app and the device holds the listing.
          await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 90_000 });
          await expect.poll(() => deviceHolds(page, newest!.id), { timeout: 60_000 }).toBe(true);
          await context.setOffline(true);
          await page.reload();
          await page.getByText(about).first().waitFor({ timeout: 30_000 });
          await page.screenshot({ path: path.join(SCREENSHOTS, 'zig-listing-offline-360.png') });
          await context.setOffline(false);
        }
      });
    }
  });
});
