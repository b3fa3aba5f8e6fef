/** Keeps the `k` smallest items under `cmp` (a max-heap of size k); all of them when k is Infinity. */
export class TopK {
  private heap: number[] = [];
  constructor(
    private readonly k: number,
    private readonly cmp: (a: number, b: number) => number,
  ) {}

  get full(): boolean {
    return this.heap.length >= this.k;
  }

  /** The worst hit kept (when full). */
  get top(): number {
    return this.heap[0]!;
  }

  push(s: number): void {
    const h = this.heap;
    if (this.k === Infinity) {
      h.push(s);
      return;
    }
    if (this.k === 0) return;
    if (h.length < this.k) {
      h.push(s);
      let i = h.length - 1;
      while (i > 0) {
        const p = (i - 1) >> 1;
        const hi = h[i]!;
        if (this.cmp(hi, h[p]!) <= 0) break;
        h[i] = h[p]!;
        h[p] = hi;
        i = p;
      }
      return;
    }
    if (this.cmp(s, h[0]!) >= 0) return;
    h[0] = s;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < h.length && this.cmp(h[l]!, h[m]!) > 0) m = l;
      if (r < h.length && this.cmp(h[r]!, h[m]!) > 0) m = r;
      if (m === i) break;
      const hi = h[i]!;
      h[i] = h[m]!;
      h[m] = hi;
      i = m;
    }
  }

  sorted(): number[] {
    return [...this.heap].sort(this.cmp);
  }
}
