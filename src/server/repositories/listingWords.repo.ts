import { asc, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { listingWords, vehicles } from '../db/schema';
import { listingWordsTokens } from '@/domain/search/words';

/** The advisory lock that writers of listings' words take in turn, so tokens are numbered in the order they commit. */
const WORDS_LOCK = 7318002;

/**
 * Writes the words (vehicles.words_tokens) of up to `limit` listings that have none and adds their
 * tokens to listing_words; returns how many it wrote. A listing whose words fields changed since they
 * were read is left for the next pass (its words are null again).
 */
export async function writePendingWords(db: Db, limit: number): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${WORDS_LOCK})`);
    const rows = await tx
      .select({
        id: vehicles.id,
        make: vehicles.make,
        model: vehicles.model,
        variant: vehicles.variant,
        year: vehicles.year,
        location: vehicles.location,
        region: vehicles.region,
        seller_name: vehicles.sellerName,
        description: vehicles.description,
        color: vehicles.color,
      })
      .from(vehicles)
      .where(isNull(vehicles.wordsTokens))
      .limit(limit);
    if (!rows.length) return 0;
    // Tokens never hold a space (words.ts), so each listing's travel as one space-separated text.
    const written = rows.map((r) => ({ ...r, tokens: listingWordsTokens(r).join(' ') }));
    const all = [...new Set(written.flatMap((r) => (r.tokens ? r.tokens.split(' ') : [])))];
    await tx.execute(sql`insert into ${listingWords} (token) select unnest(${sql.param(all)}::text[]) on conflict do nothing`);
    await tx.execute(sql`update ${vehicles} v set words_tokens = string_to_array(x.tokens, ' ')
      from jsonb_to_recordset(${JSON.stringify(written)}::jsonb) as x(id uuid, make text, model text, variant text, year integer, location text, region text, seller_name text, description text, color text, tokens text)
      where v.id = x.id and v.words_tokens is null
        and (v.make, v.model, v.variant, v.year, v.location, v.region, v.seller_name, v.description, v.color)
          is not distinct from (x.make, x.model, x.variant, x.year, x.location, x.region, x.seller_name, x.description, x.color)`);
    return rows.length;
  });
}

/** The tokens added to listing_words after `seq`, in order, and the last one's number. */
export async function wordsAddedSince(db: Db, seq: number, limit: number): Promise<{ tokens: string[]; seq: number }> {
  const rows = await db.select().from(listingWords).where(gt(listingWords.seq, seq)).orderBy(asc(listingWords.seq)).limit(limit);
  return { tokens: rows.map((r) => r.token), seq: rows.length ? rows[rows.length - 1]!.seq : seq };
}

/** Refreshes the planner's statistics of the listings. */
export async function analyzeListings(db: Db): Promise<void> {
  await db.execute(sql`analyze ${vehicles}`);
}
