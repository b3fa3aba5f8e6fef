import type { Columns } from './columns';
import { SlotLists } from './slotLists';

/** An hour, the width of the expiry buckets. */
const HOUR_MS = 3_600_000;

/** The listings that expire, by the hour they expire in: a search leaves out those expired by its time. */
export class Expiry {
  private readonly expiring = new SlotLists();

  constructor(private readonly columns: Columns) {}

  resize(capacity: number): void {
    this.expiring.resize(capacity);
  }

  /** Files a slot (its columns written) under the hour it expires in; one that does not expire is in none. */
  add(slot: number): void {
    const exp = this.columns.expires[slot]!;
    if (exp === exp) this.expiring.add(slot, Math.max(0, Math.floor(exp / HOUR_MS)));
  }

  delete(slot: number): void {
    this.expiring.delete(slot);
  }

  /** The ids of the listings whose expiry is `now` or before (a device drops them: the feed sends no tombstone for them). */
  expiredIds(now: number): string[] {
    const hour = Math.floor(now / HOUR_MS);
    const { expires, ids } = this.columns;
    const out: string[] = [];
    this.expiring.lists.forEach((list, key) => {
      if (key > hour) return;
      for (let i = 0; i < list.n; i++) {
        const s = list.slots[i]!;
        if (expires[s]! <= now && ids.holds(s)) out.push(ids.idAt(s)!);
      }
    });
    return out;
  }

  /**
   * Takes the listings expired by `now` out of a search's candidates: those of the hours up to now's
   * (few: the server drops a listing when it expires, a device when its sync says so). Returns how many it took out.
   */
  dropExpired(candidates: Uint32Array, now: number): number {
    const hour = Math.floor(now / HOUR_MS);
    const expires = this.columns.expires;
    let dropped = 0;
    // forEach, not for-of: an entry array per hour of the lists (some two thousand, ninety days' worth)
    // made and dropped by every search was a third of the server's allocations.
    this.expiring.lists.forEach((list, key) => {
      if (key > hour) return;
      const slots = list.slots;
      for (let i = 0; i < list.n; i++) {
        const s = slots[i]!;
        const bit = 1 << (s & 31);
        if (expires[s]! <= now && (candidates[s >>> 5]! & bit) !== 0) {
          candidates[s >>> 5]! &= ~bit;
          dropped++;
        }
      }
    });
    return dropped;
  }
}
