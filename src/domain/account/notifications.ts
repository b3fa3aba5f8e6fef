import { priceText, titleOf } from '../listing/display';
import type { Vehicle } from '../listing/vehicle';
import { dateText } from '../i18n/format';
import type { Language } from '../i18n/languages';
import { english, type Translate } from '../i18n/text';

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
  title: /*i18n*/ 'Turn on notifications',
  body: /*i18n*/ 'Hear when your listing goes live, before it expires, and when a new vehicle matches a search you saved.',
  enable: /*i18n*/ 'Turn on',
  later: /*i18n*/ 'Not now',
  close: /*i18n*/ 'Close',
  /** Spec section 4, word for word. */
  unsupported: /*i18n*/ 'This browser does not support notifications',
  /** Permission granted, but the browser's push service could not be reached (offline, blocked network). */
  registerFailed: /*i18n*/ 'Notifications are allowed, but this device could not register for updates right now. We will try again the next time you open Motokari.',
  /** Granted before signing in: the device is registered and joins the account at sign-in. */
  signInToReceive: /*i18n*/ 'Notifications are on. Sign in to get updates about your listings and saved searches.',
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
  title: /*i18n*/ 'Notifications are on',
  body: /*i18n*/ 'We will let you know when your listing goes live, before it expires, and when new vehicles match your saved searches.',
  url: '/',
  tag: 'notifications-enabled',
};

type ListingFacts = Pick<Vehicle, 'id' | 'year' | 'make' | 'model' | 'variant'>;

export const listingUrl = (id: string) => `/car/${id}`;
export const DASHBOARD_URL = '/dashboard';

/** To the seller, once a payment has published the listing. */
export function listingLiveNotification(v: ListingFacts, tr: Translate = english): PushPayload {
  return { title: tr(/*i18n*/ 'Your listing is live'), body: tr(/*i18n*/ '{title} is now visible to buyers.', { title: titleOf(v) }), url: listingUrl(v.id), tag: `listing-${v.id}` };
}

/** "Friday 29 November", in Zimbabwe's time. */
function dayText(at: Date, language: Language): string {
  return dateText(at, { weekday: 'long', day: 'numeric', month: 'long' }, language);
}

/** To the seller, two days before the listing stops being shown. */
export function expiryReminderNotification(v: ListingFacts, expiresAt: Date, tr: Translate = english, language: Language = 'en'): PushPayload {
  return {
    title: tr(/*i18n*/ 'Your listing expires in {days} days', { days: EXPIRY_REMINDER_DAYS }),
    body: tr(/*i18n*/ '{title} will be hidden from buyers after {day}. Relist it from your dashboard to keep it visible.', { title: titleOf(v), day: dayText(expiresAt, language) }),
    url: DASHBOARD_URL,
    tag: `listing-${v.id}`,
  };
}

/** A listing a saved search matched, as its push and its email name it. */
type Matched = ListingFacts & Pick<Vehicle, 'price' | 'location'>;

/** To a buyer whose saved search the new listing matches. */
export function savedSearchMatchNotification(v: Matched, searchName: string, tr: Translate = english): PushPayload {
  return {
    title: tr(/*i18n*/ 'New match for "{name}"', { name: searchName }),
    body: matchLine(v, tr),
    url: listingUrl(v.id),
    tag: `match-${v.id}`,
  };
}

/** "2019 Toyota Hilux, US$25,000 in Harare". */
const matchLine = (v: Matched, tr: Translate) => {
  const values = { title: titleOf(v), price: priceText(v.price), place: v.location ?? '' };
  return v.location ? tr(/*i18n*/ '{title}, {price} in {place}', values) : tr(/*i18n*/ '{title}, {price}', values);
};

const emailLine = (v: Matched, site: string, tr: Translate) => `${matchLine(v, tr)}\n${site}${listingUrl(v.id)}`;

