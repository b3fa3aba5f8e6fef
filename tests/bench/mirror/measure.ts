// What npm run bench:mirror reads from the phone's browser: the device copy's progress in IndexedDB,
// the search worker's memory, whether the CPU is really slowed, and a make chosen on /cars.
import type { CDPSession, Page } from 'playwright-core';
import { DB_NAME } from '@/data/schema';
import { CPU_SLOWDOWN, longTasks, pageClockPasses, type LongTasks, type Workers } from './browser';
import { MINUTE, sleep, within } from './util';

/** Which app was measured: the one before issue 16 (old format) or the one with the summary (new). */
export type AppFormat = 'old' | 'new';

/**
 * Waits until the device's mirror stands at `revision`; returns the page's clock then (polled each
 * second, so up to a second late) and which app's record said so. The app of issue 16 keeps the meta
 * row 'summary' ({ revision, cursor, complete, syncedAt }, its first download done once `cursor` is
 * null); the app before it keeps the row 'sync' (its cursor, written in the same transaction as each
 * page's listings). Read straight from IndexedDB, not from the app's state, so it does not depend on a screen.
 */
export async function mirrorReaches(page: Page, revision: number, timeoutMs: number, log: (s: string) => void): Promise<{ at: number; by: AppFormat }> {
  const read = `(async () => {
    const name = ${JSON.stringify(DB_NAME)};
    const at = performance.now();
    if (!(await indexedDB.databases()).some((d) => d.name === name)) return { summary: null, sync: null, at };
    const db = await new Promise((resolve, reject) => {
      const req = indexedDB.open(name);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    try {
      if (!db.objectStoreNames.contains('meta')) return { summary: null, sync: null, at };
      const get = (key) => new Promise((resolve, reject) => {
        const req = db.transaction('meta').objectStore('meta').get(key);
        req.onsuccess = () => resolve(req.result ?? null);
        req.onerror = () => reject(req.error);
      });
      const summary = await get('summary');
      const sync = await get('sync');
      return { summary: summary && { revision: summary.revision ?? 0, cursor: summary.cursor ?? null }, sync: sync && { revision: sync.revision ?? 0 }, at };
    } finally {
      db.close();
    }
  })()`;
  const start = Date.now();
  let logged = start;
  while (Date.now() - start < timeoutMs) {
    const rows = (await within(5 * MINUTE, 'reading the sync cursor', page.evaluate(read))) as {
      summary: { revision: number; cursor: string | null } | null;
      sync: { revision: number } | null;
      at: number;
    };
    if (rows.summary && rows.summary.cursor === null && rows.summary.revision >= revision) return { at: rows.at, by: 'new' };
    if (rows.sync && rows.sync.revision >= revision) return { at: rows.at, by: 'old' };
    if (Date.now() - logged > 30_000) {
      logged = Date.now();
      const where = rows.summary ? `summary at revision ${rows.summary.revision}${rows.summary.cursor === null ? '' : ' (first download under way)'}` : `sync at revision ${rows.sync?.revision ?? 0}`;
      log(`  the mirror stands at ${where} of ${revision}`);
    }
    await sleep(1000);
  }
  throw new Error(`the mirror did not reach revision ${revision} in ${timeoutMs / 1000} s`);
}

/**
 * The search worker's memory after a full GC, through CDP on the worker's own target: its JavaScript
 * heap (`Runtime.getHeapUsage`), and the contents of its ArrayBuffers and typed arrays, which live
 * outside that heap: summed from a heap snapshot, where V8 gives each backing store a node of its own
 * ('system / JSArrayBufferData', its size the buffer's length, a store shared by several views once).
 */
export async function workerMemory(workers: Workers): Promise<{ heap: number; buffers: number } | null> {
  const enabled = workers.send('HeapProfiler.enable');
  if (!enabled) return null;
  await enabled;
  await workers.send('HeapProfiler.collectGarbage');
  await workers.send('HeapProfiler.collectGarbage');
  const heap = (await workers.send('Runtime.getHeapUsage')) as { usedSize: number; totalSize: number };
  const chunks: string[] = [];
  const off = workers.on('HeapProfiler.addHeapSnapshotChunk', (params) => chunks.push((params as { chunk: string }).chunk));
  try {
    await workers.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false, captureNumericValue: false });
  } finally {
    off();
  }
  return { heap: heap.usedSize, buffers: arrayBufferBytes(chunks.join('')) };
}

/** The bytes of the ArrayBuffers' backing stores in a V8 heap snapshot (its JSON text). */
function arrayBufferBytes(snapshotText: string): number {
  const snapshot = JSON.parse(snapshotText) as { snapshot: { meta: { node_fields: string[] } }; nodes: number[]; strings: string[] };
  const fields = snapshot.snapshot.meta.node_fields;
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const backing = snapshot.strings.indexOf('system / JSArrayBufferData');
  let bytes = 0;
  for (let i = 0; i < snapshot.nodes.length; i += fields.length) if (snapshot.nodes[i + nameAt] === backing) bytes += snapshot.nodes[i + sizeAt]!;
  return bytes;
}

