import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { hasChromium } from './browser';
import { appInBrowser, requireChromiumInCi } from './appInBrowser';
import { sellerApi } from './sellers';
import { startS3Server, type TestS3Server } from '../support/s3Server';

requireChromiumInCi();

const DESKTOP = { viewport: { width: 1280, height: 900 } };

/**
 * A CDN in front of the bucket: https (the app's CSP upgrades http addresses to https, as a real CDN
 * is), passing each GET to the bucket's own address, with a self-signed certificate made by openssl.
 */
async function startCdn(origin: string): Promise<{ url: string; close(): Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'motokari-cdn-'));
  try {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')], {
      stdio: 'ignore',
    });
    const server = https.createServer({ key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) }, (req, res) => {
      const upstream = http.request(origin + req.url, { method: req.method }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      upstream.on('error', () => res.writeHead(502).end());
      upstream.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return {
      url: `https://localhost:${(server.address() as AddressInfo).port}`,
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// MEDIA_STORE=s3 with MEDIA_PUBLIC_URL: the server answers /media/<name> with a redirect to the
// bucket's public address (here s3rver's, as a CDN would be), and the page shows the photo from there.
// MEDIA_STORE=s3 with MEDIA_PUBLIC_URL: the server answers /media/<name> with a redirect to the
// bucket's public address (an https CDN in front of s3rver), and the page shows the photo from there.
describe.skipIf(!hasChromium)('photos in a bucket behind a CDN, in Chromium', () => {
  let bucket: TestS3Server | undefined;
  let cdn: Awaited<ReturnType<typeof startCdn>> | undefined;
  beforeAll(async () => {
    bucket = await startS3Server();
    cdn = await startCdn(bucket.endpoint);
  });
  afterAll(async () => {
    await cdn?.close();
    await bucket?.close();
  });
  const publicUrl = () => `${cdn!.url}/${bucket!.bucket}`;
  const app = appInBrowser({
    env: () => ({
      MEDIA_STORE: 's3',
      S3_BUCKET: bucket!.bucket,
      S3_ENDPOINT: bucket!.endpoint,
      S3_ACCESS_KEY_ID: bucket!.accessKeyId,
      S3_SECRET_ACCESS_KEY: bucket!.secretAccessKey,
      MEDIA_PUBLIC_URL: publicUrl(),
    }),
    // The CDN's certificate is self-signed: trusted by the whole browser, its service workers' fetches too.
    browserArgs: ['--ignore-certificate-errors'],
  });

  /** The listing page's main photo: which address it shows and how wide it is drawn from. */
  const mainPhoto = (page: Page) =>
    page.getByRole('img', { name: /photo 1 of 1$/ }).evaluate((img: HTMLImageElement) => ({ path: new URL(img.currentSrc || img.src).pathname, width: img.complete ? img.naturalWidth : 0 }));

  it('shows an uploaded photo from the CDN the server redirects to, also once the service worker controls the page', async () => {
    const api = sellerApi(app.server.url);
    const seller = await api.signup('Rutendo Photos');
    const form = new FormData();
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#2a7', noise: { type: 'gaussian', mean: 120, sigma: 40 } } })
      .png()
      .toBuffer();
    form.append('files', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'bakkie.png');
    const up = await fetch(`${app.server.url}/api/uploads`, { method: 'POST', body: form, headers: { authorization: `Bearer ${seller.token}` } });
    expect(up.status).toBe(201);
    const url = ((await up.json()) as { urls: string[] }).urls[0]!;
    const redirect = await fetch(app.server.url + url, { redirect: 'manual' });
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get('location')).toBe(`${publicUrl()}/${url.slice('/media/'.length)}`);
    const listing = await api.publish(seller, { images: [url] });
    // The app's own files under /media/ (the home page's hero) are the build's, served here as before.
    const hero = await fetch(`${app.server.url}/media/hero-mobile.webp`, { redirect: 'manual' });
    expect(hero.status).toBe(200);
    expect(hero.headers.get('content-type')).toBe('image/webp');

    await app.inContext(DESKTOP, async (context) => {
      const page = await app.open(context, `/car/${listing.id}`, 'Vehicle Details');
      await expect.poll(() => mainPhoto(page), { timeout: 15_000 }).toEqual({ path: url, width: 800 });
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 90_000 });
      await page.reload();
      await page.getByText('Vehicle Details').waitFor();
      await expect.poll(() => mainPhoto(page), { timeout: 15_000 }).toEqual({ path: url, width: 800 });
      await context.setOffline(true);
      await page.reload();
      await page.getByText('Vehicle Details').waitFor({ timeout: 20_000 });
      await expect.poll(() => mainPhoto(page), { timeout: 15_000 }).toEqual({ path: url, width: 800 });
    });
  });
});
