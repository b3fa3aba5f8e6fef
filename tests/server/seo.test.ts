import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import * as z from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Vehicle } from '@/domain/listing/vehicle';
import { farmingBody } from '../support/listingBody';
import { multipart } from '../support/multipart';
import { ENGINES, startServer, type TestServer } from './harness';

// What a crawler and a chat app's link fetcher get without running any script: a head per page
// (title, description, Open Graph and Twitter tags, canonical address, JSON-LD), a JPEG preview per
// listing, robots.txt and sitemaps listing every public listing once.

const ORIGIN = 'https://motokari.example';
/** How WhatsApp's and Facebook's link fetchers name themselves. */
const FETCHERS = { whatsapp: 'WhatsApp/2.23.20.0 A', facebook: 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)' };
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Motokari: buy and sell vehicles in Zimbabwe</title>
    <meta name="description" content="Cars, construction and farming vehicles for sale across Zimbabwe, searchable offline." />
  </head>
  <body><div id="root"><p class="loading" role="status">Loading Motokari...</p></div></body>
</html>`;

/** The page's head as a crawler reads it: the title, each meta tag by name or property, links, JSON-LD blocks. */
function readHead(html: string) {
  const head = html.slice(0, html.indexOf('</head>'));
  const unescape = (s: string) =>
    s
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  const meta = new Map<string, string[]>();
  for (const m of head.matchAll(/<meta (name|property)="([^"]+)" content="([^"]*)" \/>/g)) meta.set(m[2]!, [...(meta.get(m[2]!) ?? []), unescape(m[3]!)]);
  const titles = [...head.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => unescape(m[1]!));
  const canonical = /<link rel="canonical" href="([^"]+)" \/>/.exec(head)?.[1] ?? null;
  const jsonLd = [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
  return { titles, title: titles[0], meta: (k: string) => meta.get(k) ?? [], canonical: canonical && unescape(canonical), jsonLd };
}

// schema.org's definitions of what we write, as far as search engines read them (https://schema.org/Car,
// /Offer, /QuantitativeValue, /BreadcrumbList): types, required parts and value forms.
const thing = (type: string) => z.object({ '@type': z.literal(type), name: z.string().min(1) });
const offer = z.object({
  '@type': z.literal('Offer'),
  url: z.url(),
  price: z.number().positive().optional(),
  priceCurrency: z.literal('USD'),
  availability: z.enum(['https://schema.org/InStock', 'https://schema.org/SoldOut']),
  itemCondition: z.enum(['https://schema.org/NewCondition', 'https://schema.org/UsedCondition']),
  // By name only: no telephone, email or address of a seller.
  seller: z
    .object({ '@type': z.enum(['AutoDealer', 'Person']), name: z.string().min(1) })
    .strict()
    .optional(),
});
const vehicleLd = z
  .object({
    '@context': z.literal('https://schema.org'),
    '@type': z.enum(['Car', 'Vehicle']),
    '@id': z.string(),
    name: z.string().min(1),
    url: z.url(),
    description: z.string().optional(),
    image: z.array(z.url()).min(1).optional(),
    brand: thing('Brand'),
    model: z.string().min(1),
    vehicleModelDate: z.string().regex(/^\d{4}$/),
    mileageFromOdometer: z
      .object({ '@type': z.literal('QuantitativeValue'), value: z.number().nonnegative(), unitCode: z.literal('KMT') })
      .strict()
      .optional(),
    fuelType: z.string().optional(),
    vehicleTransmission: z.string().optional(),
    color: z.string().optional(),
    itemCondition: z.string(),
    offers: offer.strict(),
  })
  .strict();
const breadcrumbLd = z
  .object({
    '@context': z.literal('https://schema.org'),
    '@type': z.literal('BreadcrumbList'),
    itemListElement: z.array(z.object({ '@type': z.literal('ListItem'), position: z.number().int().positive(), name: z.string().min(1), item: z.url() }).strict()).min(2),
  })
  .strict();

describe.each(ENGINES)('%s: pages as crawlers and chat apps read them', (engine) => {
  let s: TestServer;
  let appDir: string;
  let dealerToken: string;
  let dealerId: string;
  let privateToken: string;
  let withPhoto: Vehicle;
  let noPhoto: Vehicle;
  let draft: Vehicle;
  const page = (url: string, ua: string = FETCHERS.whatsapp) => s.request({ method: 'GET', url, headers: { 'user-agent': ua } });

  beforeAll(async () => {
    appDir = mkdtempSync(path.join(tmpdir(), 'motokari-seo-'));
    writeFileSync(path.join(appDir, 'index.html'), INDEX_HTML);
    writeFileSync(path.join(appDir, 'browse.html'), INDEX_HTML.replace(/<p class="loading"[^<]*<\/p>/, '<main><!--browse-opening--></main>'));
    s = await startServer(engine, { config: { publicUrl: ORIGIN }, deps: { appDir, sitemapSize: 2 } });
    const dealer = await s.signup({ user_type: 'dealer', business_name: 'Borrowdale Motors', phone: '+263771112233', email: 'sales@borrowdale.example', location: 'Borrowdale, Harare' });
    dealerToken = dealer.token;
    dealerId = dealer.user.id;
    privateToken = (await s.signup({ phone: '+263775556677', location: 'Bulawayo' })).token;
    const photo = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#2a6' } })
      .composite([
        {
          input: await sharp({ create: { width: 900, height: 700, channels: 3, background: '#c33' } })
            .png()
            .toBuffer(),
          left: 1800,
          top: 900,
        },
      ])
      .jpeg({ quality: 95 })
      .toBuffer();
    const { payload, contentType } = await multipart([{ name: 'hilux.jpg', bytes: photo }]);
    const up = await s.app.inject({ method: 'POST', url: '/api/uploads', payload, headers: { 'content-type': contentType, authorization: `Bearer ${dealerToken}` } });
    expect(up.statusCode, up.body).toBe(201);
    const url = (up.json().files as { url: string }[])[0]!.url;
    withPhoto = await s.pay(dealerToken, (await s.draft(dealerToken, { images: [url], description: 'Well kept <b>bakkie</b>, full service history. Call 0771112233 after 5pm.\n\nNew tyres.' })).id);
    noPhoto = await s.pay(privateToken, (await s.draft(privateToken, farmingBody({ images: [], location: 'Bulawayo' }))).id);
    draft = await s.draft(privateToken, { make: 'Mazda', model: 'BT-50' });
  });
  afterAll(async () => {
    await s?.close();
    rmSync(appDir, { recursive: true, force: true });
  });

  it("gives a listing's page its own title, description, preview tags and canonical address, before any script", async () => {
    for (const ua of Object.values(FETCHERS)) {
      const res = await page(`/car/${withPhoto.id}`, ua);
      expect(res.statusCode).toBe(200);
      const head = readHead(res.body);
      expect(head.titles).toEqual(['2019 Toyota Hilux 2.8GD-6 – $38,000 – Borrowdale, Harare | Motokari']);
      expect(head.meta('description')).toHaveLength(1);
      const description = head.meta('description')[0]!;
      expect(description).toMatch(/^2019 Toyota Hilux 2\.8GD-6 for sale in Borrowdale, Harare at \$38,000\. 85,000 km, Diesel, Manual, Used\. Well kept <b>bakkie<\/b>/);
      expect(description.length).toBeLessThanOrEqual(160);
      expect(head.meta('og:title')).toEqual([head.title]);
      expect(head.meta('og:description')).toEqual([description]);
      expect(head.meta('og:type')).toEqual(['product']);
      expect(head.meta('og:url')).toEqual([`${ORIGIN}/car/${withPhoto.id}`]);
      expect(head.canonical).toBe(`${ORIGIN}/car/${withPhoto.id}`);
      expect(head.meta('og:image')[0]).toMatch(new RegExp(`^${ORIGIN}/preview/${withPhoto.id}\\.jpg\\?v=\\w+$`));
      expect(head.meta('og:image:width')).toEqual(['1200']);
      expect(head.meta('og:image:height')).toEqual(['630']);
      expect(head.meta('twitter:card')).toEqual(['summary_large_image']);
      expect(head.meta('robots')).toEqual([]);
      // The seller's description is text in an attribute, never markup in the page.
      expect(res.body).not.toContain('<b>bakkie');
    }
  });

  it("has a page per language, each naming the others (hreflang), in that language's words (issue 39)", async () => {
    const english = await page(`/car/${withPhoto.id}`);
    const address = `${ORIGIN}/car/${withPhoto.id}`;
    const alternates = (html: string) => [...html.slice(0, html.indexOf('</head>')).matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)" \/>/g)].map((m) => [m[1], m[2]]);
    const all = [
      ['en', address],
      ['sn', `${address}?lang=sn`],
      ['nd', `${address}?lang=nd`],
      ['x-default', address],
    ];
    expect(english.body).toMatch(/^<!doctype html>\s*<html lang="en">/);
    expect(alternates(english.body)).toEqual(all);
    const descriptions = new Set([readHead(english.body).meta('description')[0]]);
    for (const language of ['sn', 'nd']) {
      const res = await page(`/car/${withPhoto.id}?lang=${language}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toMatch(new RegExp(`^<!doctype html>\\s*<html lang="${language}">`));
      const head = readHead(res.body);
      expect(head.canonical).toBe(`${address}?lang=${language}`);
      expect(alternates(res.body)).toEqual(all);
      // The make, model, place and price as they are; the words around them in the language.
      const description = head.meta('description')[0]!;
      expect(description).toContain('2019 Toyota Hilux 2.8GD-6');
      expect(description).toContain('$38,000');
      expect(description).not.toContain('for sale in');
      descriptions.add(description);
    }
    expect(descriptions.size).toBe(3);
    // An unknown language is the English page; a page not to be indexed names no others.
    expect(readHead((await page(`/car/${withPhoto.id}?lang=xx`)).body).canonical).toBe(address);
    expect(alternates((await page(`/car/${draft.id}?lang=sn`)).body)).toEqual([]);
    expect((await page('/faq?lang=nd')).body).toMatch(/<html lang="nd">/);
  });

  it("shows the listing's key facts in the page itself, with its JSON for the app, and nothing of a listing that is not public", async () => {
    const html = (await page(`/car/${withPhoto.id}`)).body;
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toContain('<h1>2019 Toyota Hilux 2.8GD-6</h1>');
    expect(root).toContain('<p class="mk-l-price">$38,000</p>');
    for (const fact of ['<dt>Year</dt><dd>2019</dd>', '<dt>Mileage</dt><dd>85,000 km</dd>', '<dt>Fuel Type</dt><dd>Diesel</dd>', '<dt>Location</dt><dd>Borrowdale, Harare</dd>'])
      expect(root).toContain(fact);
    expect(root).toContain(`<img src="${withPhoto.images[0]}" alt="2019 Toyota Hilux 2.8GD-6"`);
    // The seller's words as text, never as markup.
    expect(root).toContain('Well kept &lt;b&gt;bakkie&lt;/b&gt;, full service history.');
    const data = /<script type="application\/json" id="mk-listing">([\s\S]*?)<\/script>/.exec(root)?.[1];
    expect(JSON.parse(data!)).toMatchObject({ id: withPhoto.id, price: 38000, make: 'Toyota' });
    expect(data).not.toContain('</b>');
    for (const url of [`/car/${draft.id}`, '/cars', '/']) expect((await page(url)).body, url).not.toContain('mk-listing');
  });

  it("shows a browse page's first results in the page itself, with their JSON for the app; not for a filtered address", async () => {
    const html = (await page('/cars')).body;
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toContain('<h1 class="mk-b-title">Browse cars</h1>');
    expect(root).toContain('<p class="mk-b-count">1 cars found</p>');
    expect(root).toContain(`<a class="mk-b-card" href="/car/${withPhoto.id}">`);
    expect(root).toContain('<span class="mk-b-price">$38,000</span><span class="mk-b-name">2019 Toyota Hilux 2.8GD-6</span>');
    const data = /<script type="application\/json" id="mk-browse">([\s\S]*?)<\/script>/.exec(root)?.[1];
    const opening = JSON.parse(data!) as { vehicle_type: string; total: number; items: Vehicle[] };
    expect(opening).toMatchObject({ vehicle_type: 'car', total: 1 });
    // Only what a card shows: no description, one photo.
    expect(opening.items.map((v) => [v.id, v.description, v.images.length])).toEqual([[withPhoto.id, null, 1]]);
    expect(root).not.toContain('bakkie');
    expect(root).not.toContain(draft.id);
    const farming = (await page('/farming')).body;
    expect(farming).toContain(`<a class="mk-b-card" href="/car/${noPhoto.id}">`);
    expect(farming).toContain('<p class="mk-b-count">1 vehicles found</p>');
    // An address with filters of its own gets the plain page: its results are the app's to find.
    expect((await page('/cars?make=Toyota')).body).not.toContain('mk-browse');
    // The home page carries the newest cars' JSON for its list, not their cards (its hero opens it).
    const home = (await page('/')).body;
    expect(JSON.parse(/<script type="application\/json" id="mk-browse">([\s\S]*?)<\/script>/.exec(home)![1]!)).toMatchObject({ vehicle_type: 'car', total: 1, items: [{ id: withPhoto.id }] });
    expect(home).not.toContain('mk-b-card');
  });

  it('sends the pages compressed to browsers that accept it', async () => {
    const res = await s.request({ method: 'GET', url: `/car/${withPhoto.id}`, headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<title>2019 Toyota Hilux 2.8GD-6 – $38,000 – Borrowdale, Harare | Motokari</title>');
    const plain = await s.request({ method: 'GET', url: `/car/${withPhoto.id}`, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it("names the listing's one address from its other two", async () => {
    for (const url of [`/vehicle/${withPhoto.id}`, `/vehicles/${withPhoto.id}/`]) {
      const res = await page(url);
      expect(res.statusCode).toBe(200);
      expect(readHead(res.body).canonical).toBe(`${ORIGIN}/car/${withPhoto.id}`);
    }
  });

  it('never puts contact details in the page', async () => {
    const html = (await page(`/car/${withPhoto.id}`)).body;
    for (const secret of ['+263771112233', '263771112233', 'sales@borrowdale.example']) expect(html).not.toContain(secret);
  });

  it('describes the listing as schema.org structured data: a Car with its Offer, the dealer by name, and the breadcrumb', async () => {
    const [vehicle, crumbs] = readHead((await page(`/car/${withPhoto.id}`)).body).jsonLd;
    const car = vehicleLd.parse(vehicle);
    expect(car['@type']).toBe('Car');
    expect(car.brand.name).toBe('Toyota');
    expect(car.model).toBe('Hilux');
    expect(car.vehicleModelDate).toBe('2019');
    expect(car.mileageFromOdometer).toEqual({ '@type': 'QuantitativeValue', value: 85000, unitCode: 'KMT' });
    expect(car.offers).toMatchObject({ price: 38000, priceCurrency: 'USD', availability: 'https://schema.org/InStock', seller: { '@type': 'AutoDealer', name: 'Borrowdale Motors' } });
    expect(car.image![0]).toMatch(new RegExp(`^${ORIGIN}/media/[0-9a-f]+-full\\.webp$`));
    expect(breadcrumbLd.parse(crumbs).itemListElement.map((i) => i.name)).toEqual(['Home', 'Browse Cars', 'Toyota Hilux 2.8GD-6']);

    const [farm] = readHead((await page(`/car/${noPhoto.id}`)).body).jsonLd;
    const tractor = vehicleLd.parse(farm);
    expect(tractor['@type']).toBe('Vehicle');
    expect(tractor.offers.seller).toEqual({ '@type': 'Person', name: expect.any(String) });
  });

  it("answers an unknown, a draft's or a removed listing's page 404, 'Car not found', not to be indexed", async () => {
    const removed = await s.pay(dealerToken, (await s.draft(dealerToken, { model: 'Fortuner' })).id);
    expect((await s.request({ method: 'DELETE', url: `/api/vehicles/${removed.id}`, token: dealerToken })).statusCode).toBeLessThan(300);
    for (const url of ['/car/4c0e1f9a-8a3a-4b0e-9d1a-2f3e4d5c6b7a', '/car/not-a-listing', `/car/${draft.id}`, `/car/${removed.id}`]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      const head = readHead(res.body);
      expect(head.title).toBe('Car not found | Motokari');
      expect(head.meta('robots')).toEqual(['noindex']);
      expect(head.meta('og:image')).toEqual([]);
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('makes each listing a 1200 x 630 JPEG preview under 300 KB, from its photo or the illustration', async () => {
    for (const v of [withPhoto, noPhoto]) {
      const image = readHead((await page(`/car/${v.id}`)).body).meta('og:image')[0]!;
      const res = await s.request({ method: 'GET', url: image.slice(ORIGIN.length) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      const bytes = res.rawPayload;
      expect(bytes.length).toBeLessThan(300 * 1024);
      const meta = await sharp(bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
      // Asked again, the same picture (kept, not made anew).
      expect((await s.request({ method: 'GET', url: image.slice(ORIGIN.length) })).rawPayload.equals(bytes)).toBe(true);
    }
    // The photo's colours, cropped to fill: no white bars.
    const photoPreview = (await s.request({ method: 'GET', url: `/preview/${withPhoto.id}.jpg` })).rawPayload;
    const { dominant } = await sharp(photoPreview).stats();
    expect(dominant.r + dominant.g + dominant.b).toBeLessThan(600);
    expect((await s.request({ method: 'GET', url: `/preview/${draft.id}.jpg` })).statusCode).toBe(404);
    expect((await s.request({ method: 'GET', url: '/preview/../../etc/passwd.jpg' })).statusCode).toBe(404);
  });

  it('gives every other page its own title: dealer, browse pages with counts, content pages, the home page with the site', async () => {
    const dealerHead = readHead((await page(`/dealer/${dealerId}/inventory`)).body);
    expect(dealerHead.title).toBe('Borrowdale Motors in Borrowdale, Harare – 1 vehicle in stock | Motokari');
    expect(dealerHead.canonical).toBe(`${ORIGIN}/dealer/${dealerId}/inventory`);

    const cars = readHead((await page('/cars')).body);
    expect(cars.title).toBe('Cars for sale in Zimbabwe | Motokari');
    expect(cars.meta('description')[0]).toMatch(/^1 cars for sale in Zimbabwe/);
    expect(readHead((await page('/farming')).body).meta('description')[0]).toMatch(/^1 farming vehicles for sale in Zimbabwe/);
    expect(readHead((await page('/construction')).body).meta('description')[0]).toMatch(/^0 construction vehicles for sale/);

    const titles = new Set<string>();
    for (const url of ['/featured', '/dealers', '/buying-guide', '/selling-guide', '/faq', '/about', '/terms-and-conditions', '/privacy-policy', '/cookie-policy', '/advertising-prices']) {
      const head = readHead((await page(url)).body);
      expect(head.titles, url).toHaveLength(1);
      expect(head.title, url).toMatch(/ \| Motokari$/);
      expect(head.canonical, url).toBe(ORIGIN + url);
      titles.add(head.title!);
    }
    expect(titles.size).toBe(10);

    const home = readHead((await page('/')).body);
    expect(home.title).toBe('Motokari: buy and sell vehicles in Zimbabwe');
    expect(home.jsonLd.map((o) => o['@type'])).toEqual(['Organization', 'WebSite']);
    expect(readHead((await page('/dashboard')).body).meta('robots')).toEqual(['noindex']);
  });

  it('names the sitemaps in robots.txt, and lists every public listing once, in files of at most the size, none of the drafts or expired', async () => {
    const robots = await s.request({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(robots.body).toContain('Disallow: /api/');

    const more = [];
    for (let i = 0; i < 3; i++) more.push(await s.pay(dealerToken, (await s.draft(dealerToken, { model: `Land Cruiser ${i}` })).id));
    const expiring = await s.pay(privateToken, (await s.draft(privateToken, { model: 'Corolla' })).id);
    // Its time runs out (as the database sees it): it is no longer public.
    await s.app.ctx.db.execute(sql`update vehicles set expires_at = now() - interval '1 hour' where id = ${expiring.id}`);
    const index = await s.request({ method: 'GET', url: '/sitemap.xml' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/^application\/xml/);
    wellFormed(index.body);
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const files = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(files[0]).toBe(`${ORIGIN}/sitemaps/pages.xml`);

    const listed: string[] = [];
    let listedBefore = 0;
    for (const file of files.slice(1)) {
      const res = await s.request({ method: 'GET', url: file.slice(ORIGIN.length) });
      expect(res.statusCode).toBe(200);
      wellFormed(res.body);
      const urls = [...res.body.matchAll(/<url><loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod>((?:<xhtml:link [^>]+\/>)+)<\/url>/g)];
      // Each listing once per language (issue 39), every entry naming the page in each language.
      expect(urls.length).toBeLessThanOrEqual(2 * 3);
      for (const [, loc, lastmod, links] of urls) {
        expect(new Date(lastmod!).toISOString()).toBe(lastmod);
        const english = loc!.replace(/\?lang=(sn|nd)$/, '');
        expect([...links!.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1], m[2]])).toEqual([
          ['en', english],
          ['sn', `${english}?lang=sn`],
          ['nd', `${english}?lang=nd`],
          ['x-default', english],
        ]);
        if (loc === english) listed.push(loc);
      }
      expect(urls.length).toBe(listed.length * 3 - listedBefore);
      listedBefore = listed.length * 3;
    }
    const publicIds = [withPhoto, noPhoto, ...more].map((v) => `${ORIGIN}/car/${v.id}`);
    expect(listed.sort()).toEqual(publicIds.sort());
    expect(files.length - 1).toBe(Math.ceil(publicIds.length / 2));

    const pages = (await s.request({ method: 'GET', url: '/sitemaps/pages.xml' })).body;
    wellFormed(pages);
    for (const p of ['/', '/cars', '/construction', '/farming', '/faq', `/dealer/${dealerId}/inventory`]) {
      expect(pages).toContain(`<loc>${ORIGIN}${p}</loc>`);
      expect(pages).toContain(`<loc>${ORIGIN}${p}?lang=sn</loc>`);
    }

    // A crawler holding this revision's copy is told nothing changed; after a change, it gets the new one.
    const etag = String(index.headers.etag);
    expect((await s.request({ method: 'GET', url: '/sitemap.xml', headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    await s.draft(dealerToken, { model: 'Prado' }).then((v) => s.pay(dealerToken, v.id));
    expect((await s.request({ method: 'GET', url: '/sitemap.xml', headers: { 'if-none-match': etag } })).statusCode).toBe(200);
    expect((await s.request({ method: 'GET', url: '/sitemaps/listings-99.xml' })).statusCode).toBe(404);
    expect((await s.request({ method: 'GET', url: '/sitemaps/other.xml' })).statusCode).toBe(404);
  });

  it('keeps these addresses out of the API description', async () => {
    const paths = Object.keys(((await s.request({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, unknown> }).paths);
    expect(paths.filter((p) => !p.startsWith('/api/'))).toEqual([]);
  });
});

/** A sitemap's XML: one root, every element closed in order, no stray ampersand. */
function wellFormed(xml: string): void {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
  const stack: string[] = [];
  for (const m of xml.slice(xml.indexOf('?>') + 2).matchAll(/<(\/?)([a-z]+)[^>]*?(\/?)>/gi)) {
    if (m[3]) continue;
    if (m[1]) expect(stack.pop()).toBe(m[2]);
    else stack.push(m[2]!);
  }
  expect(stack).toEqual([]);
  expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;|#\d+;)/);
}
