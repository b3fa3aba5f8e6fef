import type { Database, Db } from '../db/client';
import { distanceFields } from '@/domain/listing/vehicle';
import type { SearchRequest } from '@/domain/search/filters';
import { ListingIndex } from '@/domain/search/index/listingIndex';
import { ColumnsBuilder, type Indexed } from '@/domain/search/index/columns';
import { WHOLE_COUNTRY } from '@/domain/search/scope';
import { indexPriceVerdicts, type PriceVerdict } from '@/domain/search/priceVerdict';
import { SizedCache } from './sizedCache';
import { publicListingsJson } from '../repositories/vehicles/listingJson';
import { estimatedListings, readPublicIndex } from '../repositories/vehicles/search';
import { currentRevision, onListingWrite } from '../repositories/vehicles/writes';
import { summaryChanges } from '../repositories/vehicles/syncFeeds';

/** Listings read a page while catching up, and a query while building. */
const PAGE = 2000;
const BUILD_PAGE = 10_000;
/** The channel the listing tables' triggers notify on commit (migration 0002). */
export const LISTING_CHANNEL = 'motokari_listings';
const RELISTEN_MS = 1000;
/**
 * The listings' JSON kept for the pages being shown, at most this many characters whatever the
 * listings' count (about 64,000 listings' worth). A listing missing from it costs a read, and a search
 * waits for it: on PostgreSQL a query answered by another process (its batch holds up the searches
 * that miss meanwhile), on PGlite on the server's own thread. Measured at 100,000 listings on PGlite
 * (the search mix, 8 s, twice): 24 million characters 725 / 659 searches/s, p99 46 / 51 ms, peak RSS
 * 609 / 618 MB; 100 million 914 / 884 searches/s, 40 / 42 ms, 675 / 678 MB. At a million on
 * PostgreSQL (the same mix, three rounds alternating, the same run): 24 million 661 / 773 / 768
 * searches/s, p99 70 / 60 / 59 ms; 96 million 815 / 949 / 925, 56 / 49 / 46 ms, for about 70 MB more
 * RSS (160 million measured no faster, for 65 MB more again).
 */
const JSON_CACHE_CHARS = 96_000_000;
/** The longest the build's price fits hold the event loop at a time. */
const FIT_SLICE_MS = 20;

/**
 * The public listings in memory, answering public searches without a query per search. It holds each
 * listing's searchable columns only (a million listings in a few hundred MB); a page of results is
 * written from each listing's JSON, kept in a bounded cache and read from the database for the
 * listings not in it.
 *
 * It is built in the background when the server starts (a million listings take tens of seconds);
 * until then `ready` is false and searches are answered with SQL. Then it is a delta-sync client of
 * the database like the offline app: when told that listings changed, the next search first reads the
 * head revision and applies the changes since its own. It is told by this process's writes
 * (synchronously, so a writer's next request sees its write) and by the database's notifications
 * (writes by another server instance or by hand). Until it listens, and whenever the listening
 * connection is lost, it falls back to reading the head revision before every search, so it never
 * answers from older data than it knows of.
 */
