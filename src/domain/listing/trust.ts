import type { Vehicle } from './vehicle';

// Trust signals a listing carries (issue 20): what its seller declared about the vehicle's papers, and
// whether its seller is a dealer an administrator verified, and whether the seller's phone was verified by
// an SMS code (issue 37). The badges read the same words everywhere.

export const TRUST_BADGES = {
  verified_dealer: /*i18n*/ 'Verified dealer',
  phone_verified: /*i18n*/ 'Phone verified',
  duty_paid: /*i18n*/ 'Duty paid',
  papers_ready: /*i18n*/ 'Papers ready',
} as const;

export type TrustSignal = keyof typeof TRUST_BADGES;

/** What each badge tells a buyer, for its title (and screen readers). */
export const TRUST_BADGE_HINTS: Record<TrustSignal, string> = {
  verified_dealer: /*i18n*/ "Motokari checked this dealer's business details",
  phone_verified: /*i18n*/ "Motokari checked the seller's phone by SMS",
  duty_paid: /*i18n*/ 'The seller says import duty is paid (ZIMRA)',
  papers_ready: /*i18n*/ "The seller says the vehicle has police clearance and a registration book in the seller's name",
};

/** The badges a listing shows, most telling first: only what is so (a "no" or nothing said shows none). */
export function trustSignals(v: Pick<Vehicle, TrustSignal>): TrustSignal[] {
  return (['verified_dealer', 'phone_verified', 'duty_paid', 'papers_ready'] as const).filter((s) => v[s] === true);
}
