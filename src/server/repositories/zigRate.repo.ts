import { eq } from 'drizzle-orm';
import type { ZigRate } from '@/domain/payments/zig';
import type { Db } from '../db/client';
import { meta } from '../db/schema';

// The ZiG rate an administrator set (issue 39), one small fact in `meta`: the rate and when it was set.

const KEY = 'zig_rate';

export async function readZigRate(db: Db): Promise<ZigRate | null> {
  const [row] = await db.select({ value: meta.value }).from(meta).where(eq(meta.key, KEY));
  if (!row) return null;
  try {
    const v = JSON.parse(row.value) as Partial<ZigRate>;
    return typeof v.rate === 'number' && typeof v.set_at === 'string' ? { rate: v.rate, set_at: v.set_at } : null;
  } catch {
    return null;
  }
}

export async function writeZigRate(db: Db, rate: ZigRate): Promise<void> {
  const value = JSON.stringify(rate);
  await db.insert(meta).values({ key: KEY, value }).onConflictDoUpdate({ target: meta.key, set: { value } });
}