const LOOP = '(() => { const t = performance.now(); let x = 0; for (let i = 0; i < 20000000; i++) x += i % 7; return x >= 0 ? performance.now() - t : 0; })()';

/**
 * Whether the worker's CPU is really slowed: the same loop timed in the worker at the phone's rate and
 * with no slowdown (the best of three each); the rate is put back after. Null when no worker started.
 */
export async function workerSlowdown(workers: Workers): Promise<{ slowed: number; unslowed: number } | null> {
  const time = async () => {
    let best = Infinity;
    for (let i = 0; i < 3; i++) {
      const r = (await workers.send('Runtime.evaluate', { expression: LOOP, returnByValue: true })) as { result: { value: number } };
      best = Math.min(best, r.result.value);
    }
    return best;
  };
  const enabled = workers.send('Runtime.enable');
  if (!enabled) return null;
  await enabled;
  const slowed = await time();
  await workers.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const unslowed = await time();
  await workers.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return { slowed, unslowed };
}

/** The same check on the page (after a navigation, so it shows the slowdown outlived the change of document). */
export async function pageSlowdown(page: Page, cdp: CDPSession): Promise<{ slowed: number; unslowed: number }> {
  const time = async () => {
    let best = Infinity;
    for (let i = 0; i < 3; i++) best = Math.min(best, (await page.evaluate(LOOP)) as number);
    return best;
  };
  const slowed = await time();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const unslowed = await time();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return { slowed, unslowed };
}

export interface MakeChoice {
  make: string;
  /** From the tap on Apply to the "N cars found" text changing, and to the first cards changing (ms). */
  count: number;
  list: number;
  /** The page's long tasks from the tap on Apply to 0.5 s after the list changed. */
  longTasks: LongTasks;
}

/**
 * On /cars, opens Filter and Sort, picks `make` and applies it; times from the tap on Apply (a capture
 * listener on the button) to the count changing and to the result cards changing. The count's element
 * is found once by its text before Apply (found again only if React replaced it), and one
 * MutationObserver on `main` compares that element's text and the first six cards' links, then stops:
 * a few reads per DOM update, whatever the page holds.
 */
export async function chooseMake(page: Page, make: string): Promise<MakeChoice> {
  const dialog = page.getByRole('dialog');
  await page.getByRole('button', { name: 'Filter and Sort' }).click({ timeout: 5 * MINUTE });
  await dialog.getByRole('button', { name: 'Make', exact: true }).click({ timeout: 5 * MINUTE });
  await dialog.getByRole('combobox', { name: 'Make', exact: true }).click({ timeout: 5 * MINUTE });
  await page.getByRole('option', { name: make, exact: true }).click({ timeout: 5 * MINUTE });
  // A string, not a function: tsx's helpers (__name) do not exist in the page.
  await page.evaluate(`(() => {
    const main = document.querySelector('main');
    const isCount = (t) => /^[\\d,]+ (cars|vehicles) found$/.test(t);
    const find = () => [...main.querySelectorAll('p[aria-live]')].find((e) => isCount(e.textContent ?? '')) ?? [...main.querySelectorAll('p')].find((e) => isCount(e.textContent ?? '')) ?? null;
    let counter = find();
    const countText = () => {
      if (!counter || !counter.isConnected) counter = find();
      const t = counter?.textContent ?? null;
      return t !== null && isCount(t) ? t : null;
    };
    const cards = () => [...main.querySelectorAll('a[href^="/car/"]')].slice(0, 6).map((a) => a.getAttribute('href')).join(' ');
    const before = { count: countText(), cards: cards() };
    const m = (window.__make = { before: before.count });
    const apply = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Apply');
    apply?.addEventListener('click', () => (m.start = performance.now()), { capture: true, once: true });
    const observer = new MutationObserver(() => {
      if (m.start === undefined) return;
      const now = performance.now();
      if (m.count === undefined) {
        const count = countText();
        if (count && count !== before.count) (m.count = now - m.start), (m.after = count);
      }
      if (m.list === undefined) {
        const c = cards();
        if (c && c !== before.cards) m.list = now - m.start;
      }
      if (m.count !== undefined && m.list !== undefined) observer.disconnect();
    });
    observer.observe(main, { childList: true, subtree: true, characterData: true });
  })()`);
  await page.getByRole('button', { name: 'Apply' }).click({ timeout: 5 * MINUTE });
  const handle = await page.waitForFunction(
    () => {
      const m = (window as unknown as { __make?: { count?: number; list?: number; start?: number } }).__make;
      return m?.count !== undefined && m.list !== undefined ? m : null;
    },
    undefined,
    { timeout: 10 * MINUTE, polling: 250 },
  );
  const m = (await handle.jsonValue()) as { count: number; list: number; start: number; before: string | null; after: string };
  const end = m.start + Math.max(m.count, m.list) + 500;
  await pageClockPasses(page, end);
  return { make, count: m.count, list: m.list, longTasks: await longTasks(page, m.start, end) };
}
