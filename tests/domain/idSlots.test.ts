import { describe, expect, it } from 'vitest';
import { IdSlots } from '@/domain/search/idSlots';
import { seededRandom } from '../support/random';

const rand = seededRandom(7);
const hex = (n: number) => Array.from({ length: n }, () => '0123456789abcdef'[Math.floor(rand() * 16)]).join('');
const uuid = () => `${hex(8)}-${hex(4)}-4${hex(3)}-8${hex(3)}-${hex(12)}`;
/** Ids as they come: UUIDs (random, and test ids that differ in their last digits only) and others. */
function anId(i: number): string {
  const r = rand();
  if (r < 0.6) return uuid();
  if (r < 0.8) return `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
  if (r < 0.9) return uuid().toUpperCase();
  return pickOther(i);
}
const pickOther = (i: number) => ['v', 'draft-', 'ü-', ''][i % 4]! + String(i);

describe('the ids of a listing index', () => {
  it('finds, names, orders and forgets ids exactly as a map of strings does, through growth and churn', () => {
    const ids = new IdSlots();
    const reference = new Map<string, number>();
    const bySlot = new Map<number, string>();
    const free: number[] = [];
    let next = 0;
    for (let step = 0; step < 20_000; step++) {
      if (reference.size > 0 && rand() < 0.35) {
        const keys = [...reference.keys()];
        const id = keys[Math.floor(rand() * keys.length)]!;
        const slot = reference.get(id)!;
        expect(ids.delete(id)).toBe(slot);
        reference.delete(id);
        bySlot.delete(slot);
        free.push(slot);
        expect(ids.get(id)).toBeUndefined();
        expect(ids.holds(slot)).toBe(false);
        continue;
      }
      const id = anId(step);
      if (reference.has(id)) continue;
      const slot = free.pop() ?? next++;
      ids.grow(slot + 1);
      ids.set(id, slot);
      reference.set(id, slot);
      bySlot.set(slot, id);
    }
    expect(ids.size).toBe(reference.size);
    for (const [id, slot] of reference) {
      expect(ids.get(id)).toBe(slot);
      expect(ids.idAt(slot)).toBe(id);
      expect(ids.holds(slot)).toBe(true);
    }
    // Ids it never held, UUIDs among them, are not found; a UUID in capitals is another id than in small letters.
    for (let i = 0; i < 200; i++) expect(ids.get(uuid())).toBeUndefined();
    const small = [...reference.keys()].find((id) => /^[0-9a-f-]{36}$/.test(id) && /[a-f]/.test(id))!;
    expect(ids.get(small.toUpperCase())).toBeUndefined();
    // Slots compare as their ids do as strings.
    const slots = [...bySlot.keys()];
    for (let i = 0; i < 2000; i++) {
      const a = slots[Math.floor(rand() * slots.length)]!;
      const b = slots[Math.floor(rand() * slots.length)]!;
      const x = bySlot.get(a)!;
      const y = bySlot.get(b)!;
      expect(Math.sign(ids.compare(a, b)), `${x} against ${y}`).toBe(x < y ? -1 : x > y ? 1 : 0);
    }
  });

  it('reads ids from one text of them all, as a stored index keeps them', () => {
    const given = ['00000000-0000-4000-8000-000000000001', 'local-draft', '6F1A46F0-2914-4A40-A3B3-78BE8B55E701', 'f2577e2a-ec8d-4973-bc62-12e553863d45', ''];
    const text = given.join('\n');
    const ids = new IdSlots();
    ids.grow(given.length);
    let start = 0;
    given.forEach((id, slot) => {
      ids.setRange(text, start, start + id.length, slot);
      start += id.length + 1;
    });
    given.forEach((id, slot) => {
      expect(ids.get(id)).toBe(slot);
      expect(ids.idAt(slot)).toBe(id);
    });
    expect(ids.size).toBe(given.length);
  });
});
