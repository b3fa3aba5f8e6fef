import { describe, expect, it } from 'vitest';
import {
  daysLeftIndicator,
  draftTitle,
  listingIndicator,
  listingStats,
  listingsToShow,
  memberSinceText,
  parseListingCache,
  paymentAction,
  pendingCount,
  pricingText,
  queueProgressText,
  queuedPaymentText,
  queueStateText,
  savedAtText,
  sellerTypeLabel,
  type QueueLine,
} from '@/domain/listing/dashboard';

const now = new Date('2026-11-22T12:00:00Z');
const DAY = 86_400_000;
const at = (days: number) => new Date(now.getTime() + days * DAY).toISOString();

const active = { id: 'a', is_published: true, is_expired: false, expires_at: at(5), views: 12 };
const pending = { id: 'p', is_published: false, is_expired: false, expires_at: null, views: 3 };
const expiredFlag = { id: 'e1', is_published: true, is_expired: true, expires_at: at(2), views: 7 };
const expiredDate = { id: 'e2', is_published: true, is_expired: false, expires_at: at(-1), views: 1 };
const sample = { id: 's', is_published: true, is_expired: false, expires_at: null, views: 0 };

describe('days-left indicator (spec 4)', () => {
  it('is red at 3 days or fewer, orange at 7 or fewer, grey above', () => {
    expect(daysLeftIndicator(1)).toEqual({ label: '1 day left', color: 'red' });
    expect(daysLeftIndicator(3)).toEqual({ label: '3 days left', color: 'red' });
    expect(daysLeftIndicator(4)).toEqual({ label: '4 days left', color: 'orange' });
    expect(daysLeftIndicator(7)).toEqual({ label: '7 days left', color: 'orange' });
    expect(daysLeftIndicator(8)).toEqual({ label: '8 days left', color: 'gray' });
  });
  it("says 'Expired' at 0 days or fewer, and nothing without an expiry", () => {
    expect(daysLeftIndicator(0)).toMatchObject({ label: 'Expired', color: 'red' });
    expect(daysLeftIndicator(-4)).toMatchObject({ label: 'Expired' });
    expect(daysLeftIndicator(null)).toBeNull();
  });
  it('follows the listing: none for an unpaid one, Expired for a flagged one whatever its date', () => {
    expect(listingIndicator(active, now)).toEqual({ label: '5 days left', color: 'orange' });
    expect(listingIndicator(pending, now)).toBeNull();
    expect(listingIndicator(expiredFlag, now)?.label).toBe('Expired');
    expect(listingIndicator(expiredDate, now)?.label).toBe('Expired');
    expect(listingIndicator(sample, now)).toBeNull();
  });
});

describe('listings and stat tiles', () => {
  const all = [active, pending, expiredFlag, expiredDate, sample];
  it('counts the active listings and every listing’s views', () => {
    expect(listingStats(all, now)).toEqual({ active: 2, views: 23, contacts: 0 });
    expect(listingStats([], now)).toEqual({ active: 0, views: 0, contacts: 0 });
    expect(listingStats([{ ...all[0]!, contact_requests: 2 }, { ...all[1]!, contact_requests: 1 }, all[2]!], now).contacts).toBe(3);
  });
  it('shows only active listings by default and everything, in order, under History', () => {
    expect(listingsToShow(all, false, now).map((v) => v.id)).toEqual(['a', 's']);
    expect(listingsToShow(all, true, now).map((v) => v.id)).toEqual(['a', 'p', 'e1', 'e2', 's']);
    expect(pendingCount(all, now)).toBe(1);
  });
  it('offers Pay now for an unpaid listing, Relist for an expired one, nothing for an active one', () => {
    expect(paymentAction(pending, now)).toBe('pay');
    expect(paymentAction(expiredFlag, now)).toBe('relist');
    expect(paymentAction(expiredDate, now)).toBe('relist');
    expect(paymentAction(active, now)).toBeNull();
  });
});

describe('profile texts', () => {
  it('names the seller type and picks the pricing text of spec 9', () => {
    expect(sellerTypeLabel('private')).toBe('Private Seller');
    expect(sellerTypeLabel('dealer')).toBe('Professional Dealer');
    expect(sellerTypeLabel('admin')).toBe('Administrator');
    expect(pricingText('private')).toMatch(/first listing is free, then \$5 per additional listing/);
    expect(pricingText('dealer')).toMatch(/unlimited listings for \$99\/month/);
    expect(pricingText('admin')).toBe(pricingText('private'));
  });
  it('gives the month and year a member joined, or a dash', () => {
    expect(memberSinceText('2025-10-08T09:00:00Z')).toBe('Oct 2025');
    expect(memberSinceText('')).toBe('—');
    expect(memberSinceText('not a date')).toBe('—');
  });
});

