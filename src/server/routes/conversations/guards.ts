import { scamWarning } from '@/domain/messages/scamRules';
import { priceWarningOf } from '@/domain/messages/priceWarning';
import type { PriceVerdict } from '@/domain/search/priceVerdict';

// The scam guards' rules (src/domain/messages) as the message routes call them.

/** The warning a message's reader is shown, or null. */
export function messageWarning(text: string, firstMessage: boolean): string | null {
  return scamWarning(text, { firstMessage })?.warning ?? null;
}

/** A listing's price warning from its price and price verdict, or null. */
export function listingPriceWarning(price: number | null, verdict: PriceVerdict | null | undefined): string | null {
  return priceWarningOf(price, verdict);
}
