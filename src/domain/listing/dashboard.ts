import type { UserType } from '../core/constants';
import { DASHBOARD_PRICING_TEXT } from '../payments/fees';
import { ACCOUNT_NAV_TEXTS } from '../account/authTexts';
import { SIGN_UP_TEXTS } from '../account/authDialogTexts';
import { daysLeft, listingStatus, type Lifecycle, type ListingStatus, type Vehicle } from './vehicle';
import { parseStoredObject } from '../core/storedJson';
import { wholeNumberText } from '../core/numbers';

// The member dashboard (spec 2.9, 4 "Listing history status", 6, 9): what its tiles count, which
// listings each view shows, the days-left indicator, the publishing queue in words, and the texts.
// The status rule itself (Expired / Active / Pending) and the days left live in vehicle.ts, shared
// with the server's listing-history answer.

export const DASHBOARD_TEXTS = {
  title: 'My Dashboard',
  editProfile: 'Edit Profile',
  profileTitle: 'Edit Profile',
  profileFields: {
    name: 'Full Name',
    email: 'Email Address',
    secondaryEmail: 'Secondary Email',
    phoneNumber: 'Phone Number',
    profilePicture: 'Profile Picture',
  },
  profileReadOnly: 'Your name and primary email cannot be changed.',
  /** The spec's profile Save makes no call: say so rather than let the seller think it was sent. */
  profileDeviceOnly: 'These details stay on this device until you reload the page; they are not sent to us.',
  save: 'Save',
  cancel: 'Cancel',
  pricingLink: 'See advertising prices',
  planBannerTitle: 'Selected advertising plan',
  clearPlan: 'Clear selected plan',
  was: 'was',
  stats: { active: 'Active Listings', views: 'Total Views', contacts: 'Contact requests', memberSince: 'Member Since' },
  listingsTitle: 'My Car Listings',
  history: 'History',
  createListing: 'Create Listing',
  view: 'View',
  edit: 'Edit',
  delete: 'Delete',
  payNow: 'Pay now',
  relist: 'Relist',
  views: (n: number) => `${wholeNumberText(n)} ${n === 1 ? 'view' : 'views'}`,
  noActiveTitle: 'No active listings',
  noActiveText: 'Create a listing to reach buyers across Zimbabwe. Listings waiting for payment and expired ones are under History.',
  noListingsTitle: 'No listings yet',
  noListingsText: 'Your listings appear here once you create them, with their status and days left.',
  awaitingPayment: (n: number) => `${n === 1 ? '1 listing is' : `${n} listings are`} waiting for payment.`,
  showHistory: 'Show in History',
  offlineTitle: "You're offline",
  offlineText: 'Your listings load when the connection returns. Drafts and the publishing queue on this device are below.',
  offlineCached: (when: string) => `You're offline: these are your listings as of ${when}.`,
  loadFailed: 'Your listings could not be loaded.',
  tryAgain: 'Try again',
  deleteTitle: 'Delete listing',
  deleted: 'Your listing has been deleted.',
  sold: 'Sold',
  markSold: 'Mark as sold',
  markSoldTitle: 'Mark as sold',
  markSoldConfirm: 'Buyers will no longer find this listing in search. It stays here under Sold; this cannot be undone.',
  markedSold: 'Marked as sold. Buyers no longer find it in search.',
  markSoldError: 'Could not mark the listing as sold. Please try again.',
  noSoldTitle: 'No sold listings',
  noSoldText: 'Listings you mark as sold stay here, out of search.',
  needsConnection: 'Needs a connection',
  draftsTitle: 'Saved on this device',
  draftsText: 'Drafts are kept on this phone or computer only, photos included, until you publish or delete them.',
  untitledDraft: 'Untitled draft',
  continueDraft: 'Continue',
  deleteDraftTitle: 'Delete draft',
  deleteDraftConfirm: 'Delete this draft and its photos from this device? This cannot be undone.',
  draftDeleted: 'Draft deleted from this device.',
  draftDeleteError: 'The draft could not be deleted. Please try again.',
  queueTitle: 'Publishing queue',
  queueText: 'Listings sent from this device go out in order, and wait here for a connection when there is none.',
  retry: 'Retry',
  discard: 'Discard',
  dismiss: 'Dismiss',
  editDraft: 'Edit draft',
  discardTitle: 'Discard from the queue',
  discardConfirm: 'Stop sending this listing? Whatever the server has already received stays there (a created listing waits in My Car Listings, payable later); the draft stays on this device.',
  discarded: 'Removed from the publishing queue.',
  queueError: 'The publishing queue could not be changed. Please try again.',
  chainDone: (title: string) => `${title} has been sent and is in My Car Listings.`,
  /** A listing sent without its fee: it waits, unpublished, under History. */
  chainUnpaid: (title: string) => `${title} has been sent. It is not published yet: pay for it from History in My Car Listings.`,
  /** A listing sent with its payment request: what is left before it is published. */
  chainAwaitingPayment: (title: string) => `${title} has been sent. It is published once its payment goes through: see the publishing queue.`,
  finishPayment: 'Finish payment',
  quickActions: 'Quick Actions',
  browseAll: 'Browse All Cars',
  listAnother: 'List Another Car',
  backHome: 'Back to Home',
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
export function daysLeftIndicator(days: number | null): { label: string; color: IndicatorColor } | null {
  if (days === null) return null;
  const color: IndicatorColor = days <= 3 ? 'red' : days <= 7 ? 'orange' : 'gray';
  if (days <= 0) return { label: 'Expired', color };
  return { label: `${days} ${days === 1 ? 'day' : 'days'} left`, color };
}

/** The indicator of a listing now; expired listings say 'Expired' whatever their date says. */
export function listingIndicator(v: Lifecycle, now: Date = new Date()) {
  const status = listingStatus(v, now);
  if (status === 'Pending' || status === 'Sold') return null;
  if (status === 'Expired') return daysLeftIndicator(0);
  return daysLeftIndicator(daysLeft(v.expires_at, now));
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
export function memberSinceText(createdAt: string | null | undefined): string {
  const t = createdAt ? Date.parse(createdAt) : NaN;
  if (Number.isNaN(t)) return '—';
  return new Date(t).toLocaleDateString('en-GB', { month: 'short', year: 'numeric' });
}

/** "Saved just now", "Saved 5 min ago", "Saved 3 h ago", else the date. */
export function savedAtText(savedAt: number, now: number = Date.now()): string {
  const minutes = Math.floor((now - savedAt) / 60_000);
  if (minutes < 1) return 'Saved just now';
  if (minutes < 60) return `Saved ${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `Saved ${hours} h ago`;
  return `Saved ${new Date(savedAt).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' })}`;
}

/** A draft's or queued listing's title from its fields (values may still be form text). */
export function draftTitle(fields: Record<string, unknown>): string {
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' && Number.isFinite(v) ? String(v) : '');
  const title = [text(fields.year), text(fields.make), text(fields.model), text(fields.variant)].filter(Boolean).join(' ');
  return title || DASHBOARD_TEXTS.untitledDraft;
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
export function queueStateText(line: QueueLine, offline: boolean, now: number = Date.now()): string {
  switch (line.state) {
    case 'failed':
      return `Failed: ${line.error ?? 'the server refused it'}`;
    case 'sending':
      return 'Sending…';
    case 'done':
      return 'Done';
    case 'waiting':
      if (offline) return 'Waiting for network';
      if (line.nextAttemptAt !== null && line.nextAttemptAt > now) return line.error ? `Waiting to retry: ${line.error}` : 'Waiting to retry';
      return 'Waiting to send';
  }
}

/** Where a queued listing's payment stands: not sent yet, sent and waiting for the PIN, or waiting for the card. */
export type QueuedPaymentStage = 'queued' | 'approve' | 'finishCard';

/**
 * The line under a queued listing whose fee is paid through the queue: which listing waits for which
 * payment, and what happens next.
 */
export function queuedPaymentText(title: string, amount: string | null, method: 'ecocash' | 'card', stage: QueuedPaymentStage): string {
  const fee = amount ? `${amount} ` : '';
  const how = method === 'ecocash' ? 'EcoCash' : 'card';
  switch (stage) {
    case 'queued':
      return `${title}: waiting to send the ${fee}${how} payment; it will be published when the payment goes through.`;
    case 'approve':
      return `${title}: the ${fee}EcoCash payment has been requested. Approve it to publish the listing.`;
    case 'finishCard':
      return `${title}: the ${fee}card payment is ready. Finish it to publish the listing.`;
  }
}

export const queueProgressText = (line: Pick<QueueLine, 'done' | 'total'>): string => `${line.done} of ${line.total} ${line.total === 1 ? 'step' : 'steps'}`;

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
export function cacheTimeText(savedAt: string, now: Date = new Date()): string {
  const at = new Date(savedAt);
  const sameDay = at.toDateString() === now.toDateString();
  const time = at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  return sameDay ? `today at ${time}` : `${at.toLocaleDateString('en-GB', { day: 'numeric', month: 'short' })} at ${time}`;
}
