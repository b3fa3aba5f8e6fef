import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';

// POST /api/events: the page views the app sends only with analytics consent. Nothing is stored.
describe('analytics events', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer('pglite');
  });
  afterAll(async () => {
    await s?.close();
  });

  const view = (over: Record<string, unknown> = {}) => ({ type: 'page_view', path: '/cars', at: '2025-10-08T09:30:00.000Z', screen: 'phone', ...over });

  it('accepts page views with 204 and no body', async () => {
    const res = await s.request({ method: 'POST', url: '/api/events', body: { events: [view(), view({ path: '/', screen: 'wide' })] } });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
  });

  it.each([
    ['no events', { events: [] }],
    ['a path with a query (a search could identify someone)', { events: [view({ path: '/cars?make=Toyota' })] }],
    ['a path that is not one', { events: [view({ path: 'https://elsewhere.example/' })] }],
    ['another kind of event', { events: [view({ type: 'click' })] }],
    ['no time', { events: [view({ at: undefined })] }],
    ['too many at once', { events: Array.from({ length: 21 }, () => view()) }],
  ])('refuses %s with 422 and a JSON detail', async (_name, body) => {
    const res = await s.request({ method: 'POST', url: '/api/events', body });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toHaveProperty('detail');
  });
});
