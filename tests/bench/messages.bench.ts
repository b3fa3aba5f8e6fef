// Messages benchmark (issue 37): two server instances on one PostgreSQL database, 200 conversations
// (200 buyers who sign up, the sample sellers of the seeded listings) exchanging ROUNDS rounds each.
// Every person is connected by WebSocket to instance A (/api/live) and posts through instance B's HTTP
// API, so each delivery crosses instances through the database's NOTIFY. Measures delivery latency
// (POST sent -> the recipient's "message" event), messages per second, each server's RSS and the load
// average; prints a table and writes a section of tests/bench/RESULTS.md.
//
//   npm run bench:messages   (BENCH_DATABASE_URL or TEST_DATABASE_URL, else a throwaway cluster;
//   BENCH_CONVERSATIONS / BENCH_ROUNDS change the size, BENCH_DRY=1 leaves RESULTS.md alone)
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { hashPassword } from '@/server/passwords';
import { postgresDatabase } from '../support/postgresDatabase';
import { startNodeOptions } from '../support/startCommand';
import { writeResultsSection } from './results';
import { benchPostgres } from './benchPostgres';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const DELIVERY_TIMEOUT_MS = 30_000;
const PASSWORD = 'bench-messages-pass';

interface Person {
  id: string;
  token: string;
  ip: string;
}
interface Instance {
  child: ChildProcess;
  base: string;
  peakRssKb: number;
  timer: NodeJS.Timeout;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function startInstance(port: number, databaseUrl: string, dataDir: string, seed: boolean): Promise<Instance> {
  const child = spawn(process.execPath, [...startNodeOptions(), path.join(root, 'src/server/start.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SKIP_BUILD: '1', SEED: seed ? 'on' : 'off', LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl, TRUST_PROXY: '1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error(`server on ${port} exited (${child.exitCode})`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  const inst: Instance = { child, base, peakRssKb: 0, timer: setInterval(() => (inst.peakRssKb = Math.max(inst.peakRssKb, rssKb(child.pid!))), 250) };
  return inst;
}

async function call<T>(base: string, method: string, url: string, body: unknown, who: { token?: string; ip: string }): Promise<T> {
  const res = await fetch(base + url, {
    method,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': who.ip, ...(who.token && { authorization: `Bearer ${who.token}` }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A person's live connection to instance A: resolves each awaited message id when its event arrives. */
function connect(base: string, person: Person, arrived: (messageId: string, at: number) => void): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base.replace('http', 'ws')}/api/live`);
    ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', token: person.token })));
    ws.on('message', (data) => {
      const event = JSON.parse(String(data)) as { type: string; message?: { id: string; sender_id: string } };
      if (event.type === 'ready') resolve(ws);
      else if (event.type === 'message' && event.message && event.message.sender_id !== person.id) arrived(event.message.id, performance.now());
    });
    ws.on('close', (code) => reject(new Error(`live connection closed: ${code}`)));
    ws.on('error', reject);
  });
}

async function main() {
  const { url: pgUrl, stop: stopPg } = benchPostgres(root);
  const database = await postgresDatabase('motokari_bench_msg', pgUrl);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'motokari-bench-msg-'));
  const instances: Instance[] = [];
  const sockets: WebSocket[] = [];
  try {
    const a = await startInstance(18181, database.url, dataDir, true);
    instances.push(a);
    const b = await startInstance(18182, database.url, dataDir, false);
    instances.push(b);
    let listings: Array<{ id: string; seller_id: string }> = [];
    for (let i = 0; i < 600 && !listings.length; i++) {
      listings = await call<Array<{ id: string; seller_id: string }>>(a.base, 'GET', '/api/vehicles?limit=100', undefined, { ip: '10.9.0.1' }).catch(() => []);
      if (!listings.length) await sleep(200);
    }
    if (!listings.length) throw new Error('no seeded listings');
    // The sample sellers have no password (nobody signs in as them); the benchmark's own database gives them one.
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    const sellerIds = [...new Set(listings.map((l) => l.seller_id))];
    const hash = await hashPassword(PASSWORD);
    const emails = (await admin.query<{ id: string; email: string }>('update users set password_hash = $1 where id = any($2::uuid[]) returning id, email', [hash, sellerIds])).rows;
    await admin.end();
    const ipOf = (i: number) => `10.${1 + (i >> 16)}.${(i >> 8) & 255}.${i & 255}`;
    const sellers = new Map<string, Person>();
    for (const [i, u] of emails.entries()) {
      const ip = ipOf(60000 + i);
      const ans = await call<{ access_token: string }>(b.base, 'POST', '/api/auth/login', { email: u.email, password: PASSWORD }, { ip });
      sellers.set(u.id, { id: u.id, token: ans.access_token, ip });
    }
    const buyers: Person[] = await Promise.all(
      Array.from({ length: CONVERSATIONS }, async (_, i) => {
        const ip = ipOf(i + 1);
        const body = {
          name: `Bench Buyer ${i}`,
          email: `bench-buyer-${i}-${randomUUID().slice(0, 6)}@example.co.zw`,
          phone: '+263 77 123 4567',
          location: 'Harare',
          password: PASSWORD,
          user_type: 'private',
          latitude: -17.8252,
          longitude: 31.0335,
        };
        const ans = await call<{ access_token: string; user: { id: string } }>(b.base, 'POST', '/api/auth/signup', body, { ip });
        return { id: ans.user.id, token: ans.access_token, ip };
      }),
    );

    const waiting = new Map<string, { sentAt: number; done: (ms: number) => void }>();
    const latencies: number[] = [];
    const arrived = (id: string, at: number) => {
      const w = waiting.get(id);
      if (!w) return;
      waiting.delete(id);
      latencies.push(at - w.sentAt);
      w.done(at - w.sentAt);
    };
    for (const p of [...buyers, ...sellers.values()]) sockets.push(await connect(a.base, p, arrived));

    /** Posts through B and waits until the recipient's connection to A hears of it. */
    async function deliver(sender: Person, url: string, body: Record<string, unknown>, id: string): Promise<unknown> {
      const heard = new Promise<number>((resolve, reject) => {
        const t = setTimeout(() => reject(new Error(`message ${id} not delivered in ${DELIVERY_TIMEOUT_MS} ms`)), DELIVERY_TIMEOUT_MS);
        waiting.set(id, { sentAt: performance.now(), done: (ms) => (clearTimeout(t), resolve(ms)) });
      });
      const answer = await call<unknown>(b.base, 'POST', url, body, { token: sender.token, ip: sender.ip });
      await heard;
      return answer;
    }

    const loadBefore = os.loadavg();
    const t0 = performance.now();
    await Promise.all(
      buyers.map(async (buyer, i) => {
        const listing = listings[i % listings.length]!;
        const seller = sellers.get(listing.seller_id)!;
        let convId = '';
        for (let r = 0; r < ROUNDS; r++) {
          const id = randomUUID();
          const text = `Round ${r}: is it still available?`;
          if (!convId) convId = ((await deliver(buyer, '/api/conversations', { listing_id: listing.id, text, message_id: id }, id)) as { conversation: { id: string } }).conversation.id;
          else await deliver(buyer, `/api/conversations/${convId}/messages`, { id, text }, id);
          const reply = randomUUID();
          await deliver(seller, `/api/conversations/${convId}/messages`, { id: reply, text: `Round ${r}: yes it is.` }, reply);
        }
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    const loadAfter = os.loadavg();
    const sorted = [...latencies].sort((x, y) => x - y);
    const rows = {
      messages: latencies.length,
      seconds: seconds.toFixed(1),
      'messages/s': (latencies.length / seconds).toFixed(0),
      'p50 ms': pct(sorted, 50).toFixed(1),
      'p95 ms': pct(sorted, 95).toFixed(1),
      'p99 ms': pct(sorted, 99).toFixed(1),
      'A peak RSS MB': (a.peakRssKb / 1024).toFixed(0),
      'B peak RSS MB': (b.peakRssKb / 1024).toFixed(0),
      'load avg (1 min) before/after': `${loadBefore[0]!.toFixed(2)} / ${loadAfter[0]!.toFixed(2)}`,
    };
    console.table(rows);
    const head = `| ${Object.keys(rows).join(' | ')} |`;
    // A trial run (BENCH_DRY=1, e.g. with BENCH_CONVERSATIONS=10) prints its table only.
    if (process.env.BENCH_DRY !== '1')
      writeResultsSection(
        '## Messages',
        [
          `## Messages (${new Date().toISOString().slice(0, 16)}Z, ${os.cpus().length} cores, Node ${process.version})`,
          '',
          `Two server instances (\`node ${startNodeOptions().join(' ')} src/server/start.ts\`) on one PostgreSQL database; ${CONVERSATIONS} conversations (buyers signed up, sellers of the seeded listings) of ${ROUNDS} rounds (buyer, then seller), all at once; each person connected by WebSocket to instance A, posting through instance B's HTTP API. Latency: from sending the POST to the recipient's \`message\` event. RSS: peak VmRSS of each server process (sampled every 250 ms).`,
          '',
          head,
          `|${Object.keys(rows)
            .map(() => ' --- |')
            .join('')}`,
          `| ${Object.values(rows).join(' | ')} |`,
          '',
        ].join('\n'),
      );
  } finally {
    for (const ws of sockets) ws.terminate();
    for (const i of instances) {
      clearInterval(i.timer);
      i.child.kill('SIGTERM');
      await new Promise((r) => (i.child.exitCode !== null ? r(null) : i.child.once('exit', r)));
    }
    await database.drop().catch((err: unknown) => console.warn('bench database not dropped', err));
    rmSync(dataDir, { recursive: true, force: true });
    stopPg?.();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
