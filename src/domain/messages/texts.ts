import { CONTACT_TEXTS } from '../account/contactTexts';
import { dateText, numberText } from '../i18n/format';
import type { Language } from '../i18n/languages';
import { english, type Translate } from '../i18n/text';

// The texts of the message screens (issue 37): the list (/messages), a conversation
// (/messages/{id}), writing to a listing's seller (/listing/{id}/message) and the menus' entry.
// Plain English, in the tone of the spec's own texts. Each is marked for translation (issue 39): a
// screen shows t(text); a text with values takes the app's `t` (and its language for numbers).

/** The longest message a person may write (the API's limit too). */
export const MESSAGE_MAX_LENGTH = 2000;

export const MESSAGE_TEXTS = {
  messageSeller: CONTACT_TEXTS.messageSeller,
  title: /*i18n*/ 'Messages',
  subtitle: /*i18n*/ 'Your conversations with buyers and sellers, kept on this device and readable offline.',
  empty: /*i18n*/ 'No messages yet',
  emptyHint: /*i18n*/ 'When you message a seller, or a buyer messages you about a listing, the conversation shows here.',
  browse: /*i18n*/ 'Browse cars',
  write: /*i18n*/ 'Write a message',
  addPhotos: /*i18n*/ 'Add photos',
  removePhoto: (n: number, tr: Translate = english) => tr(/*i18n*/ 'Remove photo {n}', { n }),
  photo: (n: number, tr: Translate = english) => tr(/*i18n*/ 'Photo {n}', { n }),
  openPhoto: (n: number, tr: Translate = english) => tr(/*i18n*/ 'Open photo {n}', { n }),
  preparingPhotos: /*i18n*/ 'Preparing photos…',
  send: /*i18n*/ 'Send',
  waiting: /*i18n*/ 'Waiting for a connection',
  sent: /*i18n*/ 'Sent',
  read: /*i18n*/ 'Read',
  failed: /*i18n*/ 'Not sent',
  block: /*i18n*/ 'Block',
  unblock: /*i18n*/ 'Unblock',
  report: /*i18n*/ 'Report',
  reportMessage: /*i18n*/ 'Report this message',
  reportConversation: /*i18n*/ 'Report this conversation',
  reportReason: /*i18n*/ 'Why are you reporting it?',
  reportReasonPlaceholder: /*i18n*/ 'For example: asked for a deposit before I saw the car',
  reportSend: /*i18n*/ 'Send report',
  reportedShort: /*i18n*/ 'Reported',
  reported: /*i18n*/ 'Reported. Thank you: our team will look at this conversation.',
  warningReason: /*i18n*/ 'Asked for money before the vehicle was seen',
  cancel: /*i18n*/ 'Cancel',
  options: /*i18n*/ 'Conversation options',
  blocked: /*i18n*/ 'Messages are blocked in this conversation: neither of you can send a message here.',
  viewListing: /*i18n*/ 'View listing',
  listingGone: /*i18n*/ 'No longer available',
  you: /*i18n*/ 'You',
  buyer: /*i18n*/ 'Buyer',
  seller: /*i18n*/ 'Seller',
  unreadLabel: (n: number, tr: Translate = english) => (n === 1 ? tr(/*i18n*/ '{n} unread message', { n }) : tr(/*i18n*/ '{n} unread messages', { n })),
  counter: (n: number, language: Language = 'en') => `${numberText(n, language)} / ${numberText(MESSAGE_MAX_LENGTH, language)}`,
  tooLong: (tr: Translate = english, language: Language = 'en') => tr(/*i18n*/ 'A message can be at most {max} characters.', { max: numberText(MESSAGE_MAX_LENGTH, language) }),
  notFound: /*i18n*/ 'This conversation was not found. It may have been removed, or it belongs to another account.',
  backToMessages: /*i18n*/ 'All messages',
  signIn: /*i18n*/ 'Sign in to read and send messages.',
  signInButton: /*i18n*/ 'Sign In',
  firstMessageHint:
    /*i18n*/ 'Say which vehicle you are asking about and when you could see it. The seller gets your message even if you lose signal: it waits on this phone and is sent once you are back online.',
  ownListing: /*i18n*/ 'This is your own listing: buyers write to you here, and their conversations show in Messages.',
  gotIt: /*i18n*/ 'I understand',
  loadingFailed: /*i18n*/ 'Could not load this conversation. Check your connection and try again.',
} as const;

/** A message's words as a list, a notification or an email shows them: its text cut to `max` characters, or its photos when it has no text. */
export function messagePreview(m: { text: string; images: readonly unknown[] }, max = 80, tr: Translate = english): string {
  if (!m.text) return m.images.length === 1 ? tr(/*i18n*/ 'Photo') : m.images.length > 1 ? tr(/*i18n*/ '{n} photos', { n: m.images.length }) : '';
  return m.text.length > max ? `${m.text.slice(0, max - 1)}…` : m.text;
}

/** A message's time as a list or a bubble shows it: the time today, the weekday this week, else the date. */
export function messageTimeText(iso: string, now: Date, language: Language = 'en'): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const zone = { timeZone: 'Africa/Harare' } as const;
  const day = (d: Date) => d.toLocaleDateString('en-GB', zone);
  if (day(at) === day(now)) return dateText(at, { hour: '2-digit', minute: '2-digit' }, language);
  const days = (now.getTime() - at.getTime()) / 86_400_000;
  if (days >= 0 && days < 6) return dateText(at, { weekday: 'short' }, language);
  return dateText(at, { day: 'numeric', month: 'short', ...(days > 300 && { year: 'numeric' }) }, language);
}
