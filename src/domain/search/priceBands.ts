// A price verdict's bands (priceVerdict.ts), on their own so that wire.ts can name them in the API's
// answers without importing the verdict's index-reading code.

export const PRICE_BANDS = ['great', 'good', 'fair', 'high', 'no_data'] as const;
export type PriceBand = (typeof PRICE_BANDS)[number];
