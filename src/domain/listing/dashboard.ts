import type { UserType } from '../core/constants';
import { DASHBOARD_PRICING_TEXT } from '../payments/fees';
import { ACCOUNT_NAV_TEXTS } from '../account/authTexts';
import { SIGN_UP_TEXTS } from '../account/authDialogTexts';
import { daysLeft, listingStatus, type Lifecycle, type ListingStatus, type Vehicle } from './vehicle';
import { parseStoredObject } from '../core/storedJson';
import { wholeNumberText } from '../core/numbers';
import { english, type Translate } from '../i18n/text';
import { dateText } from '../i18n/format';
import type { Language } from '../i18n/languages';

// The member dashboard (spec 2.9, 4 "Listing history status", 6, 9): what its tiles count, which
// listings each view shows, the days-left indicator, the publishing queue in words, and the texts.
// The status rule itself (Expired / Active / Pending) and the days left live in vehicle.ts, shared
// with the server's listing-history answer.

export const DASHBOARD_TEXTS = {
  title: /*i18n*/ 'My Dashboard',
  editProfile: /*i18n*/ 'Edit Profile',
  profileTitle: /*i18n*/ 'Edit Profile',
  profileFields: {
    name: /*i18n*/ 'Full Name',
    email: /*i18n*/ 'Email Address',
    secondaryEmail: /*i18n*/ 'Secondary Email',
    phoneNumber: /*i18n*/ 'Phone Number',
    profilePicture: /*i18n*/ 'Profile Picture',
  },
  profileReadOnly: /*i18n*/ 'Your name and primary email cannot be changed.',
  /** The spec's profile Save makes no call: say so rather than let the seller think it was sent. */
  profileDeviceOnly: /*i18n*/ 'These details stay on this device until you reload the page; they are not sent to us.',
  save: /*i18n*/ 'Save',
  cancel: /*i18n*/ 'Cancel',
  pricingLink: /*i18n*/ 'See advertising prices',
  planBannerTitle: /*i18n*/ 'Selected advertising plan',
  clearPlan: /*i18n*/ 'Clear selected plan',
  was: /*i18n*/ 'was',
  stats: { active: /*i18n*/ 'Active Listings', views: /*i18n*/ 'Total Views', contacts: /*i18n*/ 'Contact requests', memberSince: /*i18n*/ 'Member Since' },
  listingsTitle: /*i18n*/ 'My Car Listings',
  history: /*i18n*/ 'History',
  createListing: /*i18n*/ 'Create Listing',
  view: /*i18n*/ 'View',
  edit: /*i18n*/ 'Edit',
  delete: /*i18n*/ 'Delete',
  payNow: /*i18n*/ 'Pay now',
  relist: /*i18n*/ 'Relist',
  views: (n: number, tr: Translate = english) => tr(n === 1 ? /*i18n*/ '{n} view' : /*i18n*/ '{n} views', { n: wholeNumberText(n) }),
  noActiveTitle: /*i18n*/ 'No active listings',
  noActiveText: /*i18n*/ 'Create a listing to reach buyers across Zimbabwe. Listings waiting for payment and expired ones are under History.',
  noListingsTitle: /*i18n*/ 'No listings yet',
  noListingsText: /*i18n*/ 'Your listings appear here once you create them, with their status and days left.',
  awaitingPayment: (n: number, tr: Translate = english) => (n === 1 ? tr(/*i18n*/ '1 listing is waiting for payment.') : tr(/*i18n*/ '{n} listings are waiting for payment.', { n })),
  showHistory: /*i18n*/ 'Show in History',
  offlineTitle: /*i18n*/ "You're offline",
  offlineText: /*i18n*/ 'Your listings load when the connection returns. Drafts and the publishing queue on this device are below.',
  offlineCached: (when: string, tr: Translate = english) => tr(/*i18n*/ "You're offline: these are your listings as of {when}.", { when }),
  loadFailed: /*i18n*/ 'Your listings could not be loaded.',
  tryAgain: /*i18n*/ 'Try again',
  deleteTitle: /*i18n*/ 'Delete listing',
  deleted: /*i18n*/ 'Your listing has been deleted.',
  sold: /*i18n*/ 'Sold',
  markSold: /*i18n*/ 'Mark as sold',
  markSoldTitle: /*i18n*/ 'Mark as sold',
  markSoldConfirm: /*i18n*/ 'Buyers will no longer find this listing in search. It stays here under Sold; this cannot be undone.',
  markedSold: /*i18n*/ 'Marked as sold. Buyers no longer find it in search.',
  markSoldError: /*i18n*/ 'Could not mark the listing as sold. Please try again.',
  noSoldTitle: /*i18n*/ 'No sold listings',
  noSoldText: /*i18n*/ 'Listings you mark as sold stay here, out of search.',
  needsConnection: /*i18n*/ 'Needs a connection',
  draftsTitle: /*i18n*/ 'Saved on this device',
  draftsText: /*i18n*/ 'Drafts are kept on this phone or computer only, photos included, until you publish or delete them.',
  untitledDraft: /*i18n*/ 'Untitled draft',
  continueDraft: /*i18n*/ 'Continue',
  deleteDraftTitle: /*i18n*/ 'Delete draft',
  deleteDraftConfirm: /*i18n*/ 'Delete this draft and its photos from this device? This cannot be undone.',
  draftDeleted: /*i18n*/ 'Draft deleted from this device.',
  draftDeleteError: /*i18n*/ 'The draft could not be deleted. Please try again.',
  queueTitle: /*i18n*/ 'Publishing queue',
  queueText: /*i18n*/ 'Listings sent from this device go out in order, and wait here for a connection when there is none.',
  retry: /*i18n*/ 'Retry',
  discard: /*i18n*/ 'Discard',
  dismiss: /*i18n*/ 'Dismiss',
  editDraft: /*i18n*/ 'Edit draft',
  discardTitle: /*i18n*/ 'Discard from the queue',
  discardConfirm:
    /*i18n*/ 'Stop sending this listing? Whatever the server has already received stays there (a created listing waits in My Car Listings, payable later); the draft stays on this device.',
  discarded: /*i18n*/ 'Removed from the publishing queue.',
  queueError: /*i18n*/ 'The publishing queue could not be changed. Please try again.',
  chainDone: (title: string, tr: Translate = english) => tr(/*i18n*/ '{title} has been sent and is in My Car Listings.', { title }),
  /** A listing sent without its fee: it waits, unpublished, under History. */
  chainUnpaid: (title: string, tr: Translate = english) => tr(/*i18n*/ '{title} has been sent. It is not published yet: pay for it from History in My Car Listings.', { title }),
  /** A listing sent with its payment request: what is left before it is published. */
  chainAwaitingPayment: (title: string, tr: Translate = english) => tr(/*i18n*/ '{title} has been sent. It is published once its payment goes through: see the publishing queue.', { title }),
  finishPayment: /*i18n*/ 'Finish payment',
  quickActions: /*i18n*/ 'Quick Actions',
  browseAll: /*i18n*/ 'Browse All Cars',
  listAnother: /*i18n*/ 'List Another Car',
  backHome: /*i18n*/ 'Back to Home',
} as const;

