import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Mirror } from '@/data/mirror';
import { DEFAULT_PREFS, readPrefs, writePrefs } from '@/data/mirrorPrefs';
import type { MirrorPrefs } from '@/data/records';

// The person's choice of what the device keeps lives in the mirror's meta store, row 'prefs', where
// the search worker's sync reads it.

describe("the data screen's choices on the device", () => {
  it('are the defaults (whole country, any connection, no data saving) until chosen', async () => {
    const mirror = new Mirror(`prefs-${randomUUID()}`);
    expect(await readPrefs(mirror)).toEqual({ scope: { types: null, regions: null, near: null }, wifiOnly: false, saveData: false });
    expect(DEFAULT_PREFS.scope).toEqual({ types: null, regions: null, near: null });
  });

  it('are kept under the meta row "prefs" and read back by another connection', async () => {
    const name = `prefs-${randomUUID()}`;
    const chosen: MirrorPrefs = { scope: { types: ['car'], regions: ['Harare', 'Midlands'], near: null }, wifiOnly: true, saveData: true };
    await writePrefs(new Mirror(name), chosen);
    const other = new Mirror(name);
    expect(await readPrefs(other)).toEqual(chosen);
    expect((await other.meta('prefs'))?.prefs).toEqual(chosen);
  });

  it('fall back to the defaults for what a damaged or older row gets wrong', async () => {
    const mirror = new Mirror(`prefs-${randomUUID()}`);
    await mirror.putMeta({ key: 'prefs', prefs: { scope: { types: ['boat'], regions: null, near: null }, wifiOnly: 'yes', saveData: true } as unknown as MirrorPrefs });
    expect(await readPrefs(mirror)).toEqual({ scope: DEFAULT_PREFS.scope, wifiOnly: false, saveData: true });
  });
});
