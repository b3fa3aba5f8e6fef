import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnVehicle, Vehicle } from '@/domain/listing/vehicle';
import { decodeSummaries, type SummaryPage } from '@/domain/search/summary';
import { ENGINES, listingBody, startServer, type TestServer } from './harness';

// Duty and papers declared (issue 20): the seller says whether duty is paid (ZIMRA) and whether the
// vehicle has police clearance and a registration book in their name; listings answer it, the summary
// feed carries it, and buyers filter on it (duty_paid=true, papers_ready=true), on both engines.

describe.each(ENGINES)('%s: duty and papers declared', (engine) => {
  let s: TestServer;
  let token: string;
  const declared: Record<string, { duty_paid?: boolean | null; papers_ready?: boolean | null }> = {
    both: { duty_paid: true, papers_ready: true },
    duty: { duty_paid: true, papers_ready: false },
    papers: { duty_paid: false, papers_ready: true },
    unsaid: {},
  };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    s = await startServer(engine, { seed: false });
    token = (await s.signup()).token;
    for (const [name, answers] of Object.entries(declared)) {
      const draft = await s.draft(token, { make: 'Toyota', model: 'Hilux', ...answers });
      expect(draft.duty_paid).toBe(answers.duty_paid ?? null);
      expect(draft.papers_ready).toBe(answers.papers_ready ?? null);
      ids[name] = (await s.pay(token, draft.id)).id;
    }
  });
  afterAll(() => s?.close());

  async function namesMatching(qs: string, who: string | null = null): Promise<string[]> {
    const res = await s.request({ method: 'GET', url: `/api/vehicles?${qs}`, token: who });
    expect(res.statusCode, res.body).toBe(200);
    const found = (res.json() as Vehicle[]).map((v) => v.id);
    expect(Number(res.headers['x-total-count'])).toBe(found.length);
    return Object.entries(ids)
      .filter(([, id]) => found.includes(id))
      .map(([name]) => name)
      .sort();
  }

  it('answers what the seller declared on the public listing, null where nothing was said', async () => {
    const one = await s.request({ method: 'GET', url: `/api/vehicles/${ids.duty}` });
    expect(one.json()).toMatchObject({ duty_paid: true, papers_ready: false, verified_dealer: false });
    const unsaid = await s.request({ method: 'GET', url: `/api/vehicles/${ids.unsaid}` });
    expect(unsaid.json()).toMatchObject({ duty_paid: null, papers_ready: null });
  });

  it('carries the declarations in the summary feed', async () => {
    const res = await s.request({ method: 'GET', url: '/api/sync/summary?format=2&since=0' });
    expect(res.statusCode, res.body).toBe(200);
    const rows = decodeSummaries((res.json() as SummaryPage).rows);
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const [name, answers] of Object.entries(declared)) {
      expect(byId.get(ids[name]!), name).toMatchObject({ duty_paid: answers.duty_paid ?? null, papers_ready: answers.papers_ready ?? null, verified_dealer: false });
    }
  });

  it('filters on duty paid and papers ready, alone and together', async () => {
    expect(await namesMatching('duty_paid=true')).toEqual(['both', 'duty']);
    expect(await namesMatching('papers_ready=true')).toEqual(['both', 'papers']);
    expect(await namesMatching('duty_paid=true&papers_ready=true')).toEqual(['both']);
    expect(await namesMatching('duty_paid=false')).toEqual(['papers', 'unsaid']);
    expect(await namesMatching('duty_paid=all')).toEqual(['both', 'duty', 'papers', 'unsaid']);
  });

  it("applies them to a seller's own search (SQL) as to the public one", async () => {
    expect(await namesMatching('duty_paid=true&is_published=true', token)).toEqual(['both', 'duty']);
  });

  it('a seller changes a declaration on edit, and the search follows at once; an edit that leaves it out keeps it', async () => {
    const res = await s.request({ method: 'PUT', url: `/api/vehicles/${ids.unsaid}`, token, body: listingBody({ make: 'Toyota', model: 'Hilux', papers_ready: true }) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json() as OwnVehicle).toMatchObject({ papers_ready: true, duty_paid: null });
    expect(await namesMatching('papers_ready=true')).toEqual(['both', 'papers', 'unsaid']);
    const price = await s.request({ method: 'PUT', url: `/api/vehicles/${ids.both}`, token, body: { price: 41000 } });
    expect(price.statusCode, price.body).toBe(200);
    expect(price.json()).toMatchObject({ price: 41000, duty_paid: true, papers_ready: true });
  });

  it.each(['yes', 1, 'maybe'])('refuses duty_paid %j with 422 and creates nothing', async (value) => {
    const res = await s.request({ method: 'POST', url: '/api/vehicles', token, body: listingBody({ make: 'Mazda', model: 'BT-50', duty_paid: value }) });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toHaveProperty('detail');
  });

  it.each(['papers_ready=maybe', 'verified_dealer=2', 'duty_paid=yes'])('refuses the search %s with 422', async (qs) => {
    const res = await s.request({ method: 'GET', url: `/api/vehicles?${qs}` });
    expect(res.statusCode).toBe(422);
    expect(JSON.stringify(res.json().detail)).toContain(qs.split('=')[0]);
  });
});
