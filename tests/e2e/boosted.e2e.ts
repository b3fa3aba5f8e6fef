import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Vehicle } from '@/domain/listing/vehicle';
import { BOOST_TEXTS } from '@/domain/payments/boosts';
import { currentRevision } from '@/server/repositories/vehicles/writes';
import { hasChromium, SCREENSHOTS } from './browser';
import { appInBrowser, requireChromiumInCi } from './appInBrowser';

requireChromiumInCi();

// A boost (issue 38) lifts a listing to the top of newest-first results, with 'Boosted' on its card and
// its page: the home page's list and the listing page, at a phone's width and a desktop's.

describe.skipIf(!hasChromium)('a boosted listing in Chromium', () => {
  const app = appInBrowser();
  const { inContext, open } = app;

  /** The public cars newest first, as the API answers. */
  const newestCars = async (): Promise<Vehicle[]> => (await (await fetch(`${app.server.url}/api/vehicles?vehicle_type=car&sort=newest&limit=500`)).json()) as Vehicle[];

  /** Boosts a listing as the server does (its end in whole seconds, a new revision), and waits until searches see it. */
  async function boost(id: string): Promise<void> {
    const { db, publicIndex } = app.server.app.ctx;
    await db.execute(sql`update vehicles set boosted_until = date_trunc('second', now()) + interval '24 hours', revision = nextval('listing_revision_seq') where id = ${id}`);
    const head = await currentRevision(db);
    await expect.poll(async () => (await publicIndex.refresh(), publicIndex.appliedRevision), { timeout: 10_000 }).toBeGreaterThanOrEqual(head);
  }

  /** The cards of the home page's list, once it shows them. */
  async function homeCards(page: Page) {
    const cards = page.locator('a[href^="/car/"]:visible');
    await cards.first().waitFor({ timeout: 30_000 });
    return cards;
  }

  it("puts the boosted listing first on the home page with 'Boosted' on its card and page, at 360 and 1280 px", async () => {
    const before = await newestCars();
    expect(before.length).toBeGreaterThan(6);
    expect(before.some((v) => v.boosted_until)).toBe(false);
    // The oldest car, far from the first page.
    const oldest = before.at(-1)!;
    await boost(oldest.id);
    const after = await newestCars();
    expect(after[0]!.id).toBe(oldest.id);
    expect(after.slice(1).map((v) => v.id)).toEqual(before.slice(0, -1).map((v) => v.id));

    for (const [width, height] of [
      [360, 780],
      [1280, 900],
    ] as const) {
      await inContext({ viewport: { width, height } }, async (context) => {
        const page = await open(context, '/');
        const cards = await homeCards(page);
        await expect.poll(() => cards.first().getAttribute('href'), { timeout: 30_000 }).toBe(`/car/${oldest.id}`);
        const first = cards.first();
        await first.getByText(BOOST_TEXTS.badge, { exact: true }).waitFor();
        // Only the boosted listing says so; the next card is the newest listing, as before the boost.
        await expect(page.getByTestId('boosted-badge').count()).resolves.toBe(1);
        await expect(cards.nth(1).getAttribute('href')).resolves.toBe(`/car/${before[0]!.id}`);
        await first.scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(SCREENSHOTS, `boosted-home-${width}.png`) });

        await first.click();
        await page.waitForURL(`**/car/${oldest.id}`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.getByTestId('boosted-badge').first().waitFor();
        await expect(page.getByTestId('boosted-badge').getAttribute('title')).resolves.toBe(BOOST_TEXTS.boosted);
        await page.getByTestId('boosted-badge').scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(SCREENSHOTS, `boosted-listing-${width}.png`) });
      });
    }
  });
});
