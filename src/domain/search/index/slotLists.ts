/**
 * Slots filed under integer keys (a grid cell, an hour of expiry): each key's slots in no order, and
 * each slot's key and position, so filing and unfiling are constant time (the key's last slot takes
 * the place of the one leaving).
 */
export class SlotLists {
  readonly lists = new Map<number, { slots: Int32Array; n: number }>();
  private keyOf = new Int32Array(0);
  private posOf = new Int32Array(0);

  resize(capacity: number): void {
    const keyOf = new Int32Array(capacity).fill(-1);
    keyOf.set(this.keyOf);
    this.keyOf = keyOf;
    const posOf = new Int32Array(capacity);
    posOf.set(this.posOf);
    this.posOf = posOf;
  }

  /** Files a slot under a key (0 or more); the slot must not be filed. */
  add(slot: number, key: number): void {
    let list = this.lists.get(key);
    if (!list) this.lists.set(key, (list = { slots: new Int32Array(4), n: 0 }));
    if (list.n === list.slots.length) {
      const grown = new Int32Array(list.n * 2);
      grown.set(list.slots);
      list.slots = grown;
    }
    this.keyOf[slot] = key;
    this.posOf[slot] = list.n;
    list.slots[list.n++] = slot;
  }

  /** Unfiles a slot (nothing when it is not filed). */
  delete(slot: number): void {
    const key = this.keyOf[slot]!;
    if (key < 0) return;
    const list = this.lists.get(key)!;
    const at = this.posOf[slot]!;
    const last = list.slots[--list.n]!;
    list.slots[at] = last;
    this.posOf[last] = at;
    this.keyOf[slot] = -1;
    if (list.n === 0) this.lists.delete(key);
  }
}
