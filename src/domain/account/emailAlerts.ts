// Saved-search alerts by email (issue 20): each saved search chooses push, email or both, and for
// email an instant message per new match or one daily digest; every email carries a link that stops
// that search's emails without signing in. The choices and what the screens say are written here, the
// email itself next to its push (notifications.ts): this module imports only text.ts, so wire.ts can read it.

import { english, type Translate } from '../i18n/text';

export const EMAIL_FREQUENCIES = ['instant', 'daily'] as const;
export type EmailFrequency = (typeof EMAIL_FREQUENCIES)[number];

/** A daily digest goes out once its oldest waiting match is this old: at most one email a day per search. */
export const DIGEST_PERIOD_MS = 86_400_000;

/** The app's page an unsubscribe link opens; it sends the token to POST /api/saved-searches/unsubscribe. */
export const UNSUBSCRIBE_PATH = '/unsubscribe';

export const EMAIL_ALERT_TEXTS = {
  emailSwitch: /*i18n*/ 'Email me new matches',
  frequencyLabel: /*i18n*/ 'How often',
  frequencies: { instant: /*i18n*/ 'For each new match', daily: /*i18n*/ 'Once a day (digest)' } satisfies Record<EmailFrequency, string>,
  unsubscribeTitle: /*i18n*/ 'Stop emails for a saved search',
  unsubscribing: /*i18n*/ 'Stopping these emails…',
  unsubscribed: (name: string, tr: Translate = english) => tr(/*i18n*/ 'You will no longer get emails for the saved search "{name}".', { name }),
  invalidLink: /*i18n*/ 'This unsubscribe link is not valid. Open Saved searches to change your emails.',
  unsubscribeFailed: /*i18n*/ 'We could not stop these emails right now. Please try again.',
  openSavedSearches: /*i18n*/ 'Saved searches',
} as const;
