// The server's side of messages (issue 37): the limits it enforces and the details of its refusals,
// plain English as every `{detail}` the app shows (marked for translation: the app shows a refusal in
// its language when it is one of its texts). The screens' own texts are in texts.ts.

/** How buyers reach a seller: the phone shown to signed-in buyers (the default), or messages only (the phone is never sent). */
export const CONTACT_PREFERENCES = ['phone', 'messages'] as const;
export type ContactPreference = (typeof CONTACT_PREFERENCES)[number];

/** The most photos one message carries. */
export const MESSAGE_IMAGES_MAX = 4;
/** How many new conversations an account younger than NEW_ACCOUNT_DAYS may start in an hour. */
export const NEW_CONVERSATIONS_PER_HOUR = 10;
export const NEW_ACCOUNT_DAYS = 7;
/** The longest reason a person gives when reporting a conversation. */
export const CONVERSATION_REPORT_MAX = 1000;

export const MESSAGE_ERRORS = {
  notFound: /*i18n*/ 'Conversation not found',
  listingNotFound: /*i18n*/ 'Listing not found',
  ownListing: /*i18n*/ 'This is your own listing: you cannot message yourself about it',
  blocked: /*i18n*/ 'Messages are blocked in this conversation',
  tooManyConversations: /*i18n*/ 'You have started too many conversations in the last hour. Try again later.',
  idTaken: /*i18n*/ 'This message id is already used by another message',
  badImage: /*i18n*/ 'A photo must be one uploaded to Motokari',
  empty: /*i18n*/ 'Write a message or add a photo',
  messageNotFound: /*i18n*/ 'Message not found in this conversation',
  tooManyReports: /*i18n*/ 'You have sent too many reports in the last hour. Try again later.',
  noOpenReport: /*i18n*/ 'This conversation has no open report',
  reportDismissed: /*i18n*/ 'Report dismissed',
  reported: /*i18n*/ 'Reported. Thank you: our team will look at this conversation.',
} as const;

/** The listing's effective contact preference: its own, or its seller's account's when it has none. */
export function effectiveContactPreference(listing: ContactPreference | null, account: ContactPreference): ContactPreference {
  return listing ?? account;
}
