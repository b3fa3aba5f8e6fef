import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchWhenAvailable } from '@/data/retryAfter';

/** A fetch that answers each call with the next of `answers` (status and Retry-After), the last one again after that. */
function answering(answers: Array<{ status: number; retryAfter?: string }>) {
  const calls: string[] = [];
  const fake = vi.fn(async (input: string) => {
    calls.push(input);
    const a = answers[Math.min(calls.length, answers.length) - 1]!;
    return new Response(a.status === 200 ? '[]' : JSON.stringify({ detail: 'Motokari is starting. Please try again in a moment.' }), {
      status: a.status,
      headers: a.retryAfter === undefined ? {} : { 'retry-after': a.retryAfter },
    });
  });
  vi.stubGlobal('fetch', fake);
  return calls;
}

describe('reads a screen waits on, while the server starts or its database is briefly away', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks again after the wait a 503 names, and gives the screen the answer that follows', async () => {
    const calls = answering([{ status: 503, retryAfter: '0' }, { status: 503, retryAfter: '0' }, { status: 200 }]);
    const res = await fetchWhenAvailable('/api/vehicles?make=Toyota');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
    expect(calls).toEqual(['/api/vehicles?make=Toyota', '/api/vehicles?make=Toyota', '/api/vehicles?make=Toyota']);
  });

  it('gives a 503 without Retry-After, or asking for longer than 30 s, to the caller at once', async () => {
    let calls = answering([{ status: 503 }]);
    expect((await fetchWhenAvailable('/api/sync/summary')).status).toBe(503);
    expect(calls).toHaveLength(1);
    calls = answering([{ status: 503, retryAfter: '3600' }]);
    expect((await fetchWhenAvailable('/api/sync/summary')).status).toBe(503);
    expect(calls).toHaveLength(1);
  });

  it('stops after six tries, with the last answer', async () => {
    const calls = answering([{ status: 503, retryAfter: '0' }]);
    const res = await fetchWhenAvailable('/api/vehicles');
    expect(res.status).toBe(503);
    expect(calls).toHaveLength(6);
  });

  it('other answers, errors included, are not asked again', async () => {
    const calls = answering([{ status: 500 }, { status: 200 }]);
    expect((await fetchWhenAvailable('/api/vehicles')).status).toBe(500);
    expect(calls).toHaveLength(1);
  });

  it('a search dropped while it waits (the person typed on) ends its wait at once', async () => {
    const calls = answering([{ status: 503, retryAfter: '25' }, { status: 200 }]);
    const controller = new AbortController();
    const pending = fetchWhenAvailable('/api/vehicles', { signal: controller.signal });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    controller.abort();
    expect((await pending).status).toBe(503);
    expect(calls).toHaveLength(1);
  });
});
