import { CONTACT_TEXTS } from '../account/contactTexts';

// The texts of the message screens (issue 37): the list (/messages), a conversation
// (/messages/{id}), writing to a listing's seller (/listing/{id}/message) and the menus' entry.
// Plain English, in the tone of the spec's own texts.

/** The longest message a person may write (the API's limit too). */
export const MESSAGE_MAX_LENGTH = 2000;

export const MESSAGE_TEXTS = {
  messageSeller: CONTACT_TEXTS.messageSeller,
  title: 'Messages',
  subtitle: 'Your conversations with buyers and sellers, kept on this device and readable offline.',
  empty: 'No messages yet',
  emptyHint: 'When you message a seller, or a buyer messages you about a listing, the conversation shows here.',
  browse: 'Browse cars',
  write: 'Write a message',
  addPhotos: 'Add photos',
  removePhoto: (n: number) => `Remove photo ${n}`,
  photo: (n: number) => `Photo ${n}`,
  openPhoto: (n: number) => `Open photo ${n}`,
  preparingPhotos: 'Preparing photos…',
  send: 'Send',
  waiting: 'Waiting for a connection',
  sent: 'Sent',
  read: 'Read',
  failed: 'Not sent',
  block: 'Block',
  unblock: 'Unblock',
  report: 'Report',
  reportMessage: 'Report this message',
  reportConversation: 'Report this conversation',
  reportReason: 'Why are you reporting it?',
  reportReasonPlaceholder: 'For example: asked for a deposit before I saw the car',
  reportSend: 'Send report',
  reportedShort: 'Reported',
  reported: 'Reported. Thank you: our team will look at this conversation.',
  warningReason: 'Asked for money before the vehicle was seen',
  cancel: 'Cancel',
  options: 'Conversation options',
  blocked: 'Messages are blocked in this conversation: neither of you can send a message here.',
  viewListing: 'View listing',
  listingGone: 'No longer available',
  you: 'You',
  buyer: 'Buyer',
  seller: 'Seller',
  unreadLabel: (n: number) => `${n} unread ${n === 1 ? 'message' : 'messages'}`,
  counter: (n: number) => `${n.toLocaleString('en-GB')} / ${MESSAGE_MAX_LENGTH.toLocaleString('en-GB')}`,
  tooLong: `A message can be at most ${MESSAGE_MAX_LENGTH.toLocaleString('en-GB')} characters.`,
  notFound: 'This conversation was not found. It may have been removed, or it belongs to another account.',
  backToMessages: 'All messages',
  signIn: 'Sign in to read and send messages.',
  signInButton: 'Sign In',
  firstMessageHint:
    'Say which vehicle you are asking about and when you could see it. The seller gets your message even if you lose signal: it waits on this phone and is sent once you are back online.',
  ownListing: 'This is your own listing: buyers write to you here, and their conversations show in Messages.',
  gotIt: 'I understand',
  loadingFailed: 'Could not load this conversation. Check your connection and try again.',
} as const;

/** A message's words as a list, a notification or an email shows them: its text cut to `max` characters, or its photos when it has no text. */
export function messagePreview(m: { text: string; images: readonly unknown[] }, max = 80): string {
  if (!m.text) return m.images.length === 1 ? 'Photo' : m.images.length > 1 ? `${m.images.length} photos` : '';
  return m.text.length > max ? `${m.text.slice(0, max - 1)}…` : m.text;
}

/** A message's time as a list or a bubble shows it: the time today, the weekday this week, else the date. */
export function messageTimeText(iso: string, now: Date): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const zone = { timeZone: 'Africa/Harare' } as const;
  const day = (d: Date) => d.toLocaleDateString('en-GB', zone);
  if (day(at) === day(now)) return at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', ...zone });
  const days = (now.getTime() - at.getTime()) / 86_400_000;
  if (days >= 0 && days < 6) return at.toLocaleDateString('en-GB', { weekday: 'short', ...zone });
  return at.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', ...(days > 300 && { year: 'numeric' }), ...zone });
}
