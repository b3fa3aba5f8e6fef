import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { User } from '@/domain/account/user';
import { listingBody } from '../support/listingBody';
import { hasChromium } from './browser';
import { appInBrowser, requireChromiumInCi, signedIn } from './appInBrowser';
import { sellerApi } from './sellers';

requireChromiumInCi();

// Verified phones (issue 37): a seller verifies their phone from the dashboard with the code the SMS
// carried (read from DATA_DIR/outbox, where SMS go without a provider), and 'Phone verified' shows on
// the listing's page, its seller panel and its card, where buyers filter on it.
describe.skipIf(!hasChromium)('verified phones in Chromium', () => {
  const app = appInBrowser();
  const { inContext, open, apiCount } = app;

  const found = (page: Page, n: number) => page.getByText(`${n.toLocaleString('en-US')} cars found`, { exact: true }).waitFor({ timeout: 20_000 });
  /** The code of the newest SMS to a number in the outbox folder, once it is there. */
  const smsCode = async (phone: string): Promise<string> => {
    const outbox = path.join(app.server.dataDir, 'outbox');
    for (let i = 0; i < 200; i++) {
      const files = existsSync(outbox) ? readdirSync(outbox).filter((f) => f.includes(`-sms-${phone}`)) : [];
      if (files.length) return /\b(\d{6})\b/.exec(readFileSync(path.join(outbox, files.sort().at(-1)!), 'utf8'))![1]!;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no SMS to ${phone} in the outbox`);
  };

  it('a seller verifies their phone with the SMS code, and buyers see and filter on the badge', async () => {
    const { call } = sellerApi(app.server.url);
    const signup = await call('POST', '/api/auth/signup', null, {
      name: 'Farai Dube',
      email: `phone-${randomUUID()}@example.co.zw`,
      phone: '077 500 6000',
      location: 'Gweru',
      password: 'kombi-123',
      user_type: 'private',
    });
    expect(signup.status).toBe(201);
    const seller = (await signup.json()) as { access_token: string; user: User };
    expect(seller.user.phone_verified).toBe(false);
    const created = await call('POST', '/api/vehicles', seller.access_token, listingBody({ make: 'Toyota', model: 'Hilux', subscription_plan: 'premium' }));
    expect(created.status, await created.clone().text()).toBe(201);
    const listing = (await created.json()) as { id: string };
    const intent = await call('POST', '/api/payments/create-intent', seller.access_token, { vehicle_id: listing.id, payment_method: 'card' });
    const { payment_intent_id } = (await intent.json()) as { payment_intent_id: string };
    expect((await call('POST', `/api/payments/confirm/${payment_intent_id}`, seller.access_token, {})).status).toBe(200);
    expect(await apiCount({ vehicle_type: 'car', phone_verified: 'true' })).toBe(0);

    await inContext({ viewport: { width: 1280, height: 900 } }, async (context) => {
      await signedIn(context, { token: seller.access_token, user: seller.user });
      const page = await open(context, '/dashboard');
      const card = page.getByRole('region', { name: 'Phone' });
      await card.getByText('Not verified', { exact: true }).waitFor({ timeout: 20_000 });
      await card.getByRole('button', { name: 'Verify your phone' }).click();
      expect(await card.getByLabel('Phone number').inputValue()).toBe('077 500 6000');
      await card.getByRole('button', { name: 'Send code' }).click();
      await card.getByText('+263775006000', { exact: true }).waitFor();
      await card.getByLabel('Six-digit code').fill(await smsCode('+263775006000'));
      await card.getByRole('button', { name: 'Verify', exact: true }).click();
      await card.getByText('Phone verified', { exact: true }).waitFor();
    });
    const verified = await apiCount({ vehicle_type: 'car', phone_verified: 'true' });
    expect(verified).toBe(1);
    const all = await apiCount({ vehicle_type: 'car' });

    await inContext({ viewport: { width: 1280, height: 900 } }, async (context) => {
      const page = await open(context, `/car/${listing.id}`);
      await page.getByTestId('trust-badges').getByText('Phone verified', { exact: true }).waitFor({ timeout: 20_000 });
      await page.getByTestId('seller-phone-verified').waitFor();

      await page.goto(`${app.server.url}/cars`);
      await found(page, all);
      await page.getByRole('button', { name: 'Filter and Sort' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Papers and dealer', exact: true }).click();
      await dialog.getByRole('checkbox', { name: 'Phone verified sellers only' }).check();
      await page.getByRole('button', { name: 'Apply' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await found(page, verified);
      await page.getByRole('button', { name: 'Remove Phone verified', exact: true }).waitFor();
      await page.locator(`a[href="/car/${listing.id}"]`).getByText('Phone verified', { exact: true }).waitFor();
    });
  });
});
