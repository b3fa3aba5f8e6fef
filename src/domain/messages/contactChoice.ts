// How buyers reach a seller (issue 37), as the account settings and the listing wizard offer it: the phone
// shown to signed-in buyers with messages (the default), or messages only (the phone is never sent).

import type { ContactPreference } from './apiMessages';

export const CONTACT_CHOICE_TEXTS = {
  title: 'How buyers reach you',
  accountHint: 'For all your listings, unless a listing says otherwise.',
  listingHint: 'Messages only: buyers never see your phone number for this listing.',
  saved: 'Saved: how buyers reach you',
  saveFailed: 'Could not save how buyers reach you. Please try again.',
  sameAsAccount: 'As in my account',
  messageEmails: 'Email me messages I have not read for 12 hours',
  messageEmailsSaved: 'Saved: emails about unread messages',
  messageEmailsFailed: 'Could not save your email setting. Please try again.',
} as const;

/** The two choices, with the words a seller reads. */
export const CONTACT_CHOICES: readonly { value: ContactPreference; label: string }[] = [
  { value: 'phone', label: 'Phone and messages' },
  { value: 'messages', label: 'Messages only' },
];
