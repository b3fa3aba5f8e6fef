// Verified dealers (issue 20; the spec says dealers need business credentials): a dealer submits their
// business details, an administrator verifies or rejects them, and a verified dealer's listings carry
// the 'Verified dealer' badge. Changing the details once verified sends them back for review.

import type { BusinessStatus } from './businessStatus';

// The statuses themselves are in businessStatus.ts, which the saved session reads on every first screen.
export { BUSINESS_STATUSES, type BusinessStatus } from './businessStatus';

/** A dealer's business details, as PUT /api/me/business takes them (its schema: businessInput.ts). */
export interface BusinessDetails {
  business_name: string;
  registration_number: string;
  address: string;
}

export const BUSINESS_MESSAGES = {
  dealersOnly: /*i18n*/ 'Only dealer accounts can submit business details for verification',
  notADealer: /*i18n*/ 'Only dealer accounts can be verified',
  nothingToReview: /*i18n*/ 'This dealer has not submitted business details',
  verified: /*i18n*/ 'Dealer verified',
  rejected: /*i18n*/ 'Business details rejected',
  submitted: /*i18n*/ 'Business details sent for review',
  submitFailed: /*i18n*/ 'Your business details were not sent. Check your connection and try again.',
} as const;

/** The dealer's verification card on the dashboard. */
export const BUSINESS_TEXTS = {
  title: /*i18n*/ 'Business verification',
  fields: { business_name: /*i18n*/ 'Business name', registration_number: /*i18n*/ 'Registration number', address: /*i18n*/ 'Business address' },
  submit: /*i18n*/ 'Submit for verification',
  update: /*i18n*/ 'Update details',
} as const;

/** What the dealer reads about their details, by status (the dashboard's verification card). */
export const BUSINESS_STATUS_TEXTS: Record<BusinessStatus | 'none', string> = {
  none: /*i18n*/ 'Submit your business details so buyers see a Verified dealer badge on your listings.',
  pending: /*i18n*/ 'Your business details are waiting for review by Motokari.',
  verified: /*i18n*/ 'Verified dealer: your listings show the Verified dealer badge.',
  rejected: /*i18n*/ 'Your business details could not be verified. Check them and submit again.',
};

/**
 * The status after a dealer submits details: a first or changed submission waits for review (a
 * verified dealer who changes them loses the badge until an administrator looks again); sending the
 * same details again changes nothing.
 */
export function statusAfterSubmit(current: { status: BusinessStatus | null; details: BusinessDetails | null }, next: BusinessDetails): BusinessStatus {
  const same =
    current.details !== null && current.details.business_name === next.business_name && current.details.registration_number === next.registration_number && current.details.address === next.address;
  return same && current.status !== null ? current.status : 'pending';
}
