import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '@/server/buildApp';
import { SCREEN_FILES_MANIFEST } from '@/server/screenPreloads';
import { startServer, type TestServer } from './harness';
import { photoDataUrl } from '../support/photos';

// The server serves the built app beside /api: the shell for every client route, hashed assets
// cached for a year, and JSON errors for the API.
describe('serving the app', () => {
  let s: TestServer;
  let appDir: string;

  beforeAll(async () => {
    appDir = mkdtempSync(path.join(tmpdir(), 'motokari-dist-'));
    mkdirSync(path.join(appDir, 'assets'));
    writeFileSync(path.join(appDir, 'index.html'), '<!doctype html><title>Motokari</title><div id="root"></div>');
    writeFileSync(path.join(appDir, 'home.html'), '<!doctype html><title>Motokari</title><div id="root"><h1>hero</h1></div>');
    writeFileSync(path.join(appDir, 'assets', 'index-abc123.js'), 'console.log("app")');
    writeFileSync(path.join(appDir, 'manifest.webmanifest'), '{"name":"Motokari"}');
    writeFileSync(path.join(appDir, 'assets', 'vendor-def456.js'), `export const words = ${JSON.stringify('motokari '.repeat(2000))};`);
    // Vite's build manifest: which files each screen's module needs.
    mkdirSync(path.join(appDir, '.vite'));
    writeFileSync(
      path.join(appDir, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-abc123.js', isEntry: true, imports: ['_vendor-def456.js'] },
        '_vendor-def456.js': { file: 'assets/vendor-def456.js' },
        '_card-c2.js': { file: 'assets/card-c2.js', imports: ['_vendor-def456.js'], css: ['assets/card-c3.css'] },
        'features/search/BrowsePage.tsx': { file: 'assets/BrowsePage-b1.js', isDynamicEntry: true, imports: ['index.html', '_vendor-def456.js', '_card-c2.js'] },
        'features/search/HomePage.tsx': { file: 'assets/HomePage-h1.js', isDynamicEntry: true, imports: ['index.html'] },
        'features/search/home/MobileHomeSearch.tsx': { file: 'assets/MobileHomeSearch-m1.js', isDynamicEntry: true, imports: ['_card-c2.js'] },
        'features/search/home/DesktopHomeSearch.tsx': { file: 'assets/DesktopHomeSearch-d1.js', isDynamicEntry: true, imports: ['index.html'] },
        'features/vehicle/VehicleDetailPage.tsx': { file: 'assets/VehicleDetailPage-v1.js', isDynamicEntry: true, imports: ['index.html'] },
      }),
    );
    // The build's screens.json: which file holds each screen (vite.config.ts).
    writeFileSync(
      path.join(appDir, SCREEN_FILES_MANIFEST),
      JSON.stringify({
        screens: { home: 'assets/HomePage-h1.js', browse: 'assets/BrowsePage-b1.js', listing: 'assets/VehicleDetailPage-v1.js' },
        homeVariants: { mobile: 'assets/MobileHomeSearch-m1.js', desktop: 'assets/DesktopHomeSearch-d1.js' },
      }),
    );
    precompress(appDir);
    s = await startServer('pglite', { deps: { appDir } });
  });
  afterAll(async () => {
    await s?.close();
    rmSync(appDir, { recursive: true, force: true });
  });

  it('serves the shell at / and for client routes, revalidated on each visit', async () => {
    // (A listing's page whose listing is not public answers 404 with the same shell: seo.test.ts.)
    for (const url of ['/', '/cars', '/about', '/dashboard?tab=listings']) {
      const res = await s.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toContain('<div id="root">');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it("sends the home page's own copy of the shell, with its hero, for / only", async () => {
    expect((await s.request({ method: 'GET', url: '/' })).body).toContain('<h1>hero</h1>');
    for (const url of ['/cars', '/about', '/home', '/index.html']) {
      expect((await s.request({ method: 'GET', url })).body, url).not.toContain('<h1>hero</h1>');
    }
  });

  it("asks for the home page's hero poster with the page, and only on the home page", async () => {
    const home = await s.request({ method: 'GET', url: '/' });
    const link = String(home.headers.link);
    expect(link).toContain('</media/hero-mobile.webp>; rel=preload; as=image; type="image/webp"; fetchpriority=high; media="not all and (min-width: 48em)"');
    expect(link).toContain('</media/hero-desktop.webp>; rel=preload; as=image; type="image/webp"; fetchpriority=high; media="(min-width: 48em)"');
    for (const url of ['/cars', '/car/4c0e1f9a-8a3a-4b0e-9d1a-2f3e4d5c6b7a', '/about', '/api/nothing']) {
      expect(String((await s.request({ method: 'GET', url })).headers.link ?? ''), url).not.toContain('hero');
    }
  });

  it("names the code of the screen an address opens on, without what the page's own script loads", async () => {
    const link = async (url: string, headers: Record<string, string> = {}) =>
      String((await s.request({ method: 'GET', url, headers })).headers.link ?? '')
        .split(', ')
        .filter((l) => l && !l.includes('hero'));
    expect(await link('/cars')).toEqual(['</assets/BrowsePage-b1.js>; rel=modulepreload', '</assets/card-c2.js>; rel=modulepreload', '</assets/card-c3.css>; rel=preload; as=style']);
    expect(await link('/vehicles/4c0e1f9a-8a3a-4b0e-9d1a-2f3e4d5c6b7a')).toEqual(['</assets/VehicleDetailPage-v1.js>; rel=modulepreload']);
    // The home page's phone or desktop panel as the browser's mobile hint says; neither without one.
    expect(await link('/')).toEqual(['</assets/HomePage-h1.js>; rel=modulepreload']);
    expect(await link('/', { 'sec-ch-ua-mobile': '?1' })).toEqual([
      '</assets/HomePage-h1.js>; rel=modulepreload',
      '</assets/MobileHomeSearch-m1.js>; rel=modulepreload',
      '</assets/card-c2.js>; rel=modulepreload',
      '</assets/card-c3.css>; rel=preload; as=style',
    ]);
    expect(await link('/', { 'sec-ch-ua-mobile': '?0' })).toEqual(['</assets/HomePage-h1.js>; rel=modulepreload', '</assets/DesktopHomeSearch-d1.js>; rel=modulepreload']);
    expect(await link('/about')).toEqual([]);
    expect((await s.request({ method: 'GET', url: '/api/nothing' })).headers.link).toBeUndefined();
  });

  it("asks for a listing page's main photo with the page, only while the listing is public", async () => {
    const photoLinks = async (url: string) =>
      String((await s.request({ method: 'GET', url })).headers.link ?? '')
        .split(', ')
        .filter((l) => l.includes('as=image'));
    const seller = await s.signup();
    const draft = await s.draft(seller.token, { images: [await photoDataUrl('#a33'), await photoDataUrl('#3a3')] });
    const main = draft.images[0]!;
    expect(main).toMatch(/^\/media\/[0-9a-f]{32}-full\.webp$/);
    // Not public yet (unpaid): nothing is said about it.
    expect(await photoLinks(`/car/${draft.id}`)).toEqual([]);
    await s.pay(seller.token, draft.id);
    for (const url of [`/car/${draft.id}`, `/vehicle/${draft.id}`, `/vehicles/${draft.id}/`]) {
      expect(await photoLinks(url), url).toEqual([`<${main}>; rel=preload; as=image; fetchpriority=high`]);
    }
    // Beside the screen's code, and nothing for an address that names no listing.
    expect(String((await s.request({ method: 'GET', url: `/car/${draft.id}` })).headers.link)).toContain('</assets/VehicleDetailPage-v1.js>; rel=modulepreload');
    expect(await photoLinks('/car/4c0e1f9a-8a3a-4b0e-9d1a-2f3e4d5c6b7a')).toEqual([]);
    expect(await photoLinks('/car/%E0%A4%A')).toEqual([]);
  });

  it('caches hashed assets for a year and revalidates other files', async () => {
    const asset = await s.request({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("app")');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const manifest = await s.request({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it("sends the build's precompressed assets to browsers that accept them, the plain file to others", async () => {
    const plain = `export const words = ${JSON.stringify('motokari '.repeat(2000))};`;
    const br = await s.request({ method: 'GET', url: '/assets/vendor-def456.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.length / 10);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    const gz = await s.request({ method: 'GET', url: '/assets/vendor-def456.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain);
    const none = await s.request({ method: 'GET', url: '/assets/vendor-def456.js' });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body).toBe(plain);
  });

  it('compresses API answers for clients that accept it', async () => {
    const res = await s.request({ method: 'GET', url: '/api/sync/catalogue', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    const body = JSON.parse(gunzipSync(res.rawPayload).toString());
    expect(body.makes.length).toBeGreaterThan(100);
    expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(JSON.stringify(body)) / 4);
  });

  it('answers missing files and API routes with a 404, not the shell', async () => {
    const missing = await s.request({ method: 'GET', url: '/assets/missing.js' });
    expect(missing.statusCode).toBe(404);
    const api = await s.request({ method: 'GET', url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ detail: 'Not found' });
  });
});
