import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SavedSearchAnswer } from '@/domain/core/wire';
import { EMAIL_ALERT_TEXTS } from '@/domain/account/emailAlerts';
import { hasChromium } from './browser';
import { appInBrowser, requireChromiumInCi, signedIn } from './appInBrowser';
import { sellerApi, type Seller } from './sellers';

requireChromiumInCi();

const DESKTOP = { width: 1280, height: 900 };

describe.skipIf(!hasChromium)('saved-search alerts by email in Chromium', () => {
  const app = appInBrowser();
  const { inContext, open } = app;
  const api = () => sellerApi(app.server.url);

  const savedSearch = async (buyer: Seller, id: string) => (await (await api().call('GET', `/api/saved-searches/${id}`, buyer.token)).json()) as SavedSearchAnswer;
  /** The alert emails written to the server's outbox folder for an address (the server has no SMTP here). */
  const mailsTo = (email: string): string[] => {
    const outbox = path.join(app.server.dataDir, 'outbox');
    if (!existsSync(outbox)) return [];
    return readdirSync(outbox)
      .filter((f) => f.endsWith(`-${email}.eml`))
      .map((f) => readFileSync(path.join(outbox, f), 'utf8'));
  };

  it('a buyer sets a saved search to email, gets the alert in the outbox, and its link stops the emails signed out', async () => {
    const buyer = await api().signup('Farai Buyer');
    const created = await api().call('POST', '/api/saved-searches', buyer.token, { name: 'Subaru Foresters', query: { make: 'Subaru', model: 'Forester' } });
    expect(created.status).toBe(201);
    const search = (await created.json()) as SavedSearchAnswer;
    expect(search.email).toBe(false);

    await inContext({ viewport: DESKTOP }, async (context) => {
      await signedIn(context, buyer);
      const page = await open(context, '/saved-searches', 'Subaru Foresters');
      const card = page.getByRole('article', { name: 'Subaru Foresters' });
      await card.getByRole('switch', { name: EMAIL_ALERT_TEXTS.emailSwitch }).click({ force: true });
      await card.getByRole('radio', { name: EMAIL_ALERT_TEXTS.frequencies.daily }).check({ force: true });
      await expect.poll(async () => savedSearch(buyer, search.id)).toMatchObject({ email: true, email_frequency: 'daily' });
      await card.getByRole('radio', { name: EMAIL_ALERT_TEXTS.frequencies.instant }).check({ force: true });
      await expect.poll(async () => (await savedSearch(buyer, search.id)).email_frequency).toBe('instant');
    });

    const seller = await api().signup('Subaru Seller');
    const listing = await api().publish(seller, { make: 'Subaru', model: 'Forester', year: 2014, price: 11500 });
    await expect.poll(() => mailsTo(String(buyer.user.email)).length, { timeout: 15_000 }).toBe(1);
    const mail = mailsTo(String(buyer.user.email))[0]!
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    expect(mail).toContain(`/car/${listing.id}`);
    const link = new URL(/Stop these emails: (\S+)/.exec(mail)![1]!);

    await inContext({ viewport: DESKTOP }, async (context) => {
      const page = await open(context, `${link.pathname}${link.search}`);
      await page
        .getByRole('status')
        .filter({ hasText: EMAIL_ALERT_TEXTS.unsubscribed('Subaru Foresters') })
        .waitFor();
    });
    expect(await savedSearch(buyer, search.id)).toMatchObject({ email: false, notify: true });

    await inContext({ viewport: DESKTOP }, async (context) => {
      const page = await open(context, '/unsubscribe?token=forged.token');
      await page.getByRole('alert').filter({ hasText: EMAIL_ALERT_TEXTS.invalidLink }).waitFor();
    });
  });
});
