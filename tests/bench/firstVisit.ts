import { ANDROID_PHONE, launchBrowser, startAppServer } from '../e2e/browser';

// A phone's first visit to /, everything but the listings: what crosses the network (encoded bodies
// and headers, the page's and the service worker's requests alike) until the service worker is
// installed and the page idle, by kind. `npx tsx tests/bench/firstVisit.ts [appDir]` (appDir: a copy
// of an earlier build to compare; the current build otherwise).

const appDir = process.argv[2];
const server = await startAppServer(appDir ? { appDir } : {});
const browser = await launchBrowser();
try {
  const context = await browser.newContext(ANDROID_PHONE);
  const sizes: Array<Promise<{ path: string; bytes: number; sw: boolean }>> = [];
  context.on('requestfinished', (request) => {
    sizes.push(
      (async () => {
        const response = await request.response();
        const s = await request.sizes();
        const bytes = response?.fromServiceWorker() ? 0 : s.responseBodySize + s.responseHeadersSize + s.requestHeadersSize + s.requestBodySize;
        return { path: new URL(request.url()).pathname, bytes, sw: request.serviceWorker() !== null };
      })(),
    );
  });
  const page = await context.newPage();
  await page.goto(`${server.url}/`);
  await page.getByText('Start Your Search').waitFor({ timeout: 60_000 });
  await page.waitForFunction(async () => !!(await navigator.serviceWorker.ready).active, undefined, { timeout: 120_000 });
  await page.waitForLoadState('networkidle');
  const all = await Promise.all(sizes);
  const kind = (p: string) =>
    p.startsWith('/api/sync/') ? 'listings (sync)' : p.startsWith('/api/') ? 'api' : p.startsWith('/media/') || p.startsWith('/samples/') ? 'photos' : 'app (html, code, css, icons)';
  const by = new Map<string, { bytes: number; files: number; bySw: number }>();
  for (const r of all) {
    const k = by.get(kind(r.path)) ?? { bytes: 0, files: 0, bySw: 0 };
    k.bytes += r.bytes;
    k.files++;
    if (r.sw) k.bySw += r.bytes;
    by.set(kind(r.path), k);
  }
  const precache = await page.evaluate(async () => {
    const keys = await Promise.all((await caches.keys()).map(async (name) => [name, (await (await caches.open(name)).keys()).length] as const));
    return Object.fromEntries(keys);
  });
  for (const [k, v] of by) console.log(`${k}: ${(v.bytes / 1000).toFixed(1)} KB in ${v.files} requests (${(v.bySw / 1000).toFixed(1)} KB of it by the service worker)`);
  const notListings = [...by].filter(([k]) => k !== 'listings (sync)').reduce((n, [, v]) => n + v.bytes, 0);
  console.log(`everything but the listings: ${(notListings / 1000).toFixed(1)} KB`);
  console.log('caches (entries):', JSON.stringify(precache));
} finally {
  await browser.close();
  await server.close();
}
