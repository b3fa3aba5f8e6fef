// Where a dealer's business verification stands (issue 20: business.ts), apart from its texts and
// rules: the saved session reads it on every first screen.

/** Where a dealer's business details stand; null on the account until they are first submitted. */
export const BUSINESS_STATUSES = ['pending', 'verified', 'rejected'] as const;
export type BusinessStatus = (typeof BUSINESS_STATUSES)[number];
