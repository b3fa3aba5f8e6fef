import { describe, expect, it } from 'vitest';
import { dayBefore, leadsOf, leadsTotal, parseLeadsCache, priceDropText } from '@/domain/listing/leads';
import { listingsToShow, paymentAction, listingIndicator } from '@/domain/listing/dashboard';
import { isPublic, listingStatus } from '@/domain/listing/vehicle';

describe('leads', () => {
  it('lays each listing out over the last days, oldest first, zeros where nothing happened, other days and listings left out', () => {
    const rows = [
      { vehicleId: 'a', day: '2026-11-24', kind: 'view' as const, count: 2 },
      { vehicleId: 'a', day: '2026-11-21', kind: 'view' as const, count: 5 },
      { vehicleId: 'a', day: '2026-11-21', kind: 'share' as const, count: 1 },
      { vehicleId: 'a', day: '2026-10-01', kind: 'view' as const, count: 100 },
      { vehicleId: 'z', day: '2026-11-24', kind: 'view' as const, count: 9 },
    ];
    const [a, b] = leadsOf(['a', 'b'], rows, '2026-11-24', 7);
    const none = [0, 0, 0, 0, 0, 0, 0];
    expect(a).toEqual({ vehicle_id: 'a', view: [0, 0, 0, 5, 0, 0, 2], contact: none, call: none, whatsapp: none, favourite: none, share: [0, 0, 0, 1, 0, 0, 0], message: none });
    expect(b!.view).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(leadsTotal(a!.view, 7)).toBe(7);
    expect(leadsTotal(a!.view, 2)).toBe(2);
  });

  it('counts days across month ends', () => {
    expect(dayBefore('2026-03-01', 1)).toBe('2026-02-28');
    expect(dayBefore('2026-01-01', 1)).toBe('2025-12-31');
  });

  it("says a price drop in dollars with Harare's date", () => {
    expect(priceDropText({ amount: 500, at: '2026-11-12T10:00:00.000Z' })).toBe('Price dropped $500 on 12 Nov 2026');
    // 23:30 UTC is already the next day in Harare.
    expect(priceDropText({ amount: 1250, at: '2026-11-12T23:30:00.000Z' })).toBe('Price dropped $1,250 on 13 Nov 2026');
  });

  it('reads back only a well-formed copy of the same member', () => {
    const leads = { today: '2026-11-24', days: 2, listings: [{ vehicle_id: 'a', view: [1, 2], contact: [0, 0], call: [1, 0], whatsapp: [0, 0], favourite: [0, 1], share: [0, 0], message: [0, 0] }] };
    const raw = JSON.stringify({ userId: 'u', savedAt: '2026-11-24T10:00:00Z', leads });
    expect(parseLeadsCache(raw, 'u')?.leads).toEqual(leads);
    expect(parseLeadsCache(raw, 'other')).toBeNull();
    expect(parseLeadsCache('not json', 'u')).toBeNull();
    const short = JSON.stringify({ userId: 'u', savedAt: '2026-11-24T10:00:00Z', leads: { ...leads, listings: [{ ...leads.listings[0], view: [1] }] } });
    expect(parseLeadsCache(short, 'u')).toBeNull();
    // A copy kept before calls and WhatsApp taps were counted is not what an answer looks like now: loaded afresh.
    const before = JSON.stringify({
      userId: 'u',
      savedAt: '2026-11-24T10:00:00Z',
      leads: { ...leads, listings: [{ vehicle_id: 'a', view: [1, 2], contact: [0, 0], favourite: [0, 1], share: [0, 0], message: [0, 0] }] },
    });
    expect(parseLeadsCache(before, 'u')).toBeNull();
  });
});

describe('sold listings', () => {
  const now = new Date('2026-11-24T10:00:00Z');
  const live = { is_published: true, is_expired: false, expires_at: '2026-11-28T10:00:00Z', sold_at: null };
  const sold = { ...live, sold_at: '2026-11-23T10:00:00Z' };

  it('are not public, say Sold, show under Sold only (and in History), with no payment and no days left', () => {
    expect(isPublic(live, now)).toBe(true);
    expect(isPublic(sold, now)).toBe(false);
    expect(listingStatus(sold, now)).toBe('Sold');
    expect(listingStatus({ ...sold, is_expired: true }, now)).toBe('Sold');
    expect(listingsToShow([live, sold], false, now)).toEqual([live]);
    expect(listingsToShow([live, sold], true, now)).toEqual([live, sold]);
    expect(listingsToShow([live, sold], true, now, true)).toEqual([sold]);
    expect(paymentAction(sold, now)).toBeNull();
    expect(listingIndicator(sold, now)).toBeNull();
  });
});
