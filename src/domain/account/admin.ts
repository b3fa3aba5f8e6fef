import { RESET_DATABASE_PHRASE, type UserType } from '../core/constants';
import type { User } from './user';
import type { Vehicle } from '../listing/vehicle';
import type { AdminStats } from '../core/wire';
import { wholeNumberText } from '../core/numbers';
import { formatPlanPrice } from '../payments/advertisingPlans';
import { REPORT_TEXTS } from '../listing/reports';
import { english, type Translate } from '../i18n/text';

// The admin screen's rules and texts (spec sections 2.11, 4, 5 and 8). The spec's own messages
// live in messages.ts; the labels here are ours, where the spec names a thing but not its words.
// Each is marked for translation (issue 39): the screen shows t(label); a text with values takes `tr`.

export const ADMIN_TABS = ['overview', 'users', 'vehicles', 'database', 'reports'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

export const ADMIN_STAT_TILES: readonly { key: keyof AdminStats; label: string; group: 'users' | 'listings' }[] = [
  { key: 'total_users', label: /*i18n*/ 'Total users', group: 'users' },
  { key: 'dealers', label: /*i18n*/ 'Dealers', group: 'users' },
  { key: 'private_sellers', label: /*i18n*/ 'Private sellers', group: 'users' },
  { key: 'total_vehicles', label: /*i18n*/ 'Total vehicles', group: 'listings' },
  { key: 'featured_vehicles', label: /*i18n*/ 'Featured vehicles', group: 'listings' },
  { key: 'cars', label: /*i18n*/ 'Cars', group: 'listings' },
  { key: 'construction', label: /*i18n*/ 'Construction', group: 'listings' },
  { key: 'farming', label: /*i18n*/ 'Farming', group: 'listings' },
];

/** Administrators get no delete button (spec section 5); the server refuses it too. */
export const canDeleteUser = (u: Pick<User, 'user_type'>): boolean => u.user_type !== 'admin';

/** The '{details}' of 'Vehicle {details} has been deleted successfully.': year, make and model. */
export const vehicleDetails = (v: Pick<Vehicle, 'year' | 'make' | 'model'>): string => `${v.year} ${v.make} ${v.model}`;

/** The reset runs only for the exact phrase: no trimming, no case folding (spec section 5). */
export const isResetPhrase = (typed: string): boolean => typed === RESET_DATABASE_PHRASE;

/** 'Failed to delete vehicle: ' (ADMIN_MESSAGES.vehicleDeleteFailed) plus the server's detail, else the error's own message (spec section 8). */
export function vehicleDeleteFailure(detail: string | null | undefined, errorMessage: string, tr: Translate = english): string {
  const reason = detail && detail.trim() ? detail : errorMessage;
  return tr(/*i18n*/ 'Failed to delete vehicle: {reason}', { reason });
}

/** What an admin read failed to load: each its own whole sentence. */
const LOAD_FAILED = {
  statistics: /*i18n*/ 'The statistics could not be loaded.',
  users: /*i18n*/ 'The users could not be loaded.',
  listings: /*i18n*/ 'The listings could not be loaded.',
  reports: /*i18n*/ 'The reports could not be loaded.',
} as const;
export type AdminLoadName = keyof typeof LOAD_FAILED;

export const USER_TYPE_LABELS: Record<UserType, string> = { admin: /*i18n*/ 'Admin', dealer: /*i18n*/ 'Dealer', private: /*i18n*/ 'Private seller' };

export const ADMIN_TEXTS = {
  title: /*i18n*/ 'Admin Panel',
  subtitle: (product: string, tr: Translate = english) => tr(/*i18n*/ 'Statistics, users and listings of {product}.', { product }),
  accessDeniedTitle: /*i18n*/ 'Access denied',
  backHome: /*i18n*/ 'Back to Home',
  refresh: /*i18n*/ 'Refresh',
  tabs: { overview: /*i18n*/ 'Overview', users: /*i18n*/ 'Users', vehicles: /*i18n*/ 'Vehicles', database: /*i18n*/ 'Database', reports: REPORT_TEXTS.tab } satisfies Record<AdminTab, string>,
  usersHeading: /*i18n*/ 'Users',
  listingsHeading: /*i18n*/ 'Listings',
  loadFailed: (what: AdminLoadName, tr: Translate = english) => tr(LOAD_FAILED[what]),
  tryAgain: /*i18n*/ 'Try again',
  userCount: (n: number, tr: Translate = english) => tr(n === 1 ? /*i18n*/ '{n} user' : /*i18n*/ '{n} users', { n: wholeNumberText(n) }),
  vehicleCount: (shown: number, total: number, tr: Translate = english) =>
    shown < total
      ? tr(/*i18n*/ 'Showing the newest {shown} of {total} listings', { shown, total: wholeNumberText(total) })
      : tr(total === 1 ? /*i18n*/ '{n} listing' : /*i18n*/ '{n} listings', { n: wholeNumberText(total) }),
  noUsers: /*i18n*/ 'No users yet',
  noVehicles: /*i18n*/ 'No listings yet',
  listings: (n: number, tr: Translate = english) => tr(n === 1 ? /*i18n*/ '{n} listing' : /*i18n*/ '{n} listings', { n }),
  joinedOn: (date: string, tr: Translate = english) => tr(/*i18n*/ 'Joined {date}', { date }),
  creditAmount: (cents: number) => formatPlanPrice(cents / 100),
  credit: (cents: number, tr: Translate = english) => tr(/*i18n*/ 'Credit {amount} (double payment)', { amount: formatPlanPrice(cents / 100) }),
  deleteUser: /*i18n*/ 'Delete user',
  deleteUserNamed: (name: string, tr: Translate = english) => tr(/*i18n*/ 'Delete {name}', { name }),
  cancel: /*i18n*/ 'Cancel',
  deleteListing: /*i18n*/ 'Delete listing',
  deleteListingNamed: (details: string, tr: Translate = english) => tr(/*i18n*/ 'Delete listing {details}', { details }),
  confirmListingTitle: /*i18n*/ 'Delete this listing?',
  confirmListingBody: /*i18n*/ 'Buyers and the seller will no longer see it. This cannot be undone.',
  adminCardTitle: /*i18n*/ 'Administrator',
  adminCardBody: /*i18n*/ 'Remove this listing from the marketplace.',
  resetTitle: /*i18n*/ 'Reset database',
  resetBody: /*i18n*/ 'Deletes every listing, payment and account except administrators. Administrator accounts and the make and model catalogue stay. This cannot be undone.',
  resetLabel: (tr: Translate = english) => tr(/*i18n*/ 'Type {phrase} to confirm', { phrase: RESET_DATABASE_PHRASE }),
  resetButton: /*i18n*/ 'Reset database',
  columns: {
    name: /*i18n*/ 'Name',
    email: /*i18n*/ 'Email',
    phone: /*i18n*/ 'Phone',
    type: /*i18n*/ 'Type',
    location: /*i18n*/ 'Location',
    listings: /*i18n*/ 'Listings',
    credit: /*i18n*/ 'Credit',
    joined: /*i18n*/ 'Joined',
    photo: /*i18n*/ 'Photo',
    listing: /*i18n*/ 'Listing',
    price: /*i18n*/ 'Price',
    seller: /*i18n*/ 'Seller',
    status: /*i18n*/ 'Status',
    listed: /*i18n*/ 'Listed',
    actions: /*i18n*/ 'Actions',
  },
} as const;
