import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { ANDROID_PHONE, hasChromium, SCREENSHOTS } from './browser';
import { appInBrowser, requireChromiumInCi, signedIn } from './appInBrowser';
import { sellerApi } from './sellers';

requireChromiumInCi();

/** A dealer's stock file as their system exports it: four vehicles, the third (row 4 of the file) with a year that is no number. */
const STOCK_CSV = [
  'Stock No,Make,Model,Year,Price,Mileage,Colour,Notes',
  'MM-101,Toyota,Hilux,2018,32500,85000,White,One owner and full service history',
  'MM-102,Honda,Fit,2015,7400,120000,Silver,New tyres',
  'MM-103,Nissan,NP200,abc,9800,60000,Red,Needs a service',
  'MM-104,Mazda,Demio,2016,6900,98000,Blue,Low mileage',
].join('\n');

/** GET /api/dealer/stock with the dashboard's session: the stock numbers of the dealer's listings. */
function stockNumbers(page: Page, token: string): Promise<string[]> {
  return page.evaluate(async (t) => {
    const res = await fetch('/api/dealer/stock', { headers: { Authorization: `Bearer ${t}` } });
    const body = (await res.json()) as { items: { stock_number: string | null }[] };
    return body.items.map((i) => i.stock_number ?? '').sort();
  }, token);
}

const select = (page: Page, label: string): Locator => page.getByRole('combobox', { name: label, exact: true });

async function expectPhoneWidth(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
  expect(widths.page).toBeLessThanOrEqual(widths.screen);
}

// A dealer's stock file (issue 38) as the dealer meets it on a phone: uploaded, its columns matched
// (guessed from the headings, changed by hand), checked (three to add, the bad row named), imported
// (the three are the dealer's stock), and the same file again changes nothing.
describe.skipIf(!hasChromium)("a dealer's stock file in Chromium", () => {
  const app = appInBrowser();
  const dir = mkdtempSync(path.join(tmpdir(), 'motokari-stock-file-'));
  const csvPath = path.join(dir, 'msasa-stock.csv');
  writeFileSync(csvPath, STOCK_CSV);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('uploads, matches, checks and imports a stock file, and the same file again changes nothing', async () => {
    const api = sellerApi(app.server.url);
    const dealer = await api.signup('Rufaro Dube', { dealer: 'Msasa Motors' });

    await app.inContext(ANDROID_PHONE, async (context) => {
      await signedIn(context, dealer);
      const page = await app.open(context, '/dashboard/import');
      await page.getByRole('heading', { name: 'Import your stock', level: 1 }).waitFor({ timeout: 20_000 });
      await page.locator('input[type="file"]').setInputFiles(csvPath);

      // The columns, guessed from the file's headings, each with an example from the file.
      const mapping = page.getByRole('region', { name: 'Match your columns' });
      await mapping.waitFor();
      await page.getByText('msasa-stock.csv').waitFor();
      await page.getByText('4 vehicles in this file').waitFor();
      const guessed = { 'Stock number': 'Stock No', Make: 'Make', Model: 'Model', Year: 'Year', Price: 'Price', Mileage: 'Mileage', Colour: 'Colour' };
      for (const [field, column] of Object.entries(guessed)) expect(await select(page, field).inputValue(), field).toBe(column);
      expect(await select(page, 'Variant').inputValue()).toBe('');
      await mapping.getByText('For example: MM-101').waitFor();
      // 'Notes' is one of the headings read as the description; the dealer takes it off, then puts it back by hand.
      const description = select(page, 'Description');
      expect(await description.inputValue()).toBe('Notes');
      await description.selectOption({ label: 'Not in my file' });
      await mapping.getByText('For example: One owner and full service history').waitFor({ state: 'detached' });
      await description.selectOption({ label: 'Notes' });
      await mapping.getByText('For example: One owner and full service history').waitFor();
      await expectPhoneWidth(page);
      // The file and the first of its columns, under the top bar.
      await page.getByRole('region', { name: 'Your file' }).evaluate((el) => {
        el.scrollIntoView({ block: 'start' });
        window.scrollBy(0, -(document.querySelector('header')?.getBoundingClientRect().height ?? 0) - 12);
      });
      await page.screenshot({ path: path.join(SCREENSHOTS, 'mobile-stock-import-mapping.png') });

      // The dry run: three to add, row 4's year refused; nothing is imported yet.
      await page.getByRole('button', { name: 'Check file' }).click();
      const summary = page.getByRole('region', { name: 'What this file will do' });
      await summary.getByText('3 to add', { exact: true }).waitFor();
      for (const count of ['0 to update', '0 unchanged', '0 to mark sold']) await summary.getByText(count, { exact: true }).waitFor();
      const problems = summary.getByRole('region', { name: 'Rows with problems' });
      const rows = problems.getByRole('row');
      expect(await rows.count()).toBe(2);
      const cells = await rows.nth(1).getByRole('cell').allInnerTexts();
      expect(cells.slice(0, 2)).toEqual(['4', 'Year']);
      expect(cells[2]).toMatch(/Year/);
      expect(await stockNumbers(page, dealer.token)).toEqual([]);
      await expectPhoneWidth(page);
      const importButton = summary.getByRole('button', { name: 'Import 3 vehicles' });
      await importButton.evaluate((el) => el.scrollIntoView({ block: 'end' }));
      await page.evaluate(() => window.scrollBy(0, 24));
      await page.screenshot({ path: path.join(SCREENSHOTS, 'mobile-stock-import-summary.png') });

      // Imported: the three good rows are the dealer's stock, under their stock numbers.
      await importButton.click();
      const outcome = page.getByRole('region', { name: 'Import finished' });
      await outcome.waitFor({ timeout: 30_000 });
      await outcome.getByText('3 added', { exact: true }).waitFor();
      await outcome.getByText('New listings are drafts until their listing fee is paid, as in the listing wizard.').waitFor();
      expect(await stockNumbers(page, dealer.token)).toEqual(['MM-101', 'MM-102', 'MM-104']);
      await expectPhoneWidth(page);

      // The same file again: the dealer's matching is remembered, and nothing would change.
      await outcome.getByRole('button', { name: 'Import another file' }).click();
      await page.locator('input[type="file"]').setInputFiles(csvPath);
      await page.getByRole('region', { name: 'Match your columns' }).waitFor();
      expect(await select(page, 'Description').inputValue()).toBe('Notes');
      await page.getByRole('button', { name: 'Check file' }).click();
      const again = page.getByRole('region', { name: 'What this file will do' });
      await again.getByText('3 unchanged', { exact: true }).waitFor();
      await again.getByText('0 to add', { exact: true }).waitFor();
      await again.getByText('0 to update', { exact: true }).waitFor();
      await again.getByText('Nothing to import: every vehicle in this file is already up to date.').waitFor();
    });
  });
});