export class PublicListingIndex {
  private index = new ListingIndex<Indexed>();
  /** Each model's price fit, computed over the index when a listing of it is first shown, again after one of it changes. */
  private readonly verdicts = indexPriceVerdicts(() => this.index);
  /** Listings' JSON text by id, dropped when the listing changes. */
  private readonly json: SizedCache<string, string>;
  /** Bumped by every change applied: JSON read from the database before a change is not kept after it. */
  private generation = 0;
  /** Searches waiting for their listings' rows, read together once the query out ends (listingsJson). */
  private waiting: Array<{ ids: string[]; resolve: (texts: Map<string, string>) => void; reject: (err: unknown) => void }> = [];
  private reading = false;
  private revision = 0;
  private built = false;
  private building: Promise<void> | null = null;
  private listening = false;
  private stale = true;
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
    this.json = new SizedCache<string, string>(JSON_CACHE_CHARS, (text) => text.length);
    this.stops.push(onListingWrite(db, () => this.invalidate()));
  }

  get size(): number {
    return this.index.size;
  }

  /** Whether the first build has finished: searches are answered from memory (before, with SQL). */
  get ready(): boolean {
    return this.built;
  }

  /** The last revision applied. */
  get appliedRevision(): number {
    return this.revision;
  }

  /** Whether the database's notifications are being received (otherwise each search reads the head). */
  get isListening(): boolean {
    return this.listening;
  }

  /** Starts listening for the database's notifications (searches work before and without it). */
  async start(): Promise<void> {
    if (!this.database || this.closed) return;
    try {
      const stop = await this.database.listen(
        LISTING_CHANNEL,
        () => this.invalidate(),
        () => this.lost(),
      );
      if (this.closed) return void (await stop());
      this.stops.push(stop);
      // Anything committed before LISTEN took effect was not notified: catch up once more.
      this.invalidate();
      this.listening = true;
    } catch {
      this.lost();
    }
  }

  /**
   * Builds the index (once; a second call waits for the first): every public listing's searchable
   * fields read in one pass into columns, the index made from them, then the changes since the read. Resolves when searches are
   * answered from memory; a failure leaves searches on SQL and may be retried.
   */
  build(): Promise<void> {
    this.building ??= this.load().catch((err: unknown) => {
      this.building = null;
      throw err;
    });
    return this.building;
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

  private async load(): Promise<void> {
    // Columns made as long as the table at once: grown by doubling, a million listings' would be copied
    // twenty times over and the process's memory would keep the high-water mark.
    const columns = new ColumnsBuilder(await estimatedListings(this.db));
    const revision = await readPublicIndex(this.db, BUILD_PAGE, (rows) => {
      for (const row of rows) columns.add(row);
    });
    if (this.closed) return;
    this.index = await ListingIndex.fromColumnsYielding(columns.finish(), () => new Promise((resolve) => setImmediate(resolve)));
    if (this.closed) return;
    this.verdicts.clear();
    this.revision = revision;
    await this.fitEveryModel();
    if (this.closed) return;
    // Whatever changed since the read's snapshot comes through the delta from its revision.
    await this.catchUpToHead();
    this.built = true;
  }

  /**
   * Every model's price fit, computed before the index answers (a million listings' take a few
   * seconds), so the first buyers after a start do not wait for them; the event loop is let go
   * between models, so requests answered by SQL meanwhile are not held up.
   */
  private async fitEveryModel(): Promise<void> {
    let since = performance.now();
    for (const sample of this.index.modelSamples()) {
      if (this.closed) return;
      this.verdicts.fitOf(sample);
      if (performance.now() - since > FIT_SLICE_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        since = performance.now();
      }
    }
  }

  /**
   * Brings the index up to every change committed before this call (as far as this process knows).
   * Nothing before the build: the build itself ends caught up.
   */
  async refresh(): Promise<void> {
    if (!this.built) return;
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
  }

  private async catchUp(): Promise<void> {
    for (;;) {
      const page = await summaryChanges(this.db, this.revision, PAGE, WHOLE_COUNTRY);
      if (page.upserts.length || page.tombstones.length) this.generation++;
      for (const v of page.upserts) {
        // A listing moved to another model changes the fits of both.
        const before = this.index.get(v.id);
        if (before) this.verdicts.changed(before);
        this.verdicts.changed(v);
        // What a search tests or ranks: the seller's name and place are written from the listing's JSON.
        this.index.upsert({ ...(v as Indexed), seller_name: null, seller_location: null });
        this.json.delete(v.id);
      }
      for (const id of page.tombstones) {
        const before = this.index.get(id);
        if (before) this.verdicts.changed(before);
        this.index.remove(id);
        this.json.delete(id);
      }
      this.revision = page.revision;
      if (!page.has_more) return;
    }
  }

  /**
   * A public search's answer as the JSON text of the list, or null while the index is being built
   * (the caller asks SQL). Each listing's JSON is written once and reused, with the buyer's distance
   * fields appended when the buyer is known.
   */
  async searchJson(req: SearchRequest, now: number = Date.now()): Promise<{ json: string; total: number } | null> {
    if (!this.built) return null;
    await this.refresh();
    const { hits, total } = this.index.searchIds(req, now);
    const texts = await this.listingsJson(hits.map((h) => h.id));
    // The page's text in one join of its pieces: each listing's kept JSON less its closing brace, then
    // what is appended to it (no listing's text copied on its own, and the page flattened once).
    const parts: string[] = ['['];
    for (const h of hits) {
      const cached = texts.get(h.id);
      // Gone from the public listings since the index last heard: left out of this page.
      if (cached === undefined) continue;
      // The price verdict is appended, not cached: it changes with the model's other listings.
      let added = `,"price_verdict":${JSON.stringify(this.verdictOf(h.id))}`;
      if (req.buyer) {
        const d = distanceFields({ seller_latitude: h.latitude, seller_longitude: h.longitude }, req.buyer);
        added += `,"distance_km":${d.distance_km},"drive_time_minutes":${d.drive_time_minutes}`;
      }
      parts.push(parts.length === 1 ? '' : ',', cached.slice(0, -1), added, '}');
    }
    parts.push(']');
    return { json: parts.join(''), total };
  }

  /**
   * A public listing's price verdict against the listings the index holds (null without a price); undefined
   * while the index is being built or for a listing it does not hold (not public).
   */
  async priceVerdict(id: string): Promise<PriceVerdict | null | undefined> {
    if (!this.built) return undefined;
    await this.refresh();
    return this.index.has(id) ? this.verdictOf(id) : undefined;
  }

  private verdictOf(id: string): PriceVerdict | null {
    const item = this.index.priced(id);
    return item ? this.verdicts.verdict(item) : null;
  }

  /**
   * The JSON of public listings by id: from the cache, the others read from the database (and kept).
   * Concurrent searches' reads go together: while one query is out, the ids the next searches miss
   * wait for it to end and are read in one query (one round trip and one statement for several pages
   * under load, none waiting when there is no other).
   */
  private async listingsJson(ids: string[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    const missing: string[] = [];
    for (const id of ids) {
      const text = this.json.get(id);
      if (text === undefined) missing.push(id);
      else out.set(id, text);
    }
    if (!missing.length) return out;
    const read = await new Promise<Map<string, string>>((resolve, reject) => {
      this.waiting.push({ ids: missing, resolve, reject });
      if (!this.reading) void this.readWaiting();
    });
    for (const id of missing) {
      const text = read.get(id);
      if (text !== undefined) out.set(id, text);
    }
    return out;
  }

  private async readWaiting(): Promise<void> {
    this.reading = true;
    while (this.waiting.length) {
      const batch = this.waiting.splice(0, this.waiting.length);
      const generation = this.generation;
      try {
        const rows = await publicListingsJson(this.db, [...new Set(batch.flatMap((b) => b.ids))]);
        const texts = new Map<string, string>();
        for (const { id, json: text } of rows) {
          texts.set(id, text);
          // Read before a change this index has since applied: right for these answers, not to keep.
          if (generation === this.generation) this.json.set(id, text);
        }
        for (const b of batch) b.resolve(texts);
      } catch (err) {
        for (const b of batch) b.reject(err);
      }
    }
    this.reading = false;
  }
}
