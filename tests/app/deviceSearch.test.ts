import { beforeEach, describe, expect, it, vi } from 'vitest';

const search = vi.fn((req: Record<string, unknown>) => Promise.resolve({ items: [], total: Number(req.limit), covered: true }));
const syncStore = { ready: true, version: 1 };
vi.mock('@/app/shared/sync/searchClient', () => ({ listingsWorker: { search } }));
vi.mock('@/app/shared/sync/syncStore', () => ({ syncStore }));
const { searchAhead, searchDevice } = await import('@/app/shared/search/deviceSearch');

// A tap on Apply starts the device's search at once; the screen's search then takes that answer
// instead of asking again, unless the device's listings changed in between.
describe('a search started ahead', () => {
  beforeEach(() => {
    search.mockClear();
    syncStore.version = 1;
  });

  it('is the answer the screen then asks for, asked of the worker once', async () => {
    searchAhead({ make: 'Toyota', limit: 24 });
    searchAhead({ make: 'Toyota', limit: 24 });
    await expect(searchDevice({ make: 'Toyota', limit: 24 })).resolves.toMatchObject({ total: 24 });
    expect(search).toHaveBeenCalledTimes(1);
    // Taken once: the next search asks again.
    await searchDevice({ make: 'Toyota', limit: 24 });
    expect(search).toHaveBeenCalledTimes(2);
  });

  it('is asked again once the listings changed, and never for another request', async () => {
    searchAhead({ make: 'Nissan', limit: 24 });
    syncStore.version = 2;
    await searchDevice({ make: 'Nissan', limit: 24 });
    expect(search).toHaveBeenCalledTimes(2);
    searchAhead({ make: 'Honda', limit: 24 });
    await searchDevice({ make: 'Honda', limit: 48 });
    expect(search.mock.calls.map(([req]) => req)).toEqual([
      { make: 'Nissan', limit: 24 },
      { make: 'Nissan', limit: 24 },
      { make: 'Honda', limit: 24 },
      { make: 'Honda', limit: 48 },
    ]);
  });
});
