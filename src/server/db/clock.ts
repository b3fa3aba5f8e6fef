import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from './client';

/** Today's date in UTC as the database reads it (YYYY-MM-DD): the day listing events are counted on. */
export async function utcToday(db: Tx): Promise<string> {
  const res = await db.execute(sql`select to_char((now() at time zone 'utc')::date, 'YYYY-MM-DD') as d`);
  return rowsOf<{ d: string }>(res)[0]!.d;
}
