import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { startServer, type TestServer } from './harness';

// The OpenAPI description at /api/docs/json is what a dealer's developer generates a client from
// (issue 38): Redocly's recommended rules (what `npx @redocly/cli lint` runs) find nothing in it, and
// what it says about tokens is what the server does.

interface Operation {
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean }[];
}
type Doc = { paths: Record<string, Record<string, Operation>> };

describe('the OpenAPI description', () => {
  let s: TestServer;
  let source = '';
  let doc: Doc;

  beforeAll(async () => {
    s = await startServer('pglite');
    const res = await s.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    source = res.body;
    doc = res.json() as Doc;
  });
  afterAll(() => s?.close());

  it("passes Redocly's recommended lint with no error and no warning", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
    const found = problems.map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`);
    expect(found).toEqual([]);
  });

  it('names every operation once and says what it does', () => {
    const ops = Object.values(doc.paths).flatMap((methods) => Object.values(methods));
    expect(ops.length).toBeGreaterThan(70);
    const ids = ops.map((o) => o.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/api/vehicles/{id}/contact']!.get!.operationId).toBe('getVehiclesByIdContact');
    for (const o of ops) expect(o.summary, o.operationId).toMatch(/^\S.{2,}$/);
  });

  // A GET that declares a bearer token as required answers 401 without one; one declared public or
  // with an optional token does not. (Writes are validated before their handler, so a missing token
  // there can be answered 422 first: the GETs are the honest check.)
  it('tells the truth about tokens: a GET that requires one answers 401 without it, a public one does not', async () => {
    const checked: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      const get = methods.get;
      if (!get || (get.parameters ?? []).some((p) => p.in === 'query' && p.required)) continue;
      const url = path.replace(/\{[^}]+\}/g, randomUUID());
      const status = (await s.app.inject({ method: 'GET', url })).statusCode;
      const security = get.security ?? [];
      const required = security.length > 0 && security.every((req) => Object.keys(req).length > 0);
      checked.push(path);
      if (required) expect(status, `${path} declares a token required`).toBe(401);
      else expect(status, `${path} declares no token needed`).not.toBe(401);
    }
    expect(checked.length).toBeGreaterThan(20);
  });
});
