import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GENERIC_MESSAGES } from '@/domain/core/messages';
import { ConfigError, loadConfig, loadMediaConfig, type MediaConfig, type S3Settings } from '@/server/config';
import { createMediaStore } from '@/server/media/createMediaStore';
import { createLocalMediaStore, NotAnImageError } from '@/server/media/mediaStore';
import { createS3MediaStore } from '@/server/media/s3Store';
import { purgeOrphanUploads } from '@/server/repositories/uploads.repo';
import { multipart } from '../support/multipart';
import { startS3Server, type TestS3Server } from '../support/s3Server';
import { ENGINES, startServer, type TestServer } from './harness';

// MEDIA_STORE=s3: photos in an S3-compatible bucket, so that every server instance serves every photo.
// Against a real S3 server (s3rver, over a temporary folder), through the SDK the server uses.

const DAY_MS = 24 * 60 * 60 * 1000;
const HASH_NAME = /^[0-9a-f]{32}-full\.webp$/;

/** A photo no other test uploads: noise, as a photo's detail is. */
const photo = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: '#3a6', noise: { type: 'gaussian', mean: 120, sigma: 40 } } })
    .png()
    .toBuffer();

const s3Settings = (bucket: TestS3Server): S3Settings => ({
  bucket: bucket.bucket,
  endpoint: bucket.endpoint,
  region: 'us-east-1',
  accessKeyId: bucket.accessKeyId,
  secretAccessKey: bucket.secretAccessKey,
  forcePathStyle: true,
});
const s3Media = (bucket: TestS3Server, publicUrl: string | null = null): MediaConfig => ({ store: 's3', s3: s3Settings(bucket), publicUrl });

/** The SDK, as anyone reading the bucket would use it (not the server's code). */
function bucketClient(bucket: TestS3Server) {
  const client = new S3Client({
    region: 'us-east-1',
    endpoint: bucket.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: bucket.accessKeyId, secretAccessKey: bucket.secretAccessKey },
  });
  return {
    client,
    async get(key: string): Promise<Buffer | null> {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: bucket.bucket, Key: key }));
        return Buffer.from(await out.Body!.transformToByteArray());
      } catch (e) {
        if ((e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
        throw e;
      }
    },
    head: (key: string) => client.send(new HeadObjectCommand({ Bucket: bucket.bucket, Key: key })),
    put: (key: string, body: Buffer, metadata: Record<string, string>) =>
      client.send(new PutObjectCommand({ Bucket: bucket.bucket, Key: key, Body: body, ContentType: 'image/webp', Metadata: metadata })),
  };
}

const nameOf = (url: string) => url.slice('/media/'.length);

