import { priceText, titleOf } from '../listing/display';
import type { Vehicle } from '../listing/vehicle';

// Push notifications and saved searches, written once: the prompt's texts (spec section 4; its timing is
// in notificationPrompt.ts), what each push says and which screen it opens, and a saved search's email
// (its choices: emailAlerts.ts). The server builds the payloads and the emails, the service worker
// reads the payloads back with `parsePushPayload`, and the app shows the same texts.

const DAY_MS = 86_400_000;

/** Sellers hear about a listing's expiry this many days ahead. */
export const EXPIRY_REMINDER_DAYS = 2;
export const EXPIRY_REMINDER_MS = EXPIRY_REMINDER_DAYS * DAY_MS;

export const NOTIFICATION_ICON = '/icons/icon-192.png';

export const NOTIFICATION_PROMPT_TEXTS = {
  title: 'Turn on notifications',
  body: 'Hear when your listing goes live, before it expires, and when a new vehicle matches a search you saved.',
  enable: 'Turn on',
  later: 'Not now',
  close: 'Close',
  /** Spec section 4, word for word. */
  unsupported: 'This browser does not support notifications',
  /** Permission granted, but the browser's push service could not be reached (offline, blocked network). */
  registerFailed: 'Notifications are allowed, but this device could not register for updates right now. We will try again the next time you open Motokari.',
  /** Granted before signing in: the device is registered and joins the account at sign-in. */
  signInToReceive: 'Notifications are on. Sign in to get updates about your listings and saved searches.',
} as const;

/** What the service worker shows and which of our screens a tap opens. */
export interface PushPayload {
  title: string;
  body: string;
  /** A path of this site ("/car/…"), never another origin. */
  url: string;
  /** Same tag: a newer notification replaces the older instead of stacking. */
  tag?: string;
}

/** The confirmation shown once the user allows notifications (spec section 4). */
export const CONFIRMATION_NOTIFICATION: PushPayload = {
  title: 'Notifications are on',
  body: 'We will let you know when your listing goes live, before it expires, and when new vehicles match your saved searches.',
  url: '/',
  tag: 'notifications-enabled',
};

type ListingFacts = Pick<Vehicle, 'id' | 'year' | 'make' | 'model' | 'variant'>;

export const listingUrl = (id: string) => `/car/${id}`;
export const DASHBOARD_URL = '/dashboard';

/** To the seller, once a payment has published the listing. */
export function listingLiveNotification(v: ListingFacts): PushPayload {
  return { title: 'Your listing is live', body: `${titleOf(v)} is now visible to buyers.`, url: listingUrl(v.id), tag: `listing-${v.id}` };
}

/** "Friday 29 November", in Zimbabwe's time. */
function dayText(at: Date): string {
  return at.toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'Africa/Harare' });
}

/** To the seller, two days before the listing stops being shown. */
export function expiryReminderNotification(v: ListingFacts, expiresAt: Date): PushPayload {
  return {
    title: `Your listing expires in ${EXPIRY_REMINDER_DAYS} days`,
    body: `${titleOf(v)} will be hidden from buyers after ${dayText(expiresAt)}. Relist it from your dashboard to keep it visible.`,
    url: DASHBOARD_URL,
    tag: `listing-${v.id}`,
  };
}

/** A listing a saved search matched, as its push and its email name it. */
type Matched = ListingFacts & Pick<Vehicle, 'price' | 'location'>;

/** To a buyer whose saved search the new listing matches. */
export function savedSearchMatchNotification(v: Matched, searchName: string): PushPayload {
  const where = v.location ? ` in ${v.location}` : '';
  return {
    title: `New match for "${searchName}"`,
    body: `${titleOf(v)}, ${priceText(v.price)}${where}`,
    url: listingUrl(v.id),
    tag: `match-${v.id}`,
  };
}

const emailLine = (v: Matched, site: string) => `${titleOf(v)}, ${priceText(v.price)}${v.location ? ` in ${v.location}` : ''}\n${site}${listingUrl(v.id)}`;

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
  return { subject, text: [intro, ...listings.map((v) => emailLine(v, site)), foot].join('\n\n') + '\n' };
}

const text = (v: unknown, max: number): string | null => (typeof v === 'string' && v.trim() ? v.slice(0, max) : null);

/**
 * A push message's data as the service worker receives it, or null when it is not ours. The url must be
 * a path of this site: a tap never opens another origin, whatever a payload says.
 */
export function parsePushPayload(data: unknown): PushPayload | null {
  if (typeof data !== 'object' || data === null) return null;
  const d = data as Record<string, unknown>;
  const title = text(d.title, 200);
  if (!title) return null;
  const url = typeof d.url === 'string' && /^\/(?![/\\])/.test(d.url) ? d.url : '/';
  const payload: PushPayload = { title, body: text(d.body, 500) ?? '', url };
  const tag = text(d.tag, 120);
  if (tag) payload.tag = tag;
  return payload;
}

// Saved searches.

export const SAVED_SEARCHES_MAX = 20;
export const SAVED_SEARCH_NAME_MAX = 80;
export const SAVED_SEARCHES_PATH = '/saved-searches';

export const SAVED_SEARCH_MESSAGES = {
  notFound: 'Saved search not found',
  nameRequired: 'Give this search a name',
  nameTooLong: `Keep the name under ${SAVED_SEARCH_NAME_MAX} characters`,
  limit: `You can save up to ${SAVED_SEARCHES_MAX} searches. Delete one to save another.`,
  duplicate: 'You have already saved this search',
} as const;

export const PUSH_MESSAGES = {
  invalidSubscription: 'This is not a valid push subscription',
  subscriptionNotFound: 'Push subscription not found',
} as const;

export const SAVED_SEARCH_TEXTS = {
  save: 'Save this search',
  saveShort: 'Save search',
  saved: 'Search saved',
  saveFailed: 'The search could not be saved. Check your connection and try again.',
  done: 'Done',
  dialogTitle: 'Save this search',
  nameLabel: 'Name',
  dialogHint: 'Find it again under Saved searches. With notifications on, we tell you when a new vehicle matches.',
  cancel: 'Cancel',
  confirm: 'Save search',
  pageTitle: 'Saved searches',
  pageSubtitle: 'Open a search again in one tap, and hear when a new vehicle matches it.',
  empty: 'No saved searches yet',
  emptyHint: 'Filter the vehicles for sale, then choose Save this search.',
  browse: 'Browse cars',
  open: 'Open search',
  remove: 'Delete',
  changeFailed: 'The change could not be saved. Check your connection and try again.',
  notify: 'Notify me about new matches',
  anyVehicle: 'Any vehicle',
  signInRequired: 'Sign in to see your saved searches',
  loadFailed: 'Your saved searches could not be loaded. Check your connection and try again.',
  retry: 'Try again',
  notificationsOff: 'Notifications are off on this device, so matches are not pushed here.',
  notificationsBlocked: 'Notifications are blocked for this site in your browser settings.',
  turnOn: 'Turn on notifications',
} as const;
