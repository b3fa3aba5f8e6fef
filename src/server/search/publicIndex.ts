import type { Db } from '../db/client';
import { withDistance, type Vehicle } from '../../domain/vehicle';
import type { SearchRequest } from '../../domain/search/filters';
import { ListingIndex } from '../../domain/search/listingIndex';
import { currentRevision, syncChanges } from '../repositories/vehicles.repo';

const PAGE = 2000;

/**
 * The public listings in memory, answering public searches without a query per search. It is a
 * delta-sync client of the database like the offline app: before each answer it reads the head
 * revision (one indexed lookup) and applies the changes since its own, so it never answers from
 * older data than a request could see in the database, and a second server instance builds its own.
 */
export class PublicListingIndex {
  private readonly index = new ListingIndex<Vehicle>();
  private revision = 0;
  private catchingUp: Promise<void> | null = null;

  constructor(private readonly db: Db) {}

  get size(): number {
    return this.index.size;
  }

  async refresh(): Promise<void> {
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
      const page = await syncChanges(this.db, this.revision, PAGE);
      for (const v of page.upserts) this.index.upsert(v);
      for (const id of page.tombstones) this.index.remove(id);
      this.revision = page.revision;
      if (!page.has_more) return;
    }
  }

  async search(req: SearchRequest, now: number = Date.now()): Promise<{ items: Vehicle[]; total: number }> {
    await this.refresh();
    const { hits, total } = this.index.search(req, now);
    return { items: hits.map((h) => (req.buyer ? withDistance(h.item, req.buyer) : h.item)), total };
  }
}
