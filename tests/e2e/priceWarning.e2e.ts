import { describe, expect, it } from 'vitest';
import { hasChromium } from './browser';
import { appInBrowser, requireChromiumInCi } from './appInBrowser';
import { sellerApi } from './sellers';
import { PRICE_WARNING } from '@/domain/messages/priceWarning';
import type { Vehicle } from '@/domain/listing/vehicle';

requireChromiumInCi();

// The lure of the fake listing (issue 37): a listing priced far below its comparables carries a plain
// warning on its page, by the price panel; one at an ordinary price does not.
describe.skipIf(!hasChromium)('the price warning in Chromium', () => {
  const app = appInBrowser();

  it('warns on a listing far below its comparables, and not on one at their price', async () => {
    const sellers = sellerApi(app.server.url);
    const seller = await sellers.signup('Rudo Motors');
    const market = { make: 'Mahindra', model: 'Scorpio', variant: null, year: 2016, mileage: 110_000 };
    const fair: Vehicle[] = [];
    for (const price of [9_500, 10_000, 10_000, 10_500, 11_000]) fair.push(await sellers.publish(seller, { ...market, price }));
    const lure = await sellers.publish(seller, { ...market, price: 5_500 });
    const verdictOf = async (id: string) => ((await (await fetch(`${app.server.url}/api/vehicles/${id}`)).json()) as Vehicle).price_verdict!;
    expect(await verdictOf(lure.id)).toMatchObject({ band: 'great', typical_price: 10_000 });

    await app.inContext({ viewport: { width: 360, height: 780 } }, async (context) => {
      const page = await app.open(context, `/car/${lure.id}`);
      await page.getByTestId('price-warning').getByText(PRICE_WARNING, { exact: true }).waitFor({ timeout: 30_000 });

      await page.goto(`${app.server.url}/car/${fair[1]!.id}`);
      await page.getByTestId('price-verdict').waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('price-warning').count()).toBe(0);
    });
  });
});
