import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { create as createTar } from 'tar';
import { listingBody } from '../support/listingBody';
import { multipart } from '../support/multipart';
import { photoDataUrl } from '../support/photos';
import { postgresDatabase } from '../support/postgresDatabase';
import { listeningPort, serving, startServerProcess, type ServerProcess } from '../support/serverProcess';
import { ENGINES } from './harness';

// Issue 34: `npm run backup` while a real server process runs, `npm run restore` into a new DATA_DIR (and a
// new PostgreSQL database), a server started on it answers everything as before.

const root = path.resolve(import.meta.dirname, '../..');
const ADMIN = { ADMIN_EMAIL: 'admin@backup.test', ADMIN_PASSWORD: 'admin-password' };

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `npm run <script> -- <args>` as package.json declares it (`tsx <file>`), with the server's settings `env`. */
function runScript(script: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<Run> {
  const line = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts[script]!;
  const [tsx, file, ...rest] = line.split(/\s+/);
  expect(tsx).toBe('tsx');
  const child = spawn(process.execPath, ['--import', 'tsx', file!, ...rest, ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', MEDIA_STORE: '', JWT_SECRET: '', INIT_CWD: root, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

/** A failure as the commands must report it: a non-zero code and one line, no stack trace. */
function expectOneLineFailure(run: Run, says: string | RegExp): void {
  expect(run.code, run.stdout + run.stderr).not.toBe(0);
  expect(run.stderr.trim().split('\n')).toHaveLength(1);
  expect(run.stderr).not.toMatch(/\n\s+at /);
  expect(run.stderr).toMatch(says);
}

/** The API of a server process, as a browser calls it. */
function api(port: number) {
  const base = `http://127.0.0.1:${port}`;
  const call = async (method: string, url: string, opts: { token?: string; body?: unknown; raw?: { payload: Buffer; contentType: string } } = {}) => {
    const headers: Record<string, string> = {};
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: BodyInit | undefined;
    if (opts.raw) {
      headers['content-type'] = opts.raw.contentType;
      body = new Uint8Array(opts.raw.payload);
    } else if (opts.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
    const res = await fetch(base + url, { method, headers, body });
    const bytes = Buffer.from(await res.arrayBuffer());
    return { status: res.status, bytes, json: <T = unknown>() => JSON.parse(bytes.toString()) as T };
  };
  return {
    call,
    async ok<T = unknown>(method: string, url: string, opts: Parameters<typeof call>[2] = {}, status = 200): Promise<T> {
      const res = await call(method, url, opts);
      expect(res.status, `${method} ${url}: ${res.bytes.toString().slice(0, 300)}`).toBe(status);
      return res.json<T>();
    },
  };
}

type Api = ReturnType<typeof api>;

/** What the test made through the API, and how to reach it again. */
interface Made {
  seller: { id: string; email: string; token: string };
  buyer: { token: string };
  listingId: string;
  transactionId: string;
  photos: string[];
}

async function signup(a: Api, name: string): Promise<{ id: string; email: string; token: string }> {
  const email = `${name}-${randomBytes(4).toString('hex')}@backup.test`;
  const body = { name: `Backup ${name}`, email, phone: '+263 77 123 4567', location: 'Harare', password: `${name}-password`, user_type: 'private' };
  const json = await a.ok<{ access_token: string; user: { id: string } }>('POST', '/api/auth/signup', { body }, 201);
  return { id: json.user.id, email, token: json.access_token };
}

/** Accounts, a listing with an uploaded photo paid through the sandbox, a draft, a favourite and a saved search. */
async function makeData(a: Api): Promise<Made> {
  const seller = await signup(a, 'seller');
  const buyer = await signup(a, 'buyer');
  const png = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#2a7ab0' } })
    .png()
    .toBuffer();
  const uploaded = await a.ok<{ urls: string[] }>('POST', '/api/uploads', { token: seller.token, raw: await multipart([{ name: 'front.png', bytes: png }]) }, 201);
  const listing = await a.ok<{ id: string }>('POST', '/api/vehicles', { token: seller.token, body: listingBody({ images: uploaded.urls }) }, 201);
  const opened = await a.ok<{ transaction_id: string }>('POST', '/api/payments/ecocash/create', {
    token: seller.token,
    body: { vehicle_id: listing.id, payment_method: 'ecocash', customer_msisdn: '0771234567' },
  });
  const paid = await a.ok<{ vehicle: { is_published: boolean } }>('POST', `/api/payments/ecocash/confirm/${opened.transaction_id}`, { token: seller.token, body: {} });
  expect(paid.vehicle.is_published).toBe(true);
  await a.ok('POST', '/api/vehicles', { token: seller.token, body: listingBody({ make: 'Nissan', model: 'Navara', images: [] }) }, 201);
  await a.ok('PUT', `/api/favourites/${listing.id}`, { token: buyer.token, body: {} });
  await a.ok('POST', '/api/saved-searches', { token: buyer.token, body: { name: 'Hilux', query: { make: 'Toyota', model: 'Hilux' } } }, 201);
  return { seller, buyer: { token: buyer.token }, listingId: listing.id, transactionId: opened.transaction_id, photos: uploaded.urls };
}

/** Listings with a photo each, created one after another until `stop()`: writes going on during a backup. */
function keepCreatingListings(a: Api, token: string): { started: Promise<void>; stop(): Promise<number> } {
  let stopped = false;
  let made = 0;
  let first!: () => void;
  const started = new Promise<void>((resolve) => (first = resolve));
  const loop = (async () => {
    while (!stopped) {
      const colour = `#${randomBytes(3).toString('hex')}`;
      await a.ok('POST', '/api/vehicles', { token, body: listingBody({ images: [await photoDataUrl(colour)] }) }, 201);
      made += 1;
      first();
    }
  })();
  return {
    started,
    async stop() {
      stopped = true;
      await loop;
      return made;
    },
  };
}

/** An answer without its views counters: reading a listing counts a view, so each reading changes them. */
function withoutViews<T>(answer: T): T {
  return JSON.parse(JSON.stringify(answer), (key, value: unknown) => (key === 'views' ? undefined : value)) as T;
}

/** The answers that must come back the same from the restored server (views aside). */
async function answers(a: Api, m: Made) {
  const history = await a.ok<{ id: string; images: string[]; days_left?: unknown }[]>('GET', `/api/users/${m.seller.id}/listing-history`, { token: m.seller.token });
  const photoBytes: Record<string, string> = {};
  for (const url of m.photos) {
    for (const name of [url, url.replace(/-full\.webp$/, '-thumb.webp')]) {
      const res = await a.call('GET', name);
      expect(res.status, name).toBe(200);
      photoBytes[name] = res.bytes.toString('base64');
    }
  }
  return withoutViews({
    listing: await a.ok('GET', `/api/vehicles/${m.listingId}`),
    me: await a.ok('GET', '/api/auth/me', { token: m.seller.token }),
    history: history.map(({ days_left: _, ...rest }) => rest).sort((x, y) => x.id.localeCompare(y.id)),
    payment: await a.ok('POST', `/api/payments/ecocash/confirm/${m.transactionId}`, { token: m.seller.token, body: {} }),
    favourites: await a.ok('GET', '/api/favourites', { token: m.buyer.token }),
    savedSearches: await a.ok('GET', '/api/saved-searches', { token: m.buyer.token }),
    photoBytes,
  });
}

/** The restored server answers as the original did, signs the seller in with the same password, and shows every listing's photos. */
async function expectRestored(a: Api, m: Made, before: Awaited<ReturnType<typeof answers>>): Promise<void> {
  const after = await answers(a, m);
  expect(after.listing).toEqual(before.listing);
  expect(after.me).toEqual(before.me);
  expect(after.history).toEqual(before.history);
  expect(after.payment).toEqual(before.payment);
  expect(after.favourites).toEqual(before.favourites);
  expect(after.savedSearches).toEqual(before.savedSearches);
  expect(after.photoBytes).toEqual(before.photoBytes);
  const login = await a.ok<{ user: { id: string } }>('POST', '/api/auth/login', { body: { email: m.seller.email, password: 'seller-password' } });
  expect(login.user.id).toBe(m.seller.id);
  // Every listing of the copy, those created while the backup ran included, has its photos.
  for (const listing of after.history) {
    for (const url of listing.images.filter((u) => u.startsWith('/media/'))) {
      expect((await a.call('GET', url)).status, url).toBe(200);
      expect((await a.call('GET', url.replace(/-full\.webp$/, '-thumb.webp'))).status, url).toBe(200);
    }
  }
}

describe.each(ENGINES)('backup and restore (%s)', (engine) => {
  const dirs: string[] = [];
  const started: ServerProcess[] = [];
  const databases: { drop(): Promise<void> }[] = [];
  const newDir = (name: string) => {
    const dir = mkdtempSync(path.join(tmpdir(), `motokari-backup-${name}-`));
    dirs.push(dir);
    return dir;
  };
  const newDatabase = async () => {
    if (engine !== 'postgres') return '';
    const db = await postgresDatabase('motokari_backup');
    databases.push(db);
    return db.url;
  };
  const start = async (env: Record<string, string>) => {
    const s = startServerProcess(env.DATA_DIR!, { ...ADMIN, ...env });
    started.push(s);
    await serving(s);
    const a = api(listeningPort(s));
    // A listing's price verdict comes from the search index, built after start (none while it builds):
    // answers are compared once it is ready, however slow the host.
    await expect.poll(async () => (await a.call('GET', '/api/ready')).json<{ search_index?: string }>().search_index, { timeout: 600_000, interval: 200 }).toBe('ready');
    return { s, a };
  };
  const stop = async (s: ServerProcess) => {
    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
  };

  afterAll(async () => {
    for (const s of started) {
      if (s.child.exitCode === null && s.child.signalCode === null) {
        s.child.kill('SIGKILL');
        await s.exited;
      }
    }
    for (const db of databases) await db.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('a backup taken while the server runs and takes writes restores into a new folder: the server there answers as before; restore refuses what holds data unless --force', async () => {
    const archives = newDir('archives');
    const envA = { DATA_DIR: newDir('a'), DATABASE_URL: await newDatabase() };
    const original = await start(envA);
    const made = await makeData(original.a);

    const writer = keepCreatingListings(original.a, made.seller.token);
    await writer.started;
    const online = await runScript('backup', ['--out', path.join(archives, 'online.tar.gz')], envA);
    expect(await writer.stop()).toBeGreaterThan(0);
    expect(online.code, online.stdout + online.stderr).toBe(0);
    expect(online.stdout).toContain(engine === 'pglite' ? `the running server (process ${original.s.child.pid})` : 'pg_dump');
    expect(Number(/(\d+) photo files/.exec(online.stdout)?.[1])).toBeGreaterThanOrEqual(4);

    const envB = { DATA_DIR: newDir('b'), DATABASE_URL: await newDatabase() };
    const restored = await runScript('restore', ['--from', path.join(archives, 'online.tar.gz')], envB);
    expect(restored.code, restored.stdout + restored.stderr).toBe(0);
    expect(readFileSync(path.join(envB.DATA_DIR, 'jwt-secret'), 'utf8')).toBe(readFileSync(path.join(envA.DATA_DIR, 'jwt-secret'), 'utf8'));
    expect(readFileSync(path.join(envB.DATA_DIR, 'vapid.json'), 'utf8')).toBe(readFileSync(path.join(envA.DATA_DIR, 'vapid.json'), 'utf8'));

    let copy = await start(envB);
    // Compared with the original as it is now: the listings created during the backup after its copy are
    // in the original only, so the seller's history is compared by the listings of the copy.
    const atCopy = await answers(copy.a, made);
    const now = await answers(original.a, made);
    expect(atCopy.history.length).toBeGreaterThanOrEqual(2);
    const ids = new Set(atCopy.history.map((l) => l.id));
    await expectRestored(copy.a, made, { ...now, history: now.history.filter((l) => ids.has(l.id)) });

    // A restore into a folder a server runs on, or that holds data, is refused and changes nothing.
    const onRunning = await runScript('restore', ['--from', path.join(archives, 'online.tar.gz'), '--force'], envB);
    expectOneLineFailure(onRunning, engine === 'pglite' ? new RegExp(`a server \\(process ${copy.s.child.pid}\\) is running on`) : 'a server uses the database of DATABASE_URL');
    await stop(copy.s);
    const filesB = readdirSync(envB.DATA_DIR).sort();
    const refused = await runScript('restore', ['--from', path.join(archives, 'online.tar.gz')], envB);
    expectOneLineFailure(refused, `${envB.DATA_DIR} is not empty`);
    expect(readdirSync(envB.DATA_DIR).sort()).toEqual(filesB);
    if (engine === 'postgres') {
      const intoUsedDatabase = await runScript('restore', ['--from', path.join(archives, 'online.tar.gz')], { ...envB, DATA_DIR: newDir('c') });
      expectOneLineFailure(intoUsedDatabase, 'the database of DATABASE_URL is not empty');
    }

    // A crash leaves the lock and the socket file behind: a server started again replaces the socket; with
    // no server running the command takes the stale lock over and makes the copy itself.
    if (engine === 'pglite') expect(statSync(path.join(envA.DATA_DIR, 'backup.sock')).mode & 0o777).toBe(0o600);
    original.s.child.kill('SIGKILL');
    await original.s.exited;
    if (engine === 'pglite') {
      expect(existsSync(path.join(envA.DATA_DIR, 'backup.sock'))).toBe(true);
      const again = await start(envA);
      const fromRestarted = await runScript('backup', ['--out', path.join(archives, 'restarted.tar.gz')], envA);
      expect(fromRestarted.code, fromRestarted.stdout + fromRestarted.stderr).toBe(0);
      expect(fromRestarted.stdout).toContain(`the running server (process ${again.s.child.pid})`);
      again.s.child.kill('SIGKILL');
      await again.s.exited;
    }
    const offline = await runScript('backup', ['--out', path.join(archives, 'offline.tar.gz')], envA);
    expect(offline.code, offline.stdout + offline.stderr).toBe(0);
    const forced = await runScript('restore', ['--from', path.join(archives, 'offline.tar.gz'), '--force'], envB);
    expect(forced.code, forced.stdout + forced.stderr).toBe(0);
    // The original took no write since `now`: the whole of it is in this copy.
    copy = await start(envB);
    await expectRestored(copy.a, made, now);
    await stop(copy.s);
  }, 900_000);
});

describe('backup and restore: bad usage', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'motokari-backup-usage-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const env = () => ({ DATA_DIR: mkdtempSync(path.join(dir, 'data-')) });

  it('a missing flag, an unknown flag, a missing, corrupt, cut or foreign archive: one line and a non-zero code, and DATA_DIR left empty', async () => {
    expectOneLineFailure(await runScript('backup', [], env()), 'Usage: npm run backup -- --out FILE');
    expectOneLineFailure(await runScript('backup', ['--out'], env()), 'Usage: npm run backup -- --out FILE');
    expectOneLineFailure(await runScript('backup', ['--out', path.join(dir, 'x.tar.gz')], env()), 'there is no embedded database');
    expectOneLineFailure(await runScript('restore', [], env()), 'Usage: npm run restore -- --from FILE [--force]');
    expectOneLineFailure(await runScript('restore', ['--from', 'a.tar.gz', '--overwrite'], env()), "Unknown option '--overwrite'");
    expectOneLineFailure(await runScript('restore', ['--from', path.join(dir, 'missing.tar.gz')], env()), 'does not exist');

    const corrupt = path.join(dir, 'corrupt.tar.gz');
    writeFileSync(corrupt, randomBytes(20_000));
    // An archive in the backup's layout, then cut in half, and one of other files.
    const layout = path.join(dir, 'layout');
    mkdirSync(path.join(layout, 'database'), { recursive: true });
    writeFileSync(path.join(layout, 'database/pglite.tar.gz'), randomBytes(200_000));
    writeFileSync(path.join(layout, 'manifest.json'), '{}');
    const whole = path.join(dir, 'whole.tar.gz');
    await createTar({ gzip: true, file: whole, cwd: layout }, ['database/pglite.tar.gz', 'manifest.json']);
    const cut = path.join(dir, 'cut.tar.gz');
    writeFileSync(cut, readFileSync(whole).subarray(0, 100_000));
    const foreign = path.join(dir, 'foreign.tar.gz');
    writeFileSync(path.join(layout, 'notes.txt'), 'not a backup');
    await createTar({ gzip: true, file: foreign, cwd: layout }, ['notes.txt']);

    for (const [archive, says] of [
      [corrupt, 'is not a readable Motokari backup'],
      [cut, 'is not a readable Motokari backup'],
      [whole, 'is not a Motokari backup: its manifest.json is not one'],
      [foreign, 'is not a Motokari backup: it holds notes.txt'],
    ] as const) {
      const target = env();
      expectOneLineFailure(await runScript('restore', ['--from', archive], target), says);
      expect(existsSync(target.DATA_DIR) ? readdirSync(target.DATA_DIR) : []).toEqual([]);
    }
  }, 300_000);
});