/** The profile card's badge: the seller type chosen at sign-up (admins are named as such). */
export function sellerTypeLabel(userType: UserType): string {
  if (userType === 'dealer') return SIGN_UP_TEXTS.dealer;
  if (userType === 'admin') return ACCOUNT_NAV_TEXTS.mobileAdminMarker;
  return SIGN_UP_TEXTS.privateSeller;
}

/** The pricing notice (spec 6 and 9): dealers get the dealer text, everyone else the private seller's. */
export function pricingText(userType: UserType): string {
  return DASHBOARD_PRICING_TEXT[userType === 'dealer' ? 'dealer' : 'private'];
}

export type IndicatorColor = 'red' | 'orange' | 'gray';

/**
 * The days-left indicator (spec 4): 'Expired' at 0 days or fewer; red at 3 or fewer, orange at 7 or
 * fewer, otherwise grey. Null for a listing without an expiry (unpaid, or a sample that never expires).
 */
export function daysLeftIndicator(days: number | null, tr: Translate = english): { label: string; color: IndicatorColor } | null {
  if (days === null) return null;
  const color: IndicatorColor = days <= 3 ? 'red' : days <= 7 ? 'orange' : 'gray';
  if (days <= 0) return { label: tr(/*i18n*/ 'Expired'), color };
  return { label: days === 1 ? tr(/*i18n*/ '{days} day left', { days }) : tr(/*i18n*/ '{days} days left', { days }), color };
}

/** The indicator of a listing now; expired listings say 'Expired' whatever their date says. */
export function listingIndicator(v: Lifecycle, now: Date = new Date(), tr: Translate = english) {
  const status = listingStatus(v, now);
  if (status === 'Pending' || status === 'Sold') return null;
  if (status === 'Expired') return daysLeftIndicator(0, tr);
  return daysLeftIndicator(daysLeft(v.expires_at, now), tr);
}

