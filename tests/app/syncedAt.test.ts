import { describe, expect, it } from 'vitest';
import { syncedAtText } from '@/app/shared/shell/syncedAt';

describe('the sync status line’s date', () => {
  it("reads as en-GB's medium date and short time, in the device's time", () => {
    const intl = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
    for (let month = 0; month < 12; month++) {
      for (const [day, hour, minute] of [
        [1, 0, 0],
        [9, 9, 5],
        [28, 23, 59],
      ] as const) {
        const date = new Date(2026, month, day, hour, minute, 30);
        // ICU writes September 'Sept' in en-GB; the line keeps three letters for every month.
        expect(syncedAtText(date)).toBe(intl.format(date).replace('Sept', 'Sep'));
      }
    }
    expect(syncedAtText(new Date(2026, 10, 23, 16, 5))).toBe('23 Nov 2026, 16:05');
  });
});
