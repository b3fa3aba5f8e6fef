/** How long a `Retry-After` header asks to wait (seconds, or an HTTP date), in ms; null without one. */
export function retryAfterMs(header: string | null, now: number): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** The longest wait a 503's Retry-After may ask for before the read gives up and says so instead. */
const LONGEST_WAIT_MS = 30_000;
/** How many times a read answered 503 is asked again. */
const TRIES = 6;

/**
 * fetch for the reads a screen waits on (a search, the feed's pages): a 503 that says when to come
 * back (a server starting, or its database briefly away) is asked again after that wait, a few times,
 * so the screen fills once the server answers instead of showing an error until the next refresh.
 * Anything else, and a 503 asking for a longer wait, is the caller's to judge.
 */
export async function fetchWhenAvailable(input: string, init: RequestInit = {}): Promise<Response> {
  for (let tried = 1; ; tried++) {
    const res = await fetch(input, init);
    const wait = res.status === 503 ? retryAfterMs(res.headers.get('retry-after'), Date.now()) : null;
    if (wait === null || wait > LONGEST_WAIT_MS || tried >= TRIES || init.signal?.aborted) return res;
    await res.body?.cancel();
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(done, wait);
      init.signal?.addEventListener('abort', done, { once: true });
      if (init.signal?.aborted) done();
    });
    if (init.signal?.aborted) return res;
  }
}