describe('drafts', () => {
  it('titles a draft from its fields, whatever their type', () => {
    expect(draftTitle({ year: '2019', make: 'Toyota', model: 'Hilux', variant: '2.8GD-6' })).toBe('2019 Toyota Hilux 2.8GD-6');
    expect(draftTitle({ year: 2012, make: 'Honda', model: ' Fit ' })).toBe('2012 Honda Fit');
    expect(draftTitle({ make: '', price: 5000 })).toBe('Untitled draft');
  });
  it('says when a draft was saved', () => {
    const t = now.getTime();
    expect(savedAtText(t - 20_000, t)).toBe('Saved just now');
    expect(savedAtText(t - 5 * 60_000, t)).toBe('Saved 5 min ago');
    expect(savedAtText(t - 3 * 3_600_000, t)).toBe('Saved 3 h ago');
    expect(savedAtText(t - 40 * DAY, t)).toBe('Saved 13 Oct 2026');
  });
});

describe('publishing queue in words', () => {
  const line = (over: Partial<QueueLine>): QueueLine => ({ state: 'waiting', done: 1, total: 3, error: null, nextAttemptAt: null, ...over });
  const t = now.getTime();
  it('waits for the network while offline, else waits its turn or its backoff', () => {
    expect(queueStateText(line({}), true, t)).toBe('Waiting for network');
    expect(queueStateText(line({}), false, t)).toBe('Waiting to send');
    expect(queueStateText(line({ nextAttemptAt: t + 5000, error: 'Server error. Please try again later.' }), false, t)).toBe('Waiting to retry: Server error. Please try again later.');
    expect(queueStateText(line({ nextAttemptAt: t - 5000 }), false, t)).toBe('Waiting to send');
  });
  it('says Sending…, Done and Failed with its reason', () => {
    expect(queueStateText(line({ state: 'sending' }), false, t)).toBe('Sending…');
    expect(queueStateText(line({ state: 'done' }), true, t)).toBe('Done');
    expect(queueStateText(line({ state: 'failed', error: 'You are not eligible for a free listing' }), false, t)).toBe('Failed: You are not eligible for a free listing');
    expect(queueProgressText({ done: 1, total: 3 })).toBe('1 of 3 steps');
    expect(queueProgressText({ done: 0, total: 1 })).toBe('0 of 1 step');
  });
  it('says which listing waits for which payment and what happens next', () => {
    expect(queuedPaymentText('2012 Toyota Corolla', '$1', 'ecocash', 'queued')).toBe(
      '2012 Toyota Corolla: waiting to send the $1 EcoCash payment; it will be published when the payment goes through.',
    );
    expect(queuedPaymentText('2012 Toyota Corolla', '$1', 'ecocash', 'approve')).toBe('2012 Toyota Corolla: the $1 EcoCash payment has been requested. Approve it to publish the listing.');
    expect(queuedPaymentText('2012 Toyota Corolla', '$2', 'card', 'finishCard')).toBe('2012 Toyota Corolla: the $2 card payment is ready. Finish it to publish the listing.');
    expect(queuedPaymentText('Untitled draft', null, 'card', 'queued')).toBe('Untitled draft: waiting to send the card payment; it will be published when the payment goes through.');
  });
});

describe('listings kept for offline visits', () => {
  const listing = { id: 'v1', seller_id: 'u1', is_published: true, images: [] };
  const record = (over: Record<string, unknown> = {}) => JSON.stringify({ userId: 'u1', savedAt: now.toISOString(), listings: [listing], ...over });
  it('reads back the same user’s listings', () => {
    expect(parseListingCache(record(), 'u1')).toEqual({ userId: 'u1', savedAt: now.toISOString(), listings: [listing] });
  });
  it('ignores another user’s, a malformed one, or listings that are not theirs', () => {
    expect(parseListingCache(record(), 'u2')).toBeNull();
    expect(parseListingCache('{not json', 'u1')).toBeNull();
    expect(parseListingCache(null, 'u1')).toBeNull();
    expect(parseListingCache(record({ savedAt: 'yesterday' }), 'u1')).toBeNull();
    expect(parseListingCache(record({ listings: [{ ...listing, seller_id: 'u9' }] }), 'u1')).toBeNull();
    expect(parseListingCache(record({ listings: 'many' }), 'u1')).toBeNull();
  });
});
