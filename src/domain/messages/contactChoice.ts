// How buyers reach a seller (issue 37), as the account settings and the listing wizard offer it: the phone
// shown to signed-in buyers with messages (the default), or messages only (the phone is never sent).

import type { ContactPreference } from './apiMessages';

export const CONTACT_CHOICE_TEXTS = {
  title: /*i18n*/ 'How buyers reach you',
  accountHint: /*i18n*/ 'For all your listings, unless a listing says otherwise.',
  listingHint: /*i18n*/ 'Messages only: buyers never see your phone number for this listing.',
  saved: /*i18n*/ 'Saved: how buyers reach you',
  saveFailed: /*i18n*/ 'Could not save how buyers reach you. Please try again.',
  sameAsAccount: /*i18n*/ 'As in my account',
  messageEmails: /*i18n*/ 'Email me messages I have not read for 12 hours',
  messageEmailsSaved: /*i18n*/ 'Saved: emails about unread messages',
  messageEmailsFailed: /*i18n*/ 'Could not save your email setting. Please try again.',
} as const;

/** The two choices, with the words a seller reads. */
export const CONTACT_CHOICES: readonly { value: ContactPreference; label: string }[] = [
  { value: 'phone', label: /*i18n*/ 'Phone and messages' },
  { value: 'messages', label: /*i18n*/ 'Messages only' },
];
