/** A text field's values: each distinct one once, and every listing's position in it (0 for none). */
export class TextColumn {
  dict: (string | null)[] = [null];
  private at = new Map<string, number>();
  /** Two bytes a listing until the dictionary outgrows them, then four. */
  codes: Uint16Array | Uint32Array = new Uint16Array(0);

  code(value: string | null): number {
    if (value === null) return 0;
    let c = this.at.get(value);
    if (c === undefined) {
      c = this.dict.push(value) - 1;
      this.at.set(value, c);
      if (c > 0xffff && this.codes instanceof Uint16Array) this.codes = Uint32Array.from(this.codes);
    }
    return c;
  }

  /** The codes of a value (as given, and lower-cased: ids are compared without case, as the server does). */
  codesOf(value: string): number[] {
    const out: number[] = [];
    for (const v of new Set([value, value.toLowerCase()])) {
      const c = this.at.get(v);
      if (c !== undefined) out.push(c);
    }
    return out;
  }

  value(slot: number): string | null {
    return this.dict[this.codes[slot]!]!;
  }

  resize(capacity: number): void {
    const codes = this.dict.length > 0xffff ? new Uint32Array(capacity) : new Uint16Array(capacity);
    codes.set(this.codes.subarray(0, Math.min(capacity, this.codes.length)));
    this.codes = codes;
  }

  /** Loads a stored dictionary (its codes are written by the caller, after a resize). */
  load(dict: (string | null)[]): void {
    this.dict = dict;
    if (dict.length > 0xffff && this.codes instanceof Uint16Array) this.codes = Uint32Array.from(this.codes);
    this.at = new Map();
    dict.forEach((v, i) => {
      if (i > 0 && v !== null && !this.at.has(v)) this.at.set(v, i);
    });
  }
}
