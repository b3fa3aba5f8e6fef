import { describe, expect, it } from 'vitest';
import { isPublic } from '@/domain/listing/vehicle';
import { savedSearchEmail } from '@/domain/account/notifications';
import { reportInputSchema } from '@/domain/core/wire';

const now = new Date('2026-11-22T12:00:00Z');
const hilux = { id: 'a1', year: 2019, make: 'Toyota', model: 'Hilux', variant: '2.8 GD-6', price: 31500, location: 'Harare' };
const demio = { id: 'b2', year: 2013, make: 'Mazda', model: 'Demio', variant: null, price: null, location: null };

describe('a reported listing', () => {
  it('is not public while hidden pending review, whatever else it is', () => {
    expect(isPublic({ is_published: true, is_expired: false, expires_at: null, hidden_for_review: true }, now)).toBe(false);
    expect(isPublic({ is_published: true, is_expired: false, expires_at: null }, now)).toBe(true);
  });

  it('is reported for one of the five reasons, with a note of at most 1000 characters', () => {
    expect(reportInputSchema.safeParse({ reason: 'already_sold' }).success).toBe(true);
    expect(reportInputSchema.safeParse({ reason: 'scam', note: 'x'.repeat(1000) }).success).toBe(true);
    expect(reportInputSchema.safeParse({ reason: 'scam', note: 'x'.repeat(1001) }).success).toBe(false);
    expect(reportInputSchema.safeParse({ reason: 'boring' }).success).toBe(false);
  });
});

describe('a saved-search email', () => {
  const base = { searchName: 'Bakkies', site: 'https://motokari.co.zw', product: 'Motokari', unsubscribeUrl: 'https://motokari.co.zw/unsubscribe?token=t' };

  it('names the listing, its price and place, links to it, and ends with the unsubscribe link', () => {
    const mail = savedSearchEmail({ ...base, listings: [hilux], digest: false });
    expect(mail.subject).toBe('New match for "Bakkies": 2019 Toyota Hilux 2.8 GD-6');
    expect(mail.text).toContain('2019 Toyota Hilux 2.8 GD-6, $31,500 in Harare\nhttps://motokari.co.zw/car/a1');
    expect(mail.text.trimEnd().endsWith('Stop these emails: https://motokari.co.zw/unsubscribe?token=t')).toBe(true);
  });

  it('a digest counts its listings and lists each', () => {
    const mail = savedSearchEmail({ ...base, listings: [hilux, demio], digest: true });
    expect(mail.subject).toBe('2 new listings for "Bakkies"');
    expect(mail.text).toContain('https://motokari.co.zw/car/a1');
    expect(mail.text).toContain('2013 Mazda Demio, Price on request\nhttps://motokari.co.zw/car/b2');
    expect(savedSearchEmail({ ...base, listings: [demio], digest: true }).subject).toBe('1 new listing for "Bakkies"');
  });
});
