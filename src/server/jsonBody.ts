import type { FastifyInstance } from 'fastify';
import { GENERIC_MESSAGES } from '../domain/core/messages';
import { HttpError } from './errors';

/**
 * How deeply a JSON body may nest arrays and objects. The deepest body the API takes (a push
 * subscription, a batch of events) nests three levels; a body nested thousands deep would overflow the
 * stack of whatever walks it next (validation, the Idempotency-Key's request hash), so it is refused
 * before it is parsed.
 */
export const MAX_JSON_DEPTH = 64;

/** Whether the JSON text opens more than `max` arrays or objects inside one another (strings skipped). */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** Fastify's own JSON parser (prototype poisoning refused), behind a cap on nesting: a deeper body is answered 400. */
export function registerJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (nestsDeeperThan(body as string, MAX_JSON_DEPTH)) {
      done(new HttpError(400, GENERIC_MESSAGES.tooDeep), undefined);
      return;
    }
    parse(req, body as string, done);
  });
}
