import http from 'node:http';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@/server/db/client';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import writeXlsxFile from 'write-excel-file/node';
import { IMPORT_MESSAGES, type StockImport } from '@/domain/listing/stockImport';
import type { stockPageSchema } from '@/domain/account/stockApiWire';
import type { z } from 'zod';
import { fetchPhoto } from '@/server/stockImport/photos';
import { OutboundRefused } from '@/server/outbound/guardedRequest';
import { stockCsv } from '../support/stockFile';
import { ENGINES, startServer, type TestServer } from './harness';

// A dealer's stock file (issue 38): a 2,000-row CSV with wrong rows in it checked (every wrong row
// named with its row and field) and applied, the same file again changing nothing, a changed price
// updating its listing, vehicles missing from a full-stock file marked sold, an Excel workbook read,
// the column matching remembered; photos fetched by address, never from a private address.

type Session = Awaited<ReturnType<TestServer['signup']>>;
type StockPage = z.infer<typeof stockPageSchema>;

async function multipart(name: string, bytes: Buffer, type: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const res = new Response(form);
  return { payload: Buffer.from(await res.arrayBuffer()), contentType: res.headers.get('content-type')! };
}

describe.each(ENGINES)('%s: stock files', (engine) => {
  let s: TestServer;
  let dealer: Session;

  beforeAll(async () => {
    s = await startServer(engine, { config: { jobsIntervalMs: 200 } });
    dealer = await s.signup({ name: 'Msasa Motors', user_type: 'dealer' });
  });
  afterAll(() => s?.close());

  const upload = async (name: string, bytes: Buffer, type = 'text/csv') => {
    const { payload, contentType } = await multipart(name, bytes, type);
    return s.app.inject({ method: 'POST', url: '/api/dealer/imports', payload, headers: { 'content-type': contentType, authorization: `Bearer ${dealer.token}` } });
  };
  const check = (id: string, body: { mapping: StockImport['mapping']; mark_missing_sold?: boolean }) =>
    s.request({ method: 'POST', url: `/api/dealer/imports/${id}/check`, token: dealer.token, body });
  const apply = (id: string, body: { mapping: StockImport['mapping']; mark_missing_sold?: boolean }) =>
    s.request({ method: 'POST', url: `/api/dealer/imports/${id}/apply`, token: dealer.token, body });
  /** Waits for the import's job, on the job runner going idle (no clock). */
  const applied = async (id: string): Promise<StockImport> => {
    for (;;) {
      await s.app.ctx.jobs.idle();
      const file = (await s.request({ method: 'GET', url: `/api/dealer/imports/${id}`, token: dealer.token })).json() as StockImport;
      if (file.state !== 'applying') return file;
      s.app.ctx.jobs.kick();
    }
  };
  const stock = async () => {
    const all: StockPage['items'] = [];
    for (let after: string | null = null; ;) {
      const page = (await s.request({ method: 'GET', url: `/api/dealer/stock?limit=200${after ? `&after=${after}` : ''}`, token: dealer.token })).json() as StockPage;
      all.push(...page.items);
      if (!page.next) return all;
      after = page.next;
    }
  };
  const { csv, wrongRows } = stockCsv(2000);
  const valid = 2000 - wrongRows.size;

  it('checks a 2,000-row file: the columns matched by their headings, every wrong row named with its row and field, nothing changed', async () => {
    const res = await upload('stock.csv', Buffer.from(csv));
    expect(res.statusCode, res.body).toBe(201);
    const file = res.json() as StockImport;
    expect(file).toMatchObject({ file_name: 'stock.csv', row_count: 2000, state: 'uploaded', summary: null });
    expect(file.mapping).toEqual({
      stock_number: 'Stock No',
      make: 'Make',
      model: 'Model',
      year: 'Year',
      price: 'Price (USD)',
      mileage: 'Odometer',
      fuel_type: 'Fuel',
      transmission: 'Gearbox',
      color: 'Colour',
      car_category: 'Body',
      description: 'Notes',
      photos: 'Photos',
    });
    // The dealer's notes are features, a list: matched by hand, remembered for the next file.
    const { description: _notes, ...matched } = file.mapping;
    const checked = await check(file.id, { mapping: { ...matched, features: 'Notes' } });
    expect(checked.statusCode, checked.body).toBe(200);
    const { summary } = checked.json() as StockImport;
    expect(summary).toMatchObject({ add: valid, update: 0, unchanged: 0, remove: 0 });
    expect(new Map(summary!.errors.map((e) => [e.row, e.field]))).toEqual(wrongRows);
    expect(summary!.errors.find((e) => e.field === 'year')?.message).toBe('Year must be a number');
    expect(summary!.errors.find((e) => e.field === 'make')?.message).toBe('Make is required');
    expect(summary!.errors.find((e) => e.field === 'stock_number')?.message).toBe('Stock number MM-1008 is also in row 10');
    expect(await stock()).toEqual([]);
    // A required field not matched is refused before anything.
    const unmatched = await check(file.id, { mapping: { stock_number: 'Stock No', make: 'Make', model: 'Model' } });
    expect(unmatched.statusCode).toBe(422);
    expect(unmatched.json()).toEqual({ detail: IMPORT_MESSAGES.mapRequired('Year') });
  });

  it('applies it: every good row a draft listing by its stock number; the same file again changes nothing; a new price updates its listing', async () => {
    const file = (await upload('stock.csv', Buffer.from(csv))).json() as StockImport;
    // The matching checked last time is suggested again.
    expect(file.mapping).toMatchObject({ features: 'Notes' });
    expect(file.mapping.description).toBeUndefined();
    const started = await apply(file.id, { mapping: file.mapping });
    expect(started.statusCode, started.body).toBe(202);
    expect((await apply(file.id, { mapping: file.mapping })).statusCode).toBe(409);
    const done = await applied(file.id);
    expect(done).toMatchObject({ state: 'done', done: 2000, summary: { add: valid, update: 0, unchanged: 0 } });
    const items = await stock();
    expect(items).toHaveLength(valid);
    const first = items.find((i) => i.stock_number === 'MM-1000')!;
    expect(first).toMatchObject({
      status: 'draft',
      make: 'Toyota',
      model: 'Hilux',
      year: 2008,
      price: 5000,
      mileage: 0,
      fuel_type: 'diesel',
      transmission: 'manual',
      color: 'White',
      features: ['Serviced, one owner', 'unit 0'],
    });

    const again = (await upload('stock.csv', Buffer.from(csv))).json() as StockImport;
    expect((await check(again.id, { mapping: again.mapping })).json()).toMatchObject({ summary: { add: 0, update: 0, unchanged: valid } });
    expect(await applied((await apply(again.id, { mapping: again.mapping })).json().id)).toMatchObject({ summary: { add: 0, update: 0, unchanged: valid } });
    expect((await stock()).map((i) => i.updated_at).sort()).toEqual(items.map((i) => i.updated_at).sort());

    const repriced = stockCsv(2000, { priceOf: (i) => (i === 0 ? 4500 : 5000 + (i % 40) * 500) }).csv;
    const third = (await upload('stock.csv', Buffer.from(repriced))).json() as StockImport;
    expect((await check(third.id, { mapping: third.mapping })).json()).toMatchObject({ summary: { add: 0, update: 1, unchanged: valid - 1 } });
    await apply(third.id, { mapping: third.mapping });
    await applied(third.id);
    expect((await stock()).find((i) => i.stock_number === 'MM-1000')).toMatchObject({ price: 4500 });
  });

  it('marks sold the listings a full-stock file does not have, when asked', async () => {
    const live = (await stock()).find((i) => i.stock_number === 'MM-1001')!;
    await s.pay(dealer.token, live.id);
    const without = `${csv
      .split('\r\n')
      .filter((l) => !l.startsWith('MM-1001,'))
      .join('\r\n')}`;
    const file = (await upload('stock.csv', Buffer.from(without))).json() as StockImport;
    expect((await check(file.id, { mapping: file.mapping, mark_missing_sold: false })).json()).toMatchObject({ summary: { remove: 0 } });
    // Drafts missing from the file are not for sale, so only the live one is marked sold.
    expect((await check(file.id, { mapping: file.mapping, mark_missing_sold: true })).json()).toMatchObject({ summary: { remove: 1 } });
    await apply(file.id, { mapping: file.mapping, mark_missing_sold: true });
    expect(await applied(file.id)).toMatchObject({ summary: { remove: 1 } });
    expect((await stock()).find((i) => i.id === live.id)).toMatchObject({ status: 'sold' });
  });

  it('reads an Excel workbook; refuses what is not a sheet', async () => {
    const workbook = await writeXlsxFile([
      ['Ref', 'Manufacturer', 'Model', 'Model year', 'Asking price'],
      ['XL-1', 'Isuzu', 'D-Max', 2018, 21500],
      ['XL-2', 'Ford', 'Ranger', 2020, 32000],
    ]).toBuffer();
    const res = await upload('stock.xlsx', workbook, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.statusCode, res.body).toBe(201);
    const file = res.json() as StockImport;
    expect(file).toMatchObject({
      columns: ['Ref', 'Manufacturer', 'Model', 'Model year', 'Asking price'],
      row_count: 2,
      sample: [
        ['XL-1', 'Isuzu', 'D-Max', '2018', '21500'],
        ['XL-2', 'Ford', 'Ranger', '2020', '32000'],
      ],
    });
    expect(file.mapping).toMatchObject({ stock_number: 'Ref', make: 'Manufacturer', model: 'Model', year: 'Model year', price: 'Asking price' });
    expect((await check(file.id, { mapping: file.mapping })).json()).toMatchObject({ summary: { add: 2, errors: [] } });
    for (const [name, bytes] of [
      [
        'photo.png',
        await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
          .png()
          .toBuffer(),
      ],
      ['empty.csv', Buffer.from('Stock No,Make\r\n')],
      ['broken.xlsx', Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(64)])],
    ] as const) {
      const refused = await upload(name, bytes);
      expect(refused.statusCode, name).toBe(422);
    }
  });
});

