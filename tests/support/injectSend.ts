import type { Send } from '@/data/outbox/senders';
import type { TestServer } from '../server/harness';

/** A request as it reached the server through injectSend. */
export interface SentRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
}

/**
 * A fetch-shaped Send over Fastify inject (the real HTTP layer, without a socket), as the app's ky
 * instance sends with the user's bearer token. Each request that reached the server is pushed to `sent`.
 */
export function injectSend(s: TestServer, token: string | null, sent: SentRequest[] = []): Send {
  return async (path, init) => {
    const headers: Record<string, string> = { ...init.headers };
    let payload: string | Buffer;
    if (typeof init.body === 'string') {
      payload = init.body;
    } else {
      const encoded = new Response(init.body);
      payload = Buffer.from(await encoded.arrayBuffer());
      headers['content-type'] = encoded.headers.get('content-type')!;
    }
    sent.push({ method: init.method, path, headers: { ...init.headers } });
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await s.app.inject({ method: init.method, url: `/api/${path}`, headers, payload });
    const out = new Headers();
    for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) out.set(k, Array.isArray(v) ? v.join(', ') : String(v));
    return new Response(res.rawPayload.length ? new Uint8Array(res.rawPayload) : null, { status: res.statusCode, headers: out });
  };
}
