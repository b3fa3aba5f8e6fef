/** Zimbabwe's country calling code: local numbers (077 ...) are written with it for WhatsApp. */
const COUNTRY_CODE = '263';

/** A tel: link for a phone number as sellers type it ('+263 77 214 5580', '077-214-5580'). */
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${trimmed.replace(/\D/g, '')}`;
}

/** The number as wa.me wants it: international, digits only; null when it has too few digits to be one. */
export function whatsAppNumber(phone: string): string | null {
  const trimmed = phone.trim();
  let digits = trimmed.replace(/\D/g, '');
  if (!trimmed.startsWith('+')) {
    if (digits.startsWith('00')) digits = digits.slice(2);
    else if (digits.startsWith('0')) digits = COUNTRY_CODE + digits.slice(1);
  }
  return digits.length >= 9 ? digits : null;
}

/** A WhatsApp deep link that opens a chat with the seller with the message filled in. */
export function whatsAppHref(phone: string, text: string): string | null {
  const number = whatsAppNumber(phone);
  return number ? `https://wa.me/${number}?text=${encodeURIComponent(text)}` : null;
}