export const STATUS_COLORS: Record<ListingStatus, string> = { Active: 'brand', Pending: 'yellow', Expired: 'gray', Sold: 'dark' };

/**
 * The stat tiles: listings live now, and the views and contact requests (signed-in users who asked
 * for a listing's phone, each counted once per listing by the server) of every listing the member has.
 */
export function listingStats(listings: readonly (Pick<Vehicle, 'is_expired' | 'is_published' | 'expires_at' | 'views'> & { contact_requests?: number })[], now: Date = new Date()) {
  let active = 0;
  let views = 0;
  let contacts = 0;
  for (const v of listings) {
    if (listingStatus(v, now) === 'Active') active += 1;
    views += Number.isFinite(v.views) ? v.views : 0;
    contacts += typeof v.contact_requests === 'number' && Number.isFinite(v.contact_requests) ? v.contact_requests : 0;
  }
  return { active, views, contacts };
}

/** 'My Car Listings': the active ones by default; History shows every listing, in the order given; Sold only the sold ones. */
export function listingsToShow<T extends Lifecycle>(listings: readonly T[], history: boolean, now: Date = new Date(), sold = false): T[] {
  if (sold) return listings.filter((v) => listingStatus(v, now) === 'Sold');
  return history ? [...listings] : listings.filter((v) => listingStatus(v, now) === 'Active');
}

/** How many listings wait for their fee: shown under the active view so they are not missed. */
export const pendingCount = (listings: readonly Lifecycle[], now: Date = new Date()): number => listings.filter((v) => listingStatus(v, now) === 'Pending').length;

/**
 * What a listing can be paid for: 'pay' for one created but never paid, 'relist' for an expired one
 * (paying again runs it another 7 days, spec 4 "Listing lifecycle"); null for an active one.
 */
export function paymentAction(v: Lifecycle, now: Date = new Date()): 'pay' | 'relist' | null {
  const status = listingStatus(v, now);
  return status === 'Pending' ? 'pay' : status === 'Expired' ? 'relist' : null;
}

/** The Member Since tile: month and year of the account's creation; a dash when it is not known. */
export function memberSinceText(createdAt: string | null | undefined, language: Language = 'en'): string {
  const t = createdAt ? Date.parse(createdAt) : NaN;
  if (Number.isNaN(t)) return '—';
  return language === 'en' ? new Date(t).toLocaleDateString('en-GB', { month: 'short', year: 'numeric' }) : dateText(t, { month: 'short', year: 'numeric' }, language);
}

