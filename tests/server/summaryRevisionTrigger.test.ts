import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '@/server/db/client';
import { vehicles } from '@/server/db/schema';
import { SUMMARY_SOURCE_COLUMNS } from '@/server/repositories/vehicles/syncFeeds';
import { ENGINES, startServer, type TestServer } from './harness';

const MIGRATIONS = path.join(import.meta.dirname, '../../src/server/db/migrations');

/** The body of the last migration that (re)defines the trigger's function. */
function triggerFunction(): string {
  const files = readdirSync(MIGRATIONS)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const defining = files.filter((f) => /FUNCTION motokari_summary_revision\(\)/.test(readFileSync(path.join(MIGRATIONS, f), 'utf8')));
  expect(defining.length, 'a migration defines motokari_summary_revision()').toBeGreaterThan(0);
  return readFileSync(path.join(MIGRATIONS, defining.at(-1)!), 'utf8');
}

// The summary feed sends a listing whose summary_revision is behind the device as its price alone:
// the trigger that keeps summary_revision must see a change to any other column the summary reads.
// A column added to the summary and not to the trigger would reach devices as nothing at all.
describe('the trigger that keeps vehicles.summary_revision', () => {
  it('compares every column the summary reads but the id and the price, old against new', () => {
    const sql = triggerFunction();
    const compared = SUMMARY_SOURCE_COLUMNS.filter((c) => c !== 'id' && c !== 'price');
    expect(compared.length).toBeGreaterThan(20);
    const missing = compared.filter((c) => !new RegExp(`NEW\\.${c}\\b`).test(sql) || !new RegExp(`OLD\\.${c}\\b`).test(sql));
    expect(missing, 'add these to the trigger, in a new migration').toEqual([]);
    // The price is what the feed may send alone: the trigger must not count it.
    expect(sql).not.toMatch(/NEW\.price\b/);
    // A boost's end is where a listing stands newest first on a device: part of its summary.
    expect(compared).toContain('boosted_until');
  });
});

// A boost (issue 38) and its end reach devices in full, not as a price: both bump summary_revision.
describe.each(ENGINES)('%s: a boost changes the summary', (engine) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(engine, { seed: false });
  });
  afterAll(() => s?.close());

  const state = async (id: string) => {
    const [r] = rowsOf<{ revision: string; summary_revision: string | null }>(await s.app.ctx.db.execute(sql`select revision, summary_revision from vehicles where id = ${id}`));
    return { revision: Number(r!.revision), summary: r!.summary_revision === null ? null : Number(r!.summary_revision) };
  };
  /** An update written as the server writes a listing: with a revision of its own. */
  const write = (id: string, set: ReturnType<typeof sql>) => s.app.ctx.db.execute(sql`update vehicles set ${set}, revision = nextval('listing_revision_seq') where id = ${id}`);

  it('bumps summary_revision when boosted_until is set and when it is cleared, and not for a price alone', async () => {
    const seller = await s.signup();
    const [v] = await s.app.ctx.db
      .insert(vehicles)
      .values({
        vehicleType: 'car',
        make: 'Toyota',
        model: 'Hilux',
        year: 2019,
        price: 20_000,
        sellerId: seller.user.id,
        isPublished: true,
        firstPublishedAt: new Date(),
        revision: sql`nextval('listing_revision_seq')`,
      })
      .returning({ id: vehicles.id });
    const id = v!.id;
    const made = await state(id);
    expect(made.summary).toBe(made.revision);
    await write(id, sql`price = 19000`);
    const priced = await state(id);
    expect(priced.revision).toBeGreaterThan(made.revision);
    expect(priced.summary).toBe(made.revision);
    await write(id, sql`boosted_until = date_trunc('second', now()) + interval '24 hours'`);
    const boosted = await state(id);
    expect(boosted.revision).toBeGreaterThan(priced.revision);
    expect(boosted.summary).toBe(boosted.revision);
    // The same end written again is no change of the summary.
    await write(id, sql`boosted_until = boosted_until`);
    const same = await state(id);
    expect(same.summary).toBe(boosted.revision);
    // The job clearing an ended boost: a change devices hear of (the listing drops back to its own time).
    await write(id, sql`boosted_until = null`);
    const cleared = await state(id);
    expect(cleared.revision).toBeGreaterThan(same.revision);
    expect(cleared.summary).toBe(cleared.revision);
  });
});