describe('photos by address', () => {
  let s: TestServer;
  let photoServer: http.Server;
  let inside: http.Server;
  let insideHits = 0;
  let served = 0;
  let base = '';

  beforeAll(async () => {
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c33' } })
      .jpeg()
      .toBuffer();
    inside = http.createServer((_req, res) => {
      insideHits++;
      res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg);
    });
    await new Promise<void>((r) => inside.listen(0, '127.0.0.2', r));
    const insideUrl = `http://127.0.0.2:${(inside.address() as AddressInfo).port}/secret.jpg`;
    photoServer = http.createServer((req, res) => {
      if (req.url === '/car.jpg') {
        served++;
        res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg);
      } else if (req.url === '/moved.jpg') res.writeHead(302, { location: '/car.jpg' }).end();
      else if (req.url === '/to-inside.jpg') res.writeHead(302, { location: insideUrl }).end();
      else if (req.url === '/page.html') res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>');
      else res.writeHead(404).end();
    });
    await new Promise<void>((r) => photoServer.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(photoServer.address() as AddressInfo).port}`;
    s = await startServer('pglite', { config: { outboundAllowPrivate: true, jobsIntervalMs: 200 } });
  });
  afterAll(async () => {
    await s?.close();
    await new Promise((r) => photoServer?.close(r));
    await new Promise((r) => inside?.close(r));
  });

  it('fetches a row’s photos in the background into the listing, once; a page or a missing photo is skipped', async () => {
    const dealer = await s.signup({ name: 'Photo Motors', user_type: 'dealer' });
    const file = `Stock No,Make,Model,Year,Photos\r\nPH-1,Toyota,Aqua,2015,${base}/car.jpg ${base}/moved.jpg ${base}/page.html ${base}/missing.jpg\r\n`;
    const { payload, contentType } = await multipart('stock.csv', Buffer.from(file), 'text/csv');
    const upload = async () =>
      (await s.app.inject({ method: 'POST', url: '/api/dealer/imports', payload, headers: { 'content-type': contentType, authorization: `Bearer ${dealer.token}` } })).json() as StockImport;
    const run = async () => {
      const imp = await upload();
      await s.request({ method: 'POST', url: `/api/dealer/imports/${imp.id}/apply`, token: dealer.token, body: { mapping: imp.mapping } });
      // Until the import's job and the photo jobs it makes are all done (on the jobs table, not a clock).
      for (;;) {
        s.app.ctx.jobs.kick();
        await s.app.ctx.jobs.idle();
        const pending = await s.app.ctx.db.execute(sql`select 1 from jobs where name in ('stock-import', 'import-photos')`);
        if (!rowsOf(pending).length) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      return ((await s.request({ method: 'GET', url: '/api/dealer/stock', token: dealer.token })).json() as StockPage).items[0]!;
    };
    const listing = await run();
    expect(listing.images).toHaveLength(2);
    for (const url of listing.images) expect(url).toMatch(/^\/media\//);
    expect(served).toBe(2);
    // The same file again: the same addresses are not fetched again.
    expect((await run()).images).toEqual(listing.images);
    expect(served).toBe(2);
  });

  it('never fetches from a private address, named, resolved or redirected to', async () => {
    const only = new Set(['127.0.0.1']);
    expect(await fetchPhoto(`${base}/car.jpg`, only, 'test')).toBeInstanceOf(Buffer);
    for (const url of [`${base}/to-inside.jpg`, `http://127.0.0.2:${(inside.address() as AddressInfo).port}/secret.jpg`, `http://localhost:${(photoServer.address() as AddressInfo).port}/car.jpg`]) {
      const attempt = fetchPhoto(url, only, 'test');
      await expect(attempt, url).rejects.toBeInstanceOf(OutboundRefused);
      await expect(attempt, url).rejects.toMatchObject({ privateAddress: true });
    }
    expect(insideHits).toBe(0);
  });
});
