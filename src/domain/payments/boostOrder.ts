// A boosted listing (issue 38) as the cards, the listing page and the search order see it: whether its
// boost runs, where it stands newest-first, and its badge. Apart from the plans' terms (boosts.ts), so
// the first screen and the search worker load only this.

/** The listing is boosted at `now`: its boost has not ended. */
export function isBoosted(v: { boosted_until?: string | null }, now: Date = new Date()): boolean {
  return typeof v.boosted_until === 'string' && new Date(v.boosted_until).getTime() > now.getTime();
}

/** Where a listing stands in newest-first order: a boost's end while boosted, otherwise when it was listed. */
export function newestKey(createdAtMs: number, boostedUntilMs: number | null): number {
  return boostedUntilMs !== null && boostedUntilMs > createdAtMs ? boostedUntilMs : createdAtMs;
}

/** The badge of a boosted listing, and what it says on a closer look. */
export const BOOSTED_BADGE_TEXTS = {
  badge: /*i18n*/ 'Boosted',
  boosted: /*i18n*/ 'Boosted to the top of newest-first results for 24 hours',
} as const;
