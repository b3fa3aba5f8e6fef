// What every operation of the OpenAPI description carries besides its own schema: an operationId
// made from its method and path (the name a generated client gives the call), and, where the route
// documents no 4xx answer of its own, the problem answer every route gives for bad input.

/** 'GET', '/api/vehicles/:id/contact' -> 'getVehiclesByIdContact'. Unique as method and path are. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? `by-${segment.slice(1)}` : segment))
    .flatMap((segment) => segment.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join('');
}

/** The JSON of a refused request: `{"detail": ...}` (a sentence, or for invalid input the list of what is wrong). */
export const PROBLEM_RESPONSE = {
  description: 'The request was refused: signed out, not allowed, not found, invalid input or too many requests.',
  type: 'object',
  required: ['detail'],
  properties: {
    detail: {
      description: 'What is wrong: a sentence, or for invalid input a list of {loc, msg, type}.',
      anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'object', additionalProperties: true } }],
    },
  },
} as const;

/** Adds the problem answer to a route's documented responses unless it documents a 4xx of its own. */
export function withProblemResponse(response: Record<string, unknown> | undefined): Record<string, unknown> {
  const own = response ?? {};
  return Object.keys(own).some((code) => /^4/.test(code)) ? own : { ...own, '4XX': PROBLEM_RESPONSE };
}

/**
 * The description with each `anyOf` keeping one of each distinct schema. OpenAPI 3.0 has no tuples,
 * so a zod tuple's items become an `anyOf` of its members' schemas, with the same one repeated
 * (Redocly's no-illogical-composition-keywords); one left is the schema itself.
 */
export function withoutRepeatedAnyOf<T>(node: T): T {
  if (Array.isArray(node)) return node.map((n: unknown) => withoutRepeatedAnyOf(n)) as T;
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = withoutRepeatedAnyOf(value);
  if (!Array.isArray(out.anyOf)) return out as T;
  const seen = new Set<string>();
  const kept = (out.anyOf as unknown[]).filter((s) => {
    const key = JSON.stringify(s);
    return !seen.has(key) && seen.add(key);
  });
  const { anyOf: _anyOf, ...rest } = out;
  return (kept.length === 1 ? { ...rest, ...(kept[0] as object) } : { ...rest, anyOf: kept }) as T;
}
