import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ANDROID_PHONE, hasChromium, SCREENSHOTS } from './browser';
import { appInBrowser, requireChromiumInCi, signedIn } from './appInBrowser';
import { sellerApi } from './sellers';

requireChromiumInCi();

// A dealer's team (issue 38) as the dealer and their staff meet it: the dashboard's 'Your team' invites
// by email; the emailed link's page (/join/{token}) takes a signed-out person through signing in and
// accepting, and the staff member's dashboard then lists the dealer's listings, each saying who added or
// changed it; a link opened before its invitation was cancelled says so (the service worker keeps no
// copy); the dealer removes the member after asking, and their dashboard is their own again.
describe.skipIf(!hasChromium)("a dealer's team in Chromium", () => {
  const app = appInBrowser();

  /** The invitation's token from the newest mail the outbox mailer wrote to an address (quoted-printable). */
  function invitationToken(email: string): string {
    const outbox = path.join(app.server.dataDir, 'outbox');
    const mails = existsSync(outbox)
      ? readdirSync(outbox)
          .filter((f) => f.endsWith(`-${email}.eml`))
          .sort()
      : [];
    const newest = mails[mails.length - 1];
    const text = newest
      ? readFileSync(path.join(outbox, newest), 'utf8')
          .replace(/=\r?\n/g, '')
          .replace(/=3D/g, '=')
      : '';
    const m = /\/join\/([A-Za-z0-9_-]{10,})/.exec(text);
    if (!m) throw new Error(`no invitation mailed to ${email}`);
    return m[1]!;
  }

  const team = (page: Page) => page.getByRole('region', { name: 'Your team' });
  const staffBanner = (page: Page) => page.getByRole('region', { name: 'You manage the listings of Msasa Motors.' });
  const listingRow = (page: Page, title: string) => page.locator('section[aria-labelledby="my-listings-heading"]').getByRole('article', { name: title });
  const pageFits = async (page: Page) => {
    const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
    expect(widths.page).toBeLessThanOrEqual(widths.screen);
  };
  const closeToasts = async (page: Page) => {
    for (const dismiss of await page.getByRole('button', { name: 'Dismiss' }).all()) await dismiss.click().catch(() => undefined);
    await page.locator('[data-toast]').first().waitFor({ state: 'detached' });
  };

  it('invites staff by email; they accept from the link, manage the listings, and are removed', async () => {
    const api = sellerApi(app.server.url);
    const dealer = await api.signup('Rufaro Dube', { dealer: 'Msasa Motors' });
    const car = await api.publish(dealer, { make: 'Toyota', model: 'Aqua', year: 2015, price: 7400, images: ['/samples/a.jpg'] });
    // The staff member's own, private account, with the address the dealer knows.
    const staffEmail = 'tendai.moyo@example.co.zw';
    const staff = await api.signup('Tendai Moyo', { email: staffEmail });

    await app.inContext(ANDROID_PHONE, async (dealerContext) => {
      await signedIn(dealerContext, dealer);
      const page = await app.open(dealerContext, '/dashboard');
      await team(page).waitFor({ timeout: 20_000 });
      await team(page).getByText('No team members yet.').waitFor();

      // The invitation goes out, and waits.
      const email = team(page).getByRole('textbox', { name: 'Email address' });
      await email.fill(staffEmail);
      await team(page).getByRole('button', { name: 'Send invitation' }).click();
      await page.getByText('Invitation sent').waitFor();
      const waiting = team(page).getByRole('listitem').filter({ hasText: staffEmail });
      await waiting.waitFor();
      expect(await waiting.innerText()).toMatch(/Expires \d{1,2} \w{3} \d{4}/);
      expect(await email.inputValue()).toBe('');
      const token = invitationToken(staffEmail);

      await app.inContext(ANDROID_PHONE, async (staffContext) => {
        // The link, signed out: whose team and for which address; signing in keeps the person on it.
        const join = await app.open(staffContext, `/join/${token}`);
        await join.getByRole('heading', { level: 1, name: 'Join Msasa Motors’s team' }).waitFor({ timeout: 20_000 });
        await join.getByText(`Msasa Motors invited ${staffEmail} to manage their vehicle listings on Motokari.`).waitFor();
        expect(await join.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
        expect(await join.title()).toBe('Join Msasa Motors’s team | Motokari');
        const main = join.getByRole('main');
        await main.getByText('Sign in or create an account with that email address to accept.').waitFor();
        await main.getByRole('button', { name: 'Sign In', exact: true }).click();
        const form = join.getByRole('dialog').getByRole('form', { name: 'Sign In' });
        await form.getByLabel('Email Address').fill(staffEmail);
        await form.getByLabel(/^Password/).fill('kombi-123');
        await form.getByRole('button', { name: 'Sign In' }).click();
        await join.getByRole('dialog').waitFor({ state: 'detached' });
        const accept = main.getByRole('button', { name: 'Accept invitation' });
        await accept.waitFor();
        expect(new URL(join.url()).pathname).toBe(`/join/${token}`);
        await pageFits(join);
        await join.screenshot({ path: path.join(SCREENSHOTS, 'mobile-join-team.png') });

        // Accepted: the dashboard lists the dealer's listings, the dealer's car saying who added it.
        await accept.click();
        await join.waitForURL(/\/dashboard$/);
        await join.getByText('You now manage the listings of Msasa Motors.').waitFor();
        await staffBanner(join).getByRole('button', { name: 'Leave this team' }).waitFor();
        const row = listingRow(join, '2015 Toyota Aqua');
        await row.waitFor();
        await row.getByText('Added by Rufaro Dube').waitFor();
        expect(await join.getByRole('region', { name: 'Your team' }).count()).toBe(0);
        await pageFits(join);

        // The link works once.
        const again = await app.open(staffContext, `/join/${token}`);
        await again.getByRole('alert').filter({ hasText: 'This invitation has expired or was already used. Ask the dealer for a new one.' }).waitFor({ timeout: 20_000 });
        await again.close();

        // Staff change the dealer's listing (through the API, as the wizard does): the dealer sees who.
        const edited = await api.call('PUT', `/api/vehicles/${car.id}`, staff.token, { price: 7200 });
        expect(edited.status, await edited.clone().text()).toBe(200);
        await page.reload();
        const member = team(page).getByRole('listitem').filter({ hasText: 'Tendai Moyo' });
        await member.waitFor({ timeout: 20_000 });
        expect(await member.innerText()).toContain(staffEmail);
        await listingRow(page, '2015 Toyota Aqua').getByText('Last changed by Tendai Moyo').waitFor();

        // One more invitation waiting, for the picture; one the server refuses, said under the field.
        await email.fill('farai.ncube@example.co.zw');
        await team(page).getByRole('button', { name: 'Send invitation' }).click();
        await team(page).getByRole('listitem').filter({ hasText: 'farai.ncube@example.co.zw' }).waitFor();
        await closeToasts(page);
        // The card whole, its top just below the fixed top bar.
        await team(page).evaluate((el) => {
          const bar = document.querySelector('header')?.getBoundingClientRect().height ?? 0;
          window.scrollBy(0, el.getBoundingClientRect().top - bar - 12);
        });
        await page.screenshot({ path: path.join(SCREENSHOTS, 'mobile-dashboard-team.png') });
        await email.fill(staffEmail);
        await team(page).getByRole('button', { name: 'Send invitation' }).click();
        await team(page).getByText('This person is already on your team').waitFor();

        // A phone that opened a link before the invitation was cancelled says so: the app's worker keeps no copy of it.
        const farai = invitationToken('farai.ncube@example.co.zw');
        await app.inContext(ANDROID_PHONE, async (stranger) => {
          const link = await app.open(stranger, `/join/${farai}`);
          await link.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 90_000 });
          await link.reload();
          await link.getByRole('heading', { level: 1, name: 'Join Msasa Motors’s team' }).waitFor({ timeout: 20_000 });
          await team(page).getByRole('button', { name: 'Cancel: farai.ncube@example.co.zw' }).click();
          await page.getByText('Invitation cancelled').waitFor();
          await team(page).getByText('Invitations waiting').waitFor({ state: 'detached' });
          await link.reload();
          await link.getByRole('alert').filter({ hasText: 'This invitation has expired or was already used.' }).waitFor({ timeout: 20_000 });
          expect(await link.getByRole('main').getByRole('button', { name: 'Sign In', exact: true }).count()).toBe(0);
        });

        // Removed after asking.
        await member.getByRole('button', { name: 'Remove: Tendai Moyo' }).click();
        const dialog = page.getByRole('dialog', { name: 'Remove: Tendai Moyo' });
        await dialog.getByText('Remove this person from your team? They can no longer manage your listings.').waitFor();
        await dialog.getByRole('button', { name: 'Remove' }).click();
        await dialog.waitFor({ state: 'detached' });
        await page.getByText('Removed from your team').waitFor();
        await team(page).getByText('No team members yet.').waitFor();
        await pageFits(page);

        // The staff member's next visit (the device still remembers the team): their own dashboard again.
        const next = await staffContext.newPage();
        const answered = next.waitForResponse((r) => r.url().endsWith('/api/me/team'));
        await next.goto(`${app.server.url}/dashboard`);
        expect(await (await answered).json()).toEqual({ role: null, dealer: null });
        await next.getByText('No active listings').waitFor({ timeout: 20_000 });
        await staffBanner(next).waitFor({ state: 'detached' });
        expect(await listingRow(next, '2015 Toyota Aqua').count()).toBe(0);
        expect(await next.getByText('Your listings could not be loaded.').count()).toBe(0);
      });
    });
  });
});