/** "Saved just now", "Saved 5 min ago", "Saved 3 h ago", else the date. */
export function savedAtText(savedAt: number, now: number = Date.now(), tr: Translate = english, language: Language = 'en'): string {
  const minutes = Math.floor((now - savedAt) / 60_000);
  if (minutes < 1) return tr(/*i18n*/ 'Saved just now');
  if (minutes < 60) return tr(/*i18n*/ 'Saved {minutes} min ago', { minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return tr(/*i18n*/ 'Saved {hours} h ago', { hours });
  const options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
  const date = language === 'en' ? new Date(savedAt).toLocaleDateString('en-GB', options) : dateText(savedAt, options, language);
  return tr(/*i18n*/ 'Saved {date}', { date });
}

/** A draft's or queued listing's title from its fields (values may still be form text). */
export function draftTitle(fields: Record<string, unknown>, tr: Translate = english): string {
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' && Number.isFinite(v) ? String(v) : '');
  const title = [text(fields.year), text(fields.make), text(fields.model), text(fields.variant)].filter(Boolean).join(' ');
  return title || tr(DASHBOARD_TEXTS.untitledDraft);
}

/** One listing's line in the publishing queue, as src/data/outbox/items.ts's summary gives it. */
export interface QueueLine {
  state: 'waiting' | 'sending' | 'done' | 'failed';
  done: number;
  total: number;
  error: string | null;
  nextAttemptAt: number | null;
}

/**
 * The queue's state in words: 'Waiting for network' while offline, 'Sending…', 'Done',
 * 'Failed: {reason}'; a queued item online either waits its turn or backs off after a server problem.
 */
export function queueStateText(line: QueueLine, offline: boolean, now: number = Date.now(), tr: Translate = english): string {
  switch (line.state) {
    case 'failed':
      return tr(/*i18n*/ 'Failed: {reason}', { reason: line.error ?? tr(/*i18n*/ 'the server refused it') });
    case 'sending':
      return tr(/*i18n*/ 'Sending…');
    case 'done':
      return tr(/*i18n*/ 'Done');
    case 'waiting':
      if (offline) return tr(/*i18n*/ 'Waiting for network');
      if (line.nextAttemptAt !== null && line.nextAttemptAt > now) return line.error ? tr(/*i18n*/ 'Waiting to retry: {reason}', { reason: line.error }) : tr(/*i18n*/ 'Waiting to retry');
      return tr(/*i18n*/ 'Waiting to send');
  }
}

/** Where a queued listing's payment stands: not sent yet, sent and waiting for the PIN, or waiting for the card. */
export type QueuedPaymentStage = 'queued' | 'approve' | 'finishCard';

/**
 * The line under a queued listing whose fee is paid through the queue: which listing waits for which
 * payment, and what happens next.
 */
export function queuedPaymentText(title: string, amount: string | null, method: 'ecocash' | 'card', stage: QueuedPaymentStage, tr: Translate = english): string {
  const values = { title, amount: amount ?? '' };
  switch (stage) {
    case 'queued':
      if (method === 'ecocash')
        return amount
          ? tr(/*i18n*/ '{title}: waiting to send the {amount} EcoCash payment; it will be published when the payment goes through.', values)
          : tr(/*i18n*/ '{title}: waiting to send the EcoCash payment; it will be published when the payment goes through.', values);
      return amount
        ? tr(/*i18n*/ '{title}: waiting to send the {amount} card payment; it will be published when the payment goes through.', values)
        : tr(/*i18n*/ '{title}: waiting to send the card payment; it will be published when the payment goes through.', values);
    case 'approve':
      return amount
        ? tr(/*i18n*/ '{title}: the {amount} EcoCash payment has been requested. Approve it to publish the listing.', values)
        : tr(/*i18n*/ '{title}: the EcoCash payment has been requested. Approve it to publish the listing.', values);
    case 'finishCard':
      return amount
        ? tr(/*i18n*/ '{title}: the {amount} card payment is ready. Finish it to publish the listing.', values)
        : tr(/*i18n*/ '{title}: the card payment is ready. Finish it to publish the listing.', values);
  }
}

export const queueProgressText = (line: Pick<QueueLine, 'done' | 'total'>, tr: Translate = english): string =>
  line.total === 1 ? tr(/*i18n*/ '{done} of {total} step', { done: line.done, total: line.total }) : tr(/*i18n*/ '{done} of {total} steps', { done: line.done, total: line.total });

/** The member's listings as last loaded, kept on the device for offline visits. */
export interface ListingCache<V = Vehicle> {
  userId: string;
  savedAt: string;
  listings: V[];
}

/** Reads the kept listings back for this user; anything malformed, or another user's, gives null. */
export function parseListingCache(raw: string | null | undefined, userId: string): ListingCache | null {
  const d = parseStoredObject(raw);
  if (!d) return null;
  if (d.userId !== userId || typeof d.savedAt !== 'string' || Number.isNaN(Date.parse(d.savedAt)) || !Array.isArray(d.listings)) return null;
  const ok = d.listings.every(
    (v: unknown) =>
      typeof v === 'object' &&
      v !== null &&
      typeof (v as Vehicle).id === 'string' &&
      (v as Vehicle).seller_id === userId &&
      typeof (v as Vehicle).is_published === 'boolean' &&
      Array.isArray((v as Vehicle).images),
  );
  return ok ? { userId, savedAt: d.savedAt, listings: d.listings as Vehicle[] } : null;
}

/** When the kept listings were loaded, as the offline note says it. */
export function cacheTimeText(savedAt: string, now: Date = new Date(), tr: Translate = english, language: Language = 'en'): string {
  const at = new Date(savedAt);
  const sameDay = at.toDateString() === now.toDateString();
  const time = language === 'en' ? at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' }) : dateText(at, { hour: '2-digit', minute: '2-digit' }, language);
  if (sameDay) return tr(/*i18n*/ 'today at {time}', { time });
  const date = language === 'en' ? at.toLocaleDateString('en-GB', { day: 'numeric', month: 'short' }) : dateText(at, { day: 'numeric', month: 'short' }, language);
  return tr(/*i18n*/ '{date} at {time}', { date, time });
}