describe.each(ENGINES)('%s: photos in an S3 bucket', (engine) => {
  let bucket: TestS3Server;
  let objects: ReturnType<typeof bucketClient>;
  let s: TestServer;
  let seller: { token: string };

  beforeAll(async () => {
    bucket = await startS3Server();
    objects = bucketClient(bucket);
    s = await startServer(engine, { config: { media: s3Media(bucket) } });
    seller = await s.signup();
  });
  afterAll(async () => {
    await s?.close();
    objects?.client.destroy();
    await bucket?.close();
  });

  async function upload(bytes: Buffer, on: TestServer = s, token = seller.token) {
    const { payload, contentType } = await multipart([{ name: 'car.png', bytes }]);
    const res = await on.app.inject({ method: 'POST', url: '/api/uploads', payload, headers: { 'content-type': contentType, authorization: `Bearer ${token}` } });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { files: { url: string; thumbnail_url: string; width: number; height: number; bytes: number }[] }).files[0]!;
  }

  it('stores the renditions in the bucket, not on the disk, and serves the same bytes at /media/<name> for a year', async () => {
    const file = await upload(await photo());
    expect(nameOf(file.url)).toMatch(HASH_NAME);
    expect(file.thumbnail_url).toBe(file.url.replace('-full.webp', '-thumb.webp'));

    const full = await objects.head(nameOf(file.url));
    expect(full.ContentType).toBe('image/webp');
    expect(full.CacheControl).toBe('public, max-age=31536000, immutable');
    expect(full.ContentLength).toBe(file.bytes);
    expect((await objects.head(nameOf(file.thumbnail_url))).ContentType).toBe('image/webp');
    const mediaDir = path.join(s.dataDir, 'media');
    expect(existsSync(mediaDir) ? readdirSync(mediaDir) : []).toEqual([]);

    for (const url of [file.url, file.thumbnail_url]) {
      const res = await s.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.rawPayload.equals((await objects.get(nameOf(url)))!)).toBe(true);
      const etag = res.headers.etag as string;
      expect(etag).toBe(`"${nameOf(url)}"`);
      const again = await s.request({ method: 'GET', url, headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    }
    expect(await sharp((await s.request({ method: 'GET', url: file.url })).rawPayload).metadata()).toMatchObject({ format: 'webp', width: file.width, height: file.height });
  });

  it('a replay of the same bytes answers the same and stores nothing new', async () => {
    const bytes = await photo();
    const first = await upload(bytes);
    // Marks what is in the bucket: a second write of either rendition would replace the mark.
    const fullBytes = (await objects.get(nameOf(first.url)))!;
    await objects.put(nameOf(first.url), fullBytes, { width: String(first.width), height: String(first.height), mark: 'first' });
    await objects.put(nameOf(first.thumbnail_url), Buffer.from('the first thumbnail'), {});

    const again = await upload(bytes);
    expect(again).toEqual(first);
    expect((await objects.head(nameOf(first.url))).Metadata).toMatchObject({ mark: 'first' });
    expect((await objects.get(nameOf(first.thumbnail_url)))!.toString()).toBe('the first thumbnail');
  });

  it('serves the card thumbnail in both sizes from the bucket, and keeps the small one there', async () => {
    const file = await upload(await photo());
    const listing = await s.pay(seller.token, (await s.draft(seller.token, { images: [file.url] })).id);
    const thumb = (query = '', headers: Record<string, string> = {}) => s.request({ method: 'GET', url: `/api/vehicles/${listing.id}/thumb${query}`, headers });

    const normal = await thumb();
    expect(normal.statusCode).toBe(200);
    expect(normal.headers['content-type']).toBe('image/webp');
    expect(normal.headers['cache-control']).toBe('public, max-age=86400');
    expect(normal.headers.etag).toBe(`"${nameOf(file.thumbnail_url)}"`);
    expect(normal.rawPayload.equals((await objects.get(nameOf(file.thumbnail_url)))!)).toBe(true);
    expect(await sharp(normal.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 400 });

    const smallName = nameOf(file.url).replace('-full.webp', '-small.webp');
    expect(await objects.get(smallName)).toBeNull();
    const small = await thumb('?size=small');
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-type']).toBe('image/webp');
    expect(small.headers.etag).toBe(`"${smallName}"`);
    expect(await sharp(small.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 160 });
    expect((await objects.get(smallName))!.equals(small.rawPayload)).toBe(true);
    expect((await objects.head(smallName)).CacheControl).toBe('public, max-age=31536000, immutable');
    const second = await thumb('?size=small');
    expect(second.rawPayload.equals(small.rawPayload)).toBe(true);
    expect((await thumb('?size=small', { 'if-none-match': `"${smallName}"` })).statusCode).toBe(304);
    expect((await thumb('', { 'if-none-match': normal.headers.etag as string })).statusCode).toBe(304);
  });

  it('deletes every rendition of an orphan upload from the bucket a day after it was uploaded', async () => {
    const start = new Date();
    s.clock.now = start;
    const used = await upload(await photo());
    const orphan = await upload(await photo());
    await s.draft(seller.token, { images: [used.url] });
    const small = await s.app.ctx.media.thumbnail(orphan.url, true);
    expect(small).not.toBeNull();
    const orphanNames = [orphan.url, orphan.thumbnail_url, orphan.url.replace('-full.webp', '-small.webp')].map(nameOf);
    for (const name of orphanNames) expect(await objects.get(name), name).not.toBeNull();

    try {
      expect(await purgeOrphanUploads(s.app.ctx.db, s.app.ctx.media, new Date(start.getTime() + 23 * 60 * 60 * 1000))).toBe(0);
      expect(await purgeOrphanUploads(s.app.ctx.db, s.app.ctx.media, new Date(start.getTime() + DAY_MS + 60 * 60 * 1000))).toBeGreaterThanOrEqual(1);
    } finally {
      s.clock.now = new Date();
    }
    for (const name of orphanNames) expect(await objects.get(name), name).toBeNull();
    const gone = await s.request({ method: 'GET', url: orphan.url });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ detail: 'Not found' });
    expect(await objects.get(nameOf(used.url))).not.toBeNull();
    expect((await s.request({ method: 'GET', url: used.url })).statusCode).toBe(200);
  });

  it('answers 404 JSON for a name that is not a stored photo’s or is missing, never a server error', async () => {
    const missing = `/media/${'0'.repeat(32)}-full.webp`;
    for (const url of [missing, '/media/nope.webp', '/media/..%2f..%2fetc%2fpasswd', '/media/%2e%2e', '/media/a/b', `/media/${'0'.repeat(32)}-full.png`, '/media/']) {
      const res = await s.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ detail: 'Not found' });
    }
    const long = await s.request({ method: 'GET', url: `/media/${'a'.repeat(300)}` });
    expect(long.statusCode).toBeGreaterThanOrEqual(400);
    expect(long.statusCode).toBeLessThan(500);
    expect(long.json()).toHaveProperty('detail');
  });

  it('a second server instance on the same bucket serves a photo uploaded through the first', async () => {
    const file = await upload(await photo());
    const other = await startServer(engine, { config: { media: s3Media(bucket) } });
    try {
      const there = await other.request({ method: 'GET', url: file.url });
      expect(there.statusCode).toBe(200);
      expect(there.rawPayload.equals((await s.request({ method: 'GET', url: file.url })).rawPayload)).toBe(true);
    } finally {
      await other.close();
    }
  });

  /**
   * A second server on the same bucket, reaching it through a proxy that counts the bytes of the
   * objects the bucket sends it (GET answers only).
   */
  async function countedServer(): Promise<{ server: TestServer; sent: () => number; close(): Promise<void> }> {
    let bytes = 0;
    const proxy = http.createServer((req, res) => {
      const upstream = http.request(new URL(req.url!, bucket.endpoint), { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode!, answer.headers);
        answer.on('data', (chunk: Buffer) => {
          if (req.method === 'GET') bytes += chunk.length;
        });
        answer.pipe(res);
      });
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const { port } = proxy.address() as AddressInfo;
    const server = await startServer(engine, { config: { media: s3Media({ ...bucket, endpoint: `http://127.0.0.1:${port}` }) } });
    return {
      server,
      sent: () => bytes,
      async close() {
        await server.close();
        await new Promise((resolve) => proxy.close(resolve));
      },
    };
  }

  it('HEAD /media/<name> answers its length and ETag from the object’s metadata, not by downloading it', async () => {
    const file = await upload(await photo());
    const counted = await countedServer();
    const other = counted.server;
    try {
      const head = await other.request({ method: 'HEAD', url: file.url });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-length']).toBe(String(file.bytes));
      expect(head.headers['content-type']).toBe('image/webp');
      expect(head.headers.etag).toBe(`"${nameOf(file.url)}"`);
      expect(head.rawPayload.length).toBe(0);
      expect(counted.sent()).toBe(0);
      expect((await other.request({ method: 'HEAD', url: file.url, headers: { 'if-none-match': `"${nameOf(file.url)}"` } })).statusCode).toBe(304);
      expect((await other.request({ method: 'HEAD', url: `/media/${'0'.repeat(32)}-full.webp` })).statusCode).toBe(404);
      // A GET still streams the photo through the proxy: the count above would have seen one.
      expect((await other.request({ method: 'GET', url: file.url })).rawPayload.length).toBe(file.bytes);
      expect(counted.sent()).toBe(file.bytes);
    } finally {
      await counted.close();
    }
  });

  it('HEAD of a card thumbnail answers its length and ETag from the metadata; a small one not made yet is made', async () => {
    const counted = await countedServer();
    const other = counted.server;
    try {
      // The listing is on that server's own database: its photo goes to the bucket through the proxy.
      const { token } = await other.signup();
      const file = await upload(await photo(), other, token);
      const listing = await other.pay(token, (await other.draft(token, { images: [file.url] })).id);
      const url = `/api/vehicles/${listing.id}/thumb`;
      const thumbName = nameOf(file.thumbnail_url);
      const head = await other.request({ method: 'HEAD', url });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-length']).toBe(String((await objects.get(thumbName))!.length));
      expect(head.headers.etag).toBe(`"${thumbName}"`);
      expect(head.headers['cache-control']).toBe('public, max-age=86400');
      expect(head.rawPayload.length).toBe(0);
      expect(counted.sent()).toBe(0);

      const smallName = nameOf(file.url).replace('-full.webp', '-small.webp');
      const small = await other.request({ method: 'HEAD', url: `${url}?size=small` });
      expect(small.statusCode).toBe(200);
      expect(small.headers.etag).toBe(`"${smallName}"`);
      expect(small.headers['content-length']).toBe(String((await objects.get(smallName))!.length));
      const madeFrom = counted.sent();
      // Once made, a HEAD reads nothing.
      expect((await other.request({ method: 'HEAD', url: `${url}?size=small` })).statusCode).toBe(200);
      expect(counted.sent()).toBe(madeFrom);
      // The GET still sends the thumbnail, as long as the HEAD said.
      const got = await other.request({ method: 'GET', url });
      expect(String(got.rawPayload.length)).toBe(head.headers['content-length']);
    } finally {
      await counted.close();
    }
  });

  it('GET /api/ready checks the bucket: ok while it answers, named but still ready when its server is down (every instance shares it); an upload meanwhile is 503', async () => {
    const own = await startS3Server('motokari-ready');
    const other = await startServer(engine, { config: { media: s3Media(own) } });
    try {
      const up = await other.request({ method: 'GET', url: '/api/ready' });
      expect(up.statusCode).toBe(200);
      expect(up.json()).toMatchObject({ ready: true, media: 'ok' });
      const { token } = await other.signup();
      await own.close();
      // A check's outcome answers the probes of the next second.
      await vi.waitFor(
        async () => {
          const down = await other.request({ method: 'GET', url: '/api/ready' });
          expect(down.statusCode).toBe(200);
          expect(down.json()).toMatchObject({ ready: true, database: 'ok', media: 'unavailable' });
        },
        { timeout: 5000, interval: 200 },
      );
      const { payload, contentType } = await multipart([{ name: 'car.png', bytes: await photo() }]);
      const refused = await other.app.inject({ method: 'POST', url: '/api/uploads', payload, headers: { 'content-type': contentType, authorization: `Bearer ${token}` } });
      expect(refused.statusCode, refused.body).toBe(503);
      expect(refused.json()).toEqual({ detail: GENERIC_MESSAGES.unavailable });
      expect(refused.headers['retry-after']).toBeDefined();
    } finally {
      await other.close();
      await own.close().catch(() => undefined);
    }
  });

  it('with MEDIA_PUBLIC_URL, /media/<name> is a permanent redirect there, cached for a year, and the page may load photos from it', async () => {
    const file = await upload(await photo());
    const cdn = await startServer(engine, { config: { media: s3Media(bucket, 'https://cdn.example.com/photos') } });
    try {
      const res = await cdn.request({ method: 'GET', url: file.url });
      expect(res.statusCode).toBe(301);
      expect(res.headers.location).toBe(`https://cdn.example.com/photos/${nameOf(file.url)}`);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const bad = await cdn.request({ method: 'GET', url: '/media/..%2fsecret' });
      expect(bad.statusCode).toBe(404);
      expect(bad.json()).toEqual({ detail: 'Not found' });
      const csp = res.headers['content-security-policy'] as string;
      expect(csp).toMatch(/img-src [^;]*https:\/\/cdn\.example\.com/);
      expect(csp).toMatch(/connect-src [^;]*https:\/\/cdn\.example\.com/);
      // The card thumbnail still comes through the server (the small one is made on first ask).
      const other = await cdn.signup();
      const listing = await cdn.pay(other.token, (await cdn.draft(other.token, { images: [file.url] })).id);
      expect((await cdn.request({ method: 'GET', url: `/api/vehicles/${listing.id}/thumb?size=small` })).statusCode).toBe(200);
    } finally {
      await cdn.close();
    }
  });
});

