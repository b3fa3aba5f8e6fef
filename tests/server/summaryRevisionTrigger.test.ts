import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SUMMARY_SOURCE_COLUMNS } from '@/server/repositories/vehicles/syncFeeds';

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
  });
});
