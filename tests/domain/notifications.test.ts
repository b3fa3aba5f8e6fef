import { describe, expect, it } from 'vitest';
import { expiryReminderNotification, listingLiveNotification, NOTIFICATION_PROMPT_TEXTS, parsePushPayload, savedSearchMatchNotification } from '@/domain/account/notifications';
import { notificationPromptDue, NOTIFICATION_PROMPT_DELAY_MS } from '@/app/features/push/notificationPrompt';

const DAY = 86_400_000;
const NOW = Date.parse('2026-03-10T08:00:00Z');
const hilux = { id: 'a1b2', year: 2019, make: 'Toyota', model: 'Hilux', variant: '2.8GD-6', price: 38_000, location: 'Borrowdale, Harare' };

describe('notification prompt (spec section 4)', () => {
  it('waits 10 seconds and says the spec words to browsers without notifications', () => {
    expect(NOTIFICATION_PROMPT_DELAY_MS).toBe(10_000);
    expect(NOTIFICATION_PROMPT_TEXTS.unsupported).toBe('This browser does not support notifications');
  });

  it('shows while permission is undecided, never once granted or denied', () => {
    expect(notificationPromptDue('default', null, NOW)).toBe(true);
    expect(notificationPromptDue('unsupported', null, NOW)).toBe(true);
    expect(notificationPromptDue('granted', null, NOW)).toBe(false);
    expect(notificationPromptDue('denied', null, NOW)).toBe(false);
  });

  it('stays away for 14 days after a dismissal', () => {
    expect(notificationPromptDue('default', NOW - 13 * DAY, NOW)).toBe(false);
    expect(notificationPromptDue('default', NOW - 14 * DAY + 1, NOW)).toBe(false);
    expect(notificationPromptDue('default', NOW - 14 * DAY, NOW)).toBe(true);
    // A dismissal dated in the future (the clock was changed) does not silence it for ever.
    expect(notificationPromptDue('default', NOW + 30 * DAY, NOW)).toBe(true);
    expect(notificationPromptDue('default', Number.NaN, NOW)).toBe(true);
  });
});

describe('push payloads', () => {
  it('a live listing opens its page; an expiry reminder opens the dashboard with the day in Harare', () => {
    expect(listingLiveNotification(hilux)).toEqual({ title: 'Your listing is live', body: '2019 Toyota Hilux 2.8GD-6 is now visible to buyers.', url: '/car/a1b2', tag: 'listing-a1b2' });
    const reminder = expiryReminderNotification(hilux, new Date('2026-03-12T22:30:00Z'));
    expect(reminder.url).toBe('/dashboard');
    // 22:30 UTC is already Friday 13 March in Harare (UTC+2).
    expect(reminder.body).toBe('2019 Toyota Hilux 2.8GD-6 will be hidden from buyers after Friday 13 March. Relist it from your dashboard to keep it visible.');
  });

  it('a saved-search match names the search, the price and the place', () => {
    expect(savedSearchMatchNotification(hilux, 'Pickups')).toEqual({
      title: 'New match for "Pickups"',
      body: '2019 Toyota Hilux 2.8GD-6, $38,000 in Borrowdale, Harare',
      url: '/car/a1b2',
      tag: 'match-a1b2',
    });
    expect(savedSearchMatchNotification({ ...hilux, price: null, location: null }, 'P').body).toBe('2019 Toyota Hilux 2.8GD-6, Price on request');
  });

  it('the service worker reads back what the server sends, and never opens another site', () => {
    const live = listingLiveNotification(hilux);
    expect(parsePushPayload(JSON.parse(JSON.stringify(live)))).toEqual(live);
    expect(parsePushPayload({ title: 'Hi', url: 'https://evil.example/' })).toEqual({ title: 'Hi', body: '', url: '/' });
    expect(parsePushPayload({ title: 'Hi', url: '//evil.example/x' })?.url).toBe('/');
    expect(parsePushPayload({ title: 'Hi', url: '/\\evil.example' })?.url).toBe('/');
    expect(parsePushPayload({ body: 'no title' })).toBeNull();
    expect(parsePushPayload('text')).toBeNull();
    expect(parsePushPayload(null)).toBeNull();
  });
});
