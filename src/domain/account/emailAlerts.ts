import { priceText, titleOf } from '../listing/display';
import { listingUrl } from './notifications';
import type { Vehicle } from '../listing/vehicle';

// Saved-search alerts by email (issue 20): each saved search chooses push, email or both, and for
// email an instant message per new match or one daily digest; every email carries a link that stops
// that search's emails without signing in. What the emails and the screens say is written here.

export const EMAIL_FREQUENCIES = ['instant', 'daily'] as const;
export type EmailFrequency = (typeof EMAIL_FREQUENCIES)[number];

/** A daily digest goes out once its oldest waiting match is this old: at most one email a day per search. */
export const DIGEST_PERIOD_MS = 86_400_000;

/** The app's page an unsubscribe link opens; it sends the token to POST /api/saved-searches/unsubscribe. */
export const UNSUBSCRIBE_PATH = '/unsubscribe';

export const EMAIL_ALERT_TEXTS = {
  emailSwitch: 'Email me new matches',
  frequencyLabel: 'How often',
  frequencies: { instant: 'For each new match', daily: 'Once a day (digest)' } satisfies Record<EmailFrequency, string>,
  unsubscribeTitle: 'Stop emails for a saved search',
  unsubscribing: 'Stopping these emails…',
  unsubscribed: (name: string) => `You will no longer get emails for the saved search "${name}".`,
  invalidLink: 'This unsubscribe link is not valid. Open Saved searches to change your emails.',
  unsubscribeFailed: 'We could not stop these emails right now. Please try again.',
  openSavedSearches: 'Saved searches',
} as const;

type Matched = Pick<Vehicle, 'id' | 'year' | 'make' | 'model' | 'variant' | 'price' | 'location'>;

const line = (v: Matched, site: string) => `${titleOf(v)}, ${priceText(v.price)}${v.location ? ` in ${v.location}` : ''}\n${site}${listingUrl(v.id)}`;

/** An email alert: one new listing (instant) or the day's listings (digest), with the unsubscribe link at the foot. */
export function savedSearchEmail(opts: { searchName: string; listings: readonly Matched[]; site: string; product: string; unsubscribeUrl: string; digest: boolean }): {
  subject: string;
  text: string;
} {
  const { searchName, listings, site, product, unsubscribeUrl } = opts;
  const n = listings.length;
  const subject = opts.digest ? `${n === 1 ? '1 new listing' : `${n} new listings`} for "${searchName}"` : `New match for "${searchName}": ${titleOf(listings[0]!)}`;
  const intro = opts.digest
    ? `${n === 1 ? 'A new listing matches' : `${n} new listings match`} your saved search "${searchName}" on ${product} since our last email:`
    : `A new listing matches your saved search "${searchName}" on ${product}:`;
  const foot = `You get this email because you chose email alerts for "${searchName}". Stop these emails: ${unsubscribeUrl}`;
  return { subject, text: [intro, ...listings.map((v) => line(v, site)), foot].join('\n\n') + '\n' };
}