/** An email alert: one new listing (instant) or the day's listings (digest), with the unsubscribe link at the foot. */
export function savedSearchEmail(
  opts: { searchName: string; listings: readonly Matched[]; site: string; product: string; unsubscribeUrl: string; digest: boolean },
  tr: Translate = english,
): {
  subject: string;
  text: string;
} {
  const { searchName, listings, site, product, unsubscribeUrl } = opts;
  const n = listings.length;
  const values = { name: searchName, count: n, product, title: titleOf(listings[0]!), link: unsubscribeUrl };
  const subject = opts.digest
    ? n === 1
      ? tr(/*i18n*/ '1 new listing for "{name}"', values)
      : tr(/*i18n*/ '{count} new listings for "{name}"', values)
    : tr(/*i18n*/ 'New match for "{name}": {title}', values);
  const intro = opts.digest
    ? n === 1
      ? tr(/*i18n*/ 'A new listing matches your saved search "{name}" on {product} since our last email:', values)
      : tr(/*i18n*/ '{count} new listings match your saved search "{name}" on {product} since our last email:', values)
    : tr(/*i18n*/ 'A new listing matches your saved search "{name}" on {product}:', values);
  const foot = tr(/*i18n*/ 'You get this email because you chose email alerts for "{name}". Stop these emails: {link}', values);
  return { subject, text: [intro, ...listings.map((v) => emailLine(v, site, tr)), foot].join('\n\n') + '\n' };
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
  notFound: /*i18n*/ 'Saved search not found',
  nameRequired: /*i18n*/ 'Give this search a name',
  /** The numbers written out (SAVED_SEARCH_NAME_MAX, SAVED_SEARCHES_MAX): a text is its words, so the app can show the server's in its language. */
  nameTooLong: /*i18n*/ 'Keep the name under 80 characters',
  limit: /*i18n*/ 'You can save up to 20 searches. Delete one to save another.',
  duplicate: /*i18n*/ 'You have already saved this search',
} as const;

export const PUSH_MESSAGES = {
  invalidSubscription: /*i18n*/ 'This is not a valid push subscription',
  subscriptionNotFound: /*i18n*/ 'Push subscription not found',
} as const;

export const SAVED_SEARCH_TEXTS = {
  save: /*i18n*/ 'Save this search',
  saveShort: /*i18n*/ 'Save search',
  saved: /*i18n*/ 'Search saved',
  saveFailed: /*i18n*/ 'The search could not be saved. Check your connection and try again.',
  done: /*i18n*/ 'Done',
  dialogTitle: /*i18n*/ 'Save this search',
  nameLabel: /*i18n*/ 'Name',
  dialogHint: /*i18n*/ 'Find it again under Saved searches. With notifications on, we tell you when a new vehicle matches.',
  cancel: /*i18n*/ 'Cancel',
  confirm: /*i18n*/ 'Save search',
  pageTitle: /*i18n*/ 'Saved searches',
  pageSubtitle: /*i18n*/ 'Open a search again in one tap, and hear when a new vehicle matches it.',
  empty: /*i18n*/ 'No saved searches yet',
  emptyHint: /*i18n*/ 'Filter the vehicles for sale, then choose Save this search.',
  browse: /*i18n*/ 'Browse cars',
  open: /*i18n*/ 'Open search',
  remove: /*i18n*/ 'Delete',
  changeFailed: /*i18n*/ 'The change could not be saved. Check your connection and try again.',
  notify: /*i18n*/ 'Notify me about new matches',
  anyVehicle: /*i18n*/ 'Any vehicle',
  signInRequired: /*i18n*/ 'Sign in to see your saved searches',
  loadFailed: /*i18n*/ 'Your saved searches could not be loaded. Check your connection and try again.',
  retry: /*i18n*/ 'Try again',
  notificationsOff: /*i18n*/ 'Notifications are off on this device, so matches are not pushed here.',
  notificationsBlocked: /*i18n*/ 'Notifications are blocked for this site in your browser settings.',
  turnOn: /*i18n*/ 'Turn on notifications',
} as const;
