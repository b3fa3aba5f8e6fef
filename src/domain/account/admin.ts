import { RESET_DATABASE_PHRASE, type UserType } from '../core/constants';
import { ADMIN_MESSAGES } from '../core/messages';
import type { User } from './user';
import type { Vehicle } from '../listing/vehicle';
import type { AdminStats } from '../core/wire';
import { wholeNumberText } from '../core/numbers';
import { formatPlanPrice } from '../payments/advertisingPlans';
import { REPORT_TEXTS } from '../listing/reports';

// The admin screen's rules and texts (spec sections 2.11, 4, 5 and 8). The spec's own messages
// live in messages.ts; the labels here are ours, where the spec names a thing but not its words.

export const ADMIN_TABS = ['overview', 'users', 'vehicles', 'database', 'reports'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

export const ADMIN_STAT_TILES: readonly { key: keyof AdminStats; label: string; group: 'users' | 'listings' }[] = [
  { key: 'total_users', label: 'Total users', group: 'users' },
  { key: 'dealers', label: 'Dealers', group: 'users' },
  { key: 'private_sellers', label: 'Private sellers', group: 'users' },
  { key: 'total_vehicles', label: 'Total vehicles', group: 'listings' },
  { key: 'featured_vehicles', label: 'Featured vehicles', group: 'listings' },
  { key: 'cars', label: 'Cars', group: 'listings' },
  { key: 'construction', label: 'Construction', group: 'listings' },
  { key: 'farming', label: 'Farming', group: 'listings' },
];

/** Administrators get no delete button (spec section 5); the server refuses it too. */
export const canDeleteUser = (u: Pick<User, 'user_type'>): boolean => u.user_type !== 'admin';

/** The '{details}' of 'Vehicle {details} has been deleted successfully.': year, make and model. */
export const vehicleDetails = (v: Pick<Vehicle, 'year' | 'make' | 'model'>): string => `${v.year} ${v.make} ${v.model}`;

/** The reset runs only for the exact phrase: no trimming, no case folding (spec section 5). */
export const isResetPhrase = (typed: string): boolean => typed === RESET_DATABASE_PHRASE;

/** 'Failed to delete vehicle: ' plus the server's detail, else the error's own message (spec section 8). */
export function vehicleDeleteFailure(detail: string | null | undefined, errorMessage: string): string {
  const reason = detail && detail.trim() ? detail : errorMessage;
  return ADMIN_MESSAGES.vehicleDeleteFailed + reason;
}

export const USER_TYPE_LABELS: Record<UserType, string> = { admin: 'Admin', dealer: 'Dealer', private: 'Private seller' };

export const ADMIN_TEXTS = {
  title: 'Admin Panel',
  subtitle: (product: string) => `Statistics, users and listings of ${product}.`,
  accessDeniedTitle: 'Access denied',
  backHome: 'Back to Home',
  refresh: 'Refresh',
  tabs: { overview: 'Overview', users: 'Users', vehicles: 'Vehicles', database: 'Database', reports: REPORT_TEXTS.tab } satisfies Record<AdminTab, string>,
  usersHeading: 'Users',
  listingsHeading: 'Listings',
  loadFailed: (what: string) => `The ${what} could not be loaded.`,
  tryAgain: 'Try again',
  userCount: (n: number) => `${wholeNumberText(n)} ${n === 1 ? 'user' : 'users'}`,
  vehicleCount: (shown: number, total: number) =>
    shown < total ? `Showing the newest ${shown} of ${wholeNumberText(total)} listings` : `${wholeNumberText(total)} ${total === 1 ? 'listing' : 'listings'}`,
  noUsers: 'No users yet',
  noVehicles: 'No listings yet',
  listings: (n: number) => `${n} ${n === 1 ? 'listing' : 'listings'}`,
  joined: 'Joined',
  creditAmount: (cents: number) => formatPlanPrice(cents / 100),
  credit: (cents: number) => `Credit ${formatPlanPrice(cents / 100)} (double payment)`,
  deleteUser: 'Delete user',
  deleteUserNamed: (name: string) => `Delete ${name}`,
  cancel: 'Cancel',
  deleteListing: 'Delete listing',
  deleteListingNamed: (details: string) => `Delete listing ${details}`,
  confirmListingTitle: 'Delete this listing?',
  confirmListingBody: 'Buyers and the seller will no longer see it. This cannot be undone.',
  adminCardTitle: 'Administrator',
  adminCardBody: 'Remove this listing from the marketplace.',
  resetTitle: 'Reset database',
  resetBody: 'Deletes every listing, payment and account except administrators. Administrator accounts and the make and model catalogue stay. This cannot be undone.',
  resetLabel: `Type ${RESET_DATABASE_PHRASE} to confirm`,
  resetButton: 'Reset database',
  columns: {
    name: 'Name',
    email: 'Email',
    phone: 'Phone',
    type: 'Type',
    location: 'Location',
    listings: 'Listings',
    credit: 'Credit',
    joined: 'Joined',
    photo: 'Photo',
    listing: 'Listing',
    price: 'Price',
    seller: 'Seller',
    status: 'Status',
    listed: 'Listed',
    actions: 'Actions',
  },
} as const;
