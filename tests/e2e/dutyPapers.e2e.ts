import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Vehicle } from '@/domain/listing/vehicle';
import { LISTING_MESSAGES } from '@/domain/core/messages';
import { hasChromium } from './browser';
import { appInBrowser, requireChromiumInCi, signedIn } from './appInBrowser';
import { sellerApi } from './sellers';

requireChromiumInCi();

// Duty and papers declared (issue 20): the wizard asks whether duty is paid (ZIMRA) and whether the
// vehicle has police clearance and a registration book in the seller's name; the listing then shows
// 'Duty paid' and 'Papers ready' badges, and buyers filter on them, offline too.
describe.skipIf(!hasChromium)('duty and papers declared in Chromium', () => {
  const app = appInBrowser();
  const { inContext, open, apiCount } = app;

  const found = (page: Page, n: number) => page.getByText(`${n.toLocaleString('en-US')} cars found`, { exact: true }).waitFor({ timeout: 20_000 });
  const chip = (page: Page, label: string) => page.getByRole('button', { name: `Remove ${label}`, exact: true });

  it('the wizard asks both questions, the card and the listing page show the badges, and the filter finds them, offline too', async () => {
    const sellers = sellerApi(app.server.url);
    const seller = await sellers.signup('Farai Papers Motors');
    const listing = await sellers.publish(seller, { make: 'Toyota', model: 'Hilux', variant: 'Legend 50' });
    await sellers.publish(seller, { make: 'Toyota', model: 'Fortuner', duty_paid: true, papers_ready: false });
    expect(await apiCount({ vehicle_type: 'car', duty_paid: 'true', papers_ready: 'true' })).toBe(0);

    await inContext({ viewport: { width: 1280, height: 900 } }, async (context) => {
      await signedIn(context, seller);
      const page = await open(context, `/sell?edit=${listing.id}`);
      const editor = page.getByRole('dialog', { name: 'Edit Listing' });
      await editor.getByText('Step 1 of 6').first().waitFor({ timeout: 20_000 });
      const next = editor.getByRole('button', { name: 'Next', exact: true });
      await next.click();
      await next.click();
      const duty = editor.getByRole('radiogroup', { name: 'Is duty paid (ZIMRA)?' });
      const papers = editor.getByRole('radiogroup', { name: "Does the vehicle have police clearance and a registration book in the seller's name?" });
      // Optional: nothing said is 'Not sure'.
      expect(await duty.getByRole('radio', { name: 'Not sure' }).isChecked()).toBe(true);
      await duty.getByRole('radio', { name: 'Yes' }).check();
      await papers.getByRole('radio', { name: 'Yes' }).check();
      for (let i = 0; i < 3; i++) await next.click();
      await editor.getByRole('heading', { name: 'Review', exact: true }).waitFor();
      await editor.getByText('Duty paid (ZIMRA)', { exact: true }).waitFor();
      await editor.getByText('Police clearance and registration book', { exact: true }).waitFor();
      await editor.getByRole('button', { name: 'Save changes' }).click();
      await editor.getByText(LISTING_MESSAGES.changesSaved).waitFor();
      expect(await sellers.asSeller(seller, listing.id)).toMatchObject({ duty_paid: true, papers_ready: true });
    });

    const both = await apiCount({ vehicle_type: 'car', duty_paid: 'true', papers_ready: 'true' });
    const dutyPaid = await apiCount({ vehicle_type: 'car', duty_paid: 'true' });
    const all = await apiCount({ vehicle_type: 'car' });
    expect(both).toBe(1);
    expect(dutyPaid).toBe(2);

    await inContext({ viewport: { width: 1280, height: 900 } }, async (context) => {
      const detail = await open(context, `/car/${listing.id}`);
      const badges = detail.getByTestId('trust-badges').first();
      await badges.getByText('Duty paid', { exact: true }).waitFor({ timeout: 20_000 });
      await badges.getByText('Papers ready', { exact: true }).waitFor();
      await detail.close();

      const page = await open(context, '/cars');
      await found(page, all);
      await page.getByText(/^Listings updated/).waitFor({ timeout: 20_000 });
      await page.getByRole('button', { name: 'Filter and Sort' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Papers and dealer', exact: true }).click();
      await dialog.getByRole('checkbox', { name: 'Duty paid (ZIMRA)' }).check();
      await dialog.getByRole('checkbox', { name: 'Papers ready (police clearance, registration book)' }).check();
      await page.getByRole('button', { name: 'Apply' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await found(page, both);
      const card = page.locator(`a[href="/car/${listing.id}"]`);
      await card.getByText('Duty paid', { exact: true }).waitFor();
      await card.getByText('Papers ready', { exact: true }).waitFor();

      // The device holds the declarations: offline, it answers alone.
      await context.setOffline(true);
      await chip(page, 'Papers ready').click();
      await found(page, dutyPaid);
      const other = (await (await fetch(`${app.server.url}/api/vehicles?duty_paid=true&papers_ready=false&seller_id=${seller.user.id}`)).json()) as Vehicle[];
      expect(other).toHaveLength(1);
      const otherCard = page.locator(`a[href="/car/${other[0]!.id}"]`);
      await otherCard.getByText('Duty paid', { exact: true }).waitFor();
      expect(await otherCard.getByText('Papers ready', { exact: true }).count()).toBe(0);
      await chip(page, 'Duty paid').click();
      await found(page, all);
    });
  });
});
