import { describe, expect, it } from 'vitest';
import { TRUST_BADGES, trustSignals } from '@/domain/listing/trust';

describe('trust badges (issues 20 and 37)', () => {
  it('shows only what is so, most telling first: a no or nothing said shows no badge', () => {
    expect(trustSignals({ verified_dealer: true, phone_verified: true, duty_paid: true, papers_ready: true }).map((s) => TRUST_BADGES[s])).toEqual([
      'Verified dealer',
      'Phone verified',
      'Duty paid',
      'Papers ready',
    ]);
    expect(trustSignals({ verified_dealer: false, phone_verified: false, duty_paid: false, papers_ready: null })).toEqual([]);
    expect(trustSignals({ verified_dealer: false, phone_verified: false, duty_paid: null, papers_ready: true })).toEqual(['papers_ready']);
    expect(trustSignals({ verified_dealer: false, phone_verified: true, duty_paid: null, papers_ready: null })).toEqual(['phone_verified']);
  });
});
