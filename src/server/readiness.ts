import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Db } from './db/client';
import type { MediaStore } from './media/mediaStore';
import type { Readiness } from '../domain/wire';

/** How long a dependency may take to answer before it counts as unavailable: a probe must answer even when one hangs. */
const CHECK_TIMEOUT_MS = 2000;

type DependencyState = Readiness['database'];

async function probe(check: (() => Promise<unknown>) | null): Promise<DependencyState> {
  if (!check) return 'not configured';
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('no answer in time')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return 'ok';
  } catch {
    return 'unavailable';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether this instance can serve: every dependency a request may need answers. Each is one entry of
 * `dependencies` below and one field of readinessSchema (src/domain/wire.ts): the database, Redis when configured, and
 * the media store (the photos' folder, or their bucket). Two are reported without making the instance
 * unready: the search index (while it builds, searches are answered by SQL) and Redis, which holds
 * only rate-limit counters (while it is away each instance counts in memory: an outage of it taking
 * every instance out of the load balancer at once would be worse).
 */
export function readinessCheck(deps: { db: Db; redis: Redis | null; media: Pick<MediaStore, 'check'>; searchIndexReady: () => boolean }): () => Promise<Readiness> {
  return async () => {
    const [database, redis, media] = await Promise.all([probe(() => deps.db.execute(sql`select 1`)), probe(deps.redis ? () => deps.redis!.ping() : null), probe(() => deps.media.check())]);
    const dependencies = { database, redis, media };
    return {
      ready: database !== 'unavailable' && media !== 'unavailable',
      ...dependencies,
      search_index: deps.searchIndexReady() ? 'ready' : 'building',
    };
  };
}
