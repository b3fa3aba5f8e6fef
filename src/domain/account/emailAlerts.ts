// Saved-search alerts by email (issue 20): each saved search chooses push, email or both, and for
// email an instant message per new match or one daily digest; every email carries a link that stops
// that search's emails without signing in. The choices and what the screens say are written here, the
// email itself next to its push (notifications.ts): this module imports nothing, so wire.ts can read it.

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