describe('the media store', () => {
  let bucket: TestS3Server;
  beforeAll(async () => {
    bucket = await startS3Server('check-me');
  });
  afterAll(async () => {
    await bucket?.close();
  });

  it('check() passes on a reachable bucket and a writable folder, and throws when the bucket is missing or the server is down', async () => {
    const settings = s3Settings(bucket);
    await expect(createS3MediaStore(settings).check()).resolves.toBeUndefined();
    await expect(createS3MediaStore({ ...settings, bucket: 'no-such-bucket' }).check()).rejects.toThrow();
    await expect(createS3MediaStore({ ...settings, endpoint: 'http://127.0.0.1:1' }).check()).rejects.toThrow();
    const dir = mkdtempSync(path.join(tmpdir(), 'motokari-media-'));
    try {
      await expect(createLocalMediaStore(dir).check()).resolves.toBeUndefined();
      // A data folder that cannot hold a media folder: a file stands where it should be.
      writeFileSync(path.join(dir, 'file'), '');
      await expect(createLocalMediaStore(path.join(dir, 'file')).check()).rejects.toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a replay answers what the first upload did, on the disk as in the bucket', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'motokari-media-'));
    try {
      for (const store of [createLocalMediaStore(dir), createS3MediaStore(s3Settings(bucket))]) {
        const bytes = await photo();
        const first = await store.store(bytes);
        expect(first.bytes).toBeGreaterThan(0);
        expect(await store.store(bytes)).toEqual(first);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a bucket that cannot be written is a server error, not a photo refused as "not an image"', async () => {
    const store = createS3MediaStore({ ...s3Settings(bucket), bucket: 'no-such-bucket' });
    const failed = await store.store(await photo()).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(Error);
    expect(failed).not.toBeInstanceOf(NotAnImageError);
  });

  it('the test S3 server keeps its bucket in a folder of its own and deletes it when stopped', async () => {
    const other = await startS3Server('another');
    const store = createS3MediaStore(s3Settings(other));
    await store.store(await photo());
    expect(readdirSync(other.directory).length).toBeGreaterThan(0);
    await other.close();
    expect(existsSync(other.directory)).toBe(false);
  });

  it('createMediaStore picks the store MEDIA_STORE names', async () => {
    const objects = bucketClient(bucket);
    try {
      const store = await createMediaStore({ dataDir: '/nonexistent-motokari', media: s3Media(bucket) });
      const stored = await store.store(await photo());
      expect((await objects.head(nameOf(stored.url))).ContentType).toBe('image/webp');
      const read = await store.read(nameOf(stored.url));
      expect(read).toMatchObject({ name: nameOf(stored.url), bytes: stored.bytes });
      const body = read!.body;
      expect(Buffer.isBuffer(body) ? body : Buffer.concat(await body.toArray())).toEqual(await objects.get(nameOf(stored.url)));
      expect(await store.read('../../etc/passwd')).toBeNull();
    } finally {
      objects.client.destroy();
    }
  });
});

describe('MEDIA_STORE configuration', () => {
  const s3Env = { MEDIA_STORE: 's3', S3_BUCKET: 'photos', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' };

  it('defaults to the local disk', () => {
    expect(loadMediaConfig({})).toEqual({ store: 'local' });
    expect(loadMediaConfig({ MEDIA_STORE: 'local' })).toEqual({ store: 'local' });
  });

  it('reads the bucket, with path-style addressing by default when an endpoint is given', () => {
    expect(loadMediaConfig(s3Env)).toEqual({
      store: 's3',
      s3: { bucket: 'photos', endpoint: null, region: 'us-east-1', accessKeyId: 'key', secretAccessKey: 'secret', forcePathStyle: false },
      publicUrl: null,
    });
    const minio = loadMediaConfig({ ...s3Env, S3_ENDPOINT: 'http://minio:9000', S3_REGION: 'af-south-1', MEDIA_PUBLIC_URL: 'https://cdn.example.com/' });
    expect(minio).toMatchObject({ s3: { endpoint: 'http://minio:9000', region: 'af-south-1', forcePathStyle: true }, publicUrl: 'https://cdn.example.com' });
    expect(loadMediaConfig({ ...s3Env, S3_ENDPOINT: 'https://x.r2.cloudflarestorage.com', S3_FORCE_PATH_STYLE: 'false' })).toMatchObject({ s3: { forcePathStyle: false } });
  });

  it('refuses a bucket without its name or keys, an unknown store and bad addresses, naming the variable', () => {
    const refused = (env: NodeJS.ProcessEnv) => {
      try {
        loadMediaConfig(env);
      } catch (e) {
        expect(e).toBeInstanceOf(ConfigError);
        return (e as Error).message;
      }
      throw new Error('accepted');
    };
    expect(refused({ MEDIA_STORE: 's3' })).toBe('MEDIA_STORE=s3 needs S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY (the bucket and the keys that may write to it)');
    expect(refused({ ...s3Env, S3_SECRET_ACCESS_KEY: '' })).toContain('needs S3_SECRET_ACCESS_KEY');
    expect(refused({ MEDIA_STORE: 'disk' })).toBe('MEDIA_STORE must be local or s3, not "disk"');
    expect(refused({ MEDIA_PUBLIC_URL: 'https://cdn.example.com' })).toContain('MEDIA_PUBLIC_URL needs MEDIA_STORE=s3');
    expect(refused({ ...s3Env, S3_ENDPOINT: 'minio:9000' })).toContain('S3_ENDPOINT must be an http(s) address');
    expect(refused({ ...s3Env, MEDIA_PUBLIC_URL: 'cdn.example.com' })).toContain('MEDIA_PUBLIC_URL must be an http(s) address');
    expect(refused({ ...s3Env, S3_FORCE_PATH_STYLE: 'maybe' })).toContain('S3_FORCE_PATH_STYLE must be true or false');
    expect(() => loadConfig({ MEDIA_STORE: 's3' }, { dataDir: '/nonexistent', jwtSecret: 'x', vapid: { publicKey: 'p', privateKey: 'k', subject: 's' } })).toThrow(ConfigError);
  });

  it('npm start refuses to start with the message alone', async () => {
    const root = path.resolve(__dirname, '../..');
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/start.ts')], {
      cwd: root,
      env: { ...process.env, MEDIA_STORE: 's3', S3_BUCKET: 'photos', DATA_DIR: '/nonexistent-motokari', SKIP_BUILD: '1', PORT: '0', DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(out).toContain('MEDIA_STORE=s3 needs S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY');
    expect(out).not.toContain('    at ');
  });
});
