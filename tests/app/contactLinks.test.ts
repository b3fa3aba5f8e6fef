import { describe, expect, it } from 'vitest';
import { telHref, whatsAppHref, whatsAppNumber } from '@/app/features/vehicle/contactLinks';

describe("a seller's contact links", () => {
  it('dials the number as written, without spaces or dashes', () => {
    expect(telHref('+263 77 214 5580')).toBe('tel:+263772145580');
    expect(telHref('077-214-5580')).toBe('tel:0772145580');
  });
  it('gives WhatsApp the international number in digits', () => {
    expect(whatsAppNumber('+263 77 214 5580')).toBe('263772145580');
    expect(whatsAppNumber('0772 145 580')).toBe('263772145580');
    expect(whatsAppNumber('00263 77 214 5580')).toBe('263772145580');
    expect(whatsAppNumber('12')).toBeNull();
  });
  it('fills in the message', () => {
    expect(whatsAppHref('+263 77 214 5580', 'Hello, is it available?')).toBe('https://wa.me/263772145580?text=Hello%2C%20is%20it%20available%3F');
    expect(whatsAppHref('n/a', 'Hello')).toBeNull();
  });
});
