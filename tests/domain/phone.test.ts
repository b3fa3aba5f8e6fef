import { describe, expect, it } from 'vitest';
import { normalizePhone } from '@/domain/account/phone';

describe('phone numbers in E.164 (issue 37)', () => {
  it("reads Zimbabwe's numbers as people write them", () => {
    for (const written of ['+263 77 123 4567', '077 123 4567', '0771234567', '263771234567', '00263 77 123 4567', '+263 (77) 123-4567', '+263.77.123.4567'])
      expect(normalizePhone(written), written).toBe('+263771234567');
  });
  it("keeps another country's number given with its code", () => {
    expect(normalizePhone('+27 82 123 4567')).toBe('+27821234567');
    expect(normalizePhone('0044 7700 900123')).toBe('+447700900123');
  });
  it('refuses what cannot be a number', () => {
    for (const bad of ['', 'call me', '+263 77 123 456', '+263 77 123 45678', '12345', '+0 123 456 789', '+263 77 123 456a']) expect(normalizePhone(bad), bad).toBeNull();
  });
});
