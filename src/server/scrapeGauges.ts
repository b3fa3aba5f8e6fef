import { statfs } from 'node:fs/promises';
import { Gauge, type Registry } from 'prom-client';
import type { PoolStats } from './db/client';

/**
 * How long a scrape waits for the database's revision before reporting the index's lag as unknown: a
 * database that hangs (a failover) must not hold the scrape past Prometheus' own timeout (10 s by default).
 */
const READ_TIMEOUT_MS = 5000;

/** What the gauges read at each scrape (plugins/app/metrics.ts reads them from `app.ctx` then). */
export interface ScrapeSources {
  /** The in-memory search index's figures (search/publicIndex.ts). */
  searchIndex(): { size: number; ready: boolean; appliedRevision: number };
  /** The database's current revision (repositories/vehicles/writes.ts), or null while the database is still opening. */
  headRevision(): Promise<number> | null;
  /** The database pool's connections (db/client.ts). */
  poolStats(): PoolStats;
  /** DATA_DIR: the space left on its disk is reported. */
  dataDir(): string;
}

/** `promise`, or a rejection once `ms` have passed without it settling. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** A gauge set at each scrape to what `read` says; NaN (unknown) when reading fails, so that the scrape itself never fails. */
function scrapedGauge(registry: Registry, name: string, help: string, read: () => number | Promise<number>): void {
  new Gauge({
    name,
    help,
    registers: [registry],
    async collect() {
      try {
        this.set(await read());
      } catch {
        this.set(Number.NaN);
      }
    },
  });
}

/** The gauges of the search index, the database pool and the data folder's disk, read when Prometheus scrapes. */
export function registerScrapeGauges(registry: Registry, sources: ScrapeSources): void {
  scrapedGauge(registry, 'motokari_search_index_listings', 'Public listings held by the in-memory search index', () => sources.searchIndex().size);
  scrapedGauge(registry, 'motokari_search_index_ready', 'Whether the in-memory search index is built (1) or searches use SQL meanwhile (0)', () => (sources.searchIndex().ready ? 1 : 0));
  scrapedGauge(
    registry,
    'motokari_search_index_revisions_behind',
    "Listing changes the database holds that the search index has not applied yet (NaN: the database's revision could not be read)",
    async () => {
      const head = sources.headRevision();
      if (!head) return Number.NaN;
      const revision = await within(head, READ_TIMEOUT_MS);
      return Math.max(0, revision - sources.searchIndex().appliedRevision);
    },
  );
  scrapedGauge(registry, 'motokari_db_pool_in_use', 'Database connections running a query', () => {
    const { total, idle } = sources.poolStats();
    return total - idle;
  });
  scrapedGauge(registry, 'motokari_db_pool_idle', 'Database connections open and idle', () => sources.poolStats().idle);
  scrapedGauge(registry, 'motokari_db_pool_waiting', 'Queries waiting for a database connection', () => sources.poolStats().waiting);
  scrapedGauge(registry, 'motokari_data_dir_free_bytes', 'Bytes free to the server on the disk of DATA_DIR', async () => {
    const disk = await statfs(sources.dataDir());
    return disk.bavail * disk.bsize;
  });
  scrapedGauge(registry, 'motokari_data_dir_size_bytes', 'Size in bytes of the disk of DATA_DIR', async () => {
    const disk = await statfs(sources.dataDir());
    return disk.blocks * disk.bsize;
  });
}
