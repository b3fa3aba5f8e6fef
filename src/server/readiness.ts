import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Db } from './db/client';
import type { MediaStore } from './media/mediaStore';
import type { Startup } from './startup';
import type { Readiness } from '../domain/core/wire';

/** How long a dependency may take to answer before it counts as unavailable: a probe must answer even when one hangs. */
const CHECK_TIMEOUT_MS = 2000;
/**
 * How long a check's outcome answers later probes: the route is public, and each check is a query,
 * a Redis command and a request to the bucket (billed on S3), so a flood of probes makes one check a
 * second, not one each. Probes arriving while a check runs wait for it.
 */
const CHECK_REUSE_MS = 1000;

type DependencyState = Readiness['database'];
type Dependencies = Pick<Readiness, 'database' | 'redis' | 'media'>;

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
 * Whether this instance can serve at its normal speed, and if not what it waits for. Not ready while it
 * starts (the database opening; the API answers 503), while the in-memory search index builds (searches
 * would be answered by SQL, many times slower: an instance put in rotation then would hold every search
 * up), and from the moment a signal asks it to stop (a balancer stops sending while it finishes the
 * requests in flight).
 *
 * Then every dependency of its own that a request may need must answer. Each is one entry of
 * `dependencies` below and one field of readinessSchema (src/domain/core/wire.ts): the database, Redis when
 * configured, and the media store (the photos' folder, or their bucket). Some are reported without
 * making the instance unready, because an outage of one of them takes every instance out of the load
 * balancer at once (the whole site down) where most of it could go on working: Redis, which holds only
 * rate-limit counters (while it is away each instance counts in memory); and a bucket (`sharedMedia`:
 * every instance's photos, so no instance is better off; searches, listings, accounts and payments go
 * on, photos already behind a CDN too, and uploads answer 503 meanwhile). A photos' folder on this
 * instance's own disk does make it unready: another instance may be able to serve.
 */
export function readinessCheck(
  deps: { startup: Startup; db: Db; redis: Redis | null; media: Pick<MediaStore, 'check'>; sharedMedia: boolean; searchIndexReady: () => boolean },
  now: () => number = Date.now,
): () => Promise<Readiness> {
  let last: { started: number; dependencies: Promise<Dependencies> } | null = null;
  const check = async (): Promise<Dependencies> => {
    const [database, redis, media] = await Promise.all([probe(() => deps.db.execute(sql`select 1`)), probe(deps.redis ? () => deps.redis!.ping() : null), probe(() => deps.media.check())]);
    return { database, redis, media };
  };
  return async () => {
    const { startup } = deps;
    const searchIndex = deps.searchIndexReady() ? 'ready' : 'building';
    if (!startup.apiReady) {
      return { ready: false, state: 'starting', waiting_for: [`start-up (${startup.step})`], database: 'starting', redis: 'starting', media: 'starting', search_index: searchIndex };
    }
    if (!last || now() - last.started >= CHECK_REUSE_MS) last = { started: now(), dependencies: check() };
    const dependencies = await last.dependencies;
    const waitingFor = [
      ...(startup.stopping ? ['nothing more: the instance is stopping'] : []),
      ...(dependencies.database === 'unavailable' ? ['the database'] : []),
      ...(!deps.sharedMedia && dependencies.media === 'unavailable' ? ["the photos' folder"] : []),
      ...(searchIndex === 'building' ? ['the search index (building)'] : []),
    ];
    return {
      ready: waitingFor.length === 0,
      state: startup.stopping ? 'stopping' : 'running',
      waiting_for: waitingFor,
      ...dependencies,
      search_index: searchIndex,
    };
  };
}
