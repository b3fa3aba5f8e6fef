import type { Database, Db } from '../db/client';
import { distanceFields, isPublic, type Vehicle } from '../../domain/vehicle';
import type { SearchRequest } from '../../domain/search/filters';
import { ListingIndex } from '../../domain/search/listingIndex';
import { currentRevision, onListingWrite, syncChanges } from '../repositories/vehicles.repo';

const PAGE = 2000;
/** The channel the listing tables' triggers notify on commit (migration 0002). */
export const LISTING_CHANNEL = 'motokari_listings';
const RELISTEN_MS = 1000;
/** About 20 MB of listing JSON at most. */
const JSON_CACHE_MAX = 20_000;

/**
 * The public listings in memory, answering public searches without a query per search. It is a
 * delta-sync client of the database like the offline app: when told that listings changed, the next
 * search first reads the head revision and applies the changes since its own.
 *
 * It is told by this process's writes (synchronously, so a writer's next request sees its write) and
 * by the database's notifications (writes by another server instance or by hand). Until it listens,
 * and whenever the listening connection is lost, it falls back to reading the head revision before
 * every search, so it never answers from older data than it knows of.
 */
export class PublicListingIndex {
  private readonly index = new ListingIndex<Vehicle>();
  /** Listings' JSON text by id, dropped when the listing changes. */
  private readonly json = new Map<string, string>();
  private revision = 0;
  private listening = false;
  private stale = true;
  private caughtUp = false;
  /** The latest catch-up; each starts after the previous one ends. */
  private latest: Promise<void> = Promise.resolve();
  private catchingUp: Promise<void> | null = null;
  private stops: Array<() => unknown> = [];
  private closed = false;
  private relistenTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly database?: Pick<Database, 'listen'>,
  ) {
    this.stops.push(onListingWrite(db, () => this.invalidate()));
  }

  get size(): number {
    return this.index.size;
  }

  /** The last revision applied. */
  get appliedRevision(): number {
    return this.revision;
  }

  /** Whether the first catch-up finished: the index holds every listing that was public when it began. */
  get ready(): boolean {
    return this.caughtUp;
  }

  /** Whether the database's notifications are being received (otherwise each search reads the head). */
  get isListening(): boolean {
    return this.listening;
  }

  /** Starts listening for the database's notifications (searches work before and without it). */
  async start(): Promise<void> {
    if (!this.database || this.closed) return;
    try {
      const stop = await this.database.listen(LISTING_CHANNEL, () => this.invalidate(), () => this.lost());
      if (this.closed) return void (await stop());
      this.stops.push(stop);
      // Anything committed before LISTEN took effect was not notified: catch up once more.
      this.invalidate();
      this.listening = true;
    } catch {
      this.lost();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.relistenTimer) clearTimeout(this.relistenTimer);
    await Promise.all(this.stops.map((stop) => stop()));
    this.stops = [];
  }

  private invalidate(): void {
    this.stale = true;
  }

  private lost(): void {
    this.listening = false;
    this.invalidate();
    if (this.closed || !this.database) return;
    this.relistenTimer = setTimeout(() => void this.start(), RELISTEN_MS);
    this.relistenTimer.unref();
  }

  /** Brings the index up to every change committed before this call (as far as this process knows). */
  async refresh(): Promise<void> {
    if (!this.listening) return this.catchUpToHead();
    if (this.stale) {
      // Cleared before reading the head: a change notified meanwhile marks it stale again.
      this.stale = false;
      this.latest = this.latest
        .catch(() => undefined)
        .then(() => this.catchUpToHead())
        .catch((err: unknown) => {
          this.stale = true;
          throw err;
        });
    }
    // Also when not stale: a catch-up still running began after an invalidation this request must see.
    await this.latest;
  }

  private async catchUpToHead(): Promise<void> {
    const head = await currentRevision(this.db);
    while (this.revision < head) {
      // One catch-up at a time; a request that arrives meanwhile waits for it and checks again.
      this.catchingUp ??= this.catchUp().finally(() => {
        this.catchingUp = null;
      });
      await this.catchingUp;
    }
    this.caughtUp = true;
  }

  private async catchUp(): Promise<void> {
    for (;;) {
      const page = await syncChanges(this.db, this.revision, PAGE);
      for (const v of page.upserts) {
        this.index.upsert(v);
        this.json.delete(v.id);
      }
      for (const id of page.tombstones) {
        this.index.remove(id);
        this.json.delete(id);
      }
      this.revision = page.revision;
      if (!page.has_more) return;
    }
  }

  /**
   * A public search's answer as the JSON text of the list: each listing is serialised once per
   * revision and reused, with the buyer's distance fields appended when the buyer is known.
   */
  async searchJson(req: SearchRequest, now: number = Date.now()): Promise<{ json: string; total: number }> {
    await this.refresh();
    const { hits, total } = this.index.search(req, now);
    const parts = hits.map((h) => {
      const base = this.serialised(h.item);
      if (!req.buyer) return base;
      const d = distanceFields(h.item, req.buyer);
      return `${base.slice(0, -1)},"distance_km":${d.distance_km},"drive_time_minutes":${d.drive_time_minutes}}`;
    });
    return { json: `[${parts.join(',')}]`, total };
  }

  /** A listing if it is public, after catching up with every change committed before this call. */
  async publicListing(id: string, now: Date = new Date()): Promise<Vehicle | null> {
    await this.refresh();
    const v = this.index.get(id);
    return v && isPublic(v, now) ? v : null;
  }

  private serialised(v: Vehicle): string {
    let text = this.json.get(v.id);
    if (text === undefined) {
      // Bounded: the listings being shown stay; the least recently serialised go first.
      if (this.json.size >= JSON_CACHE_MAX) this.json.delete(this.json.keys().next().value!);
      this.json.set(v.id, (text = JSON.stringify(v)));
    }
    return text;
  }
}
