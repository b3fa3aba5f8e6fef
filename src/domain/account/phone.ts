import { english, type Translate } from '../i18n/text';

// Verified phones (issue 37): a six-digit code sent by SMS proves the account holds its number. The
// rules and words shared by the server (limits, `detail`s) and the account screen.

/** How long a code sent by SMS works. */
export const PHONE_CODE_TTL_MINUTES = 10;
/** Wrong guesses that lock a code (a new one must be asked for): six digits cannot be guessed in five. */
export const PHONE_CODE_MAX_ATTEMPTS = 5;
export const PHONE_CODE_LENGTH = 6;
/**
 * Codes sent to one number, and for one account, in each window: three in ten minutes (a slow SMS and
 * a retry or two), ten a day. Each SMS costs money and lands on a stranger's phone when the number is
 * not the person's.
 */
export const PHONE_CODE_LIMITS = { burst: { max: 3, window: '10 minutes' }, daily: { max: 10, window: '1 day' } } as const;

export const PHONE_MESSAGES = {
  noPhone: /*i18n*/ 'Add a phone number to your account first',
  invalidPhone: /*i18n*/ 'Enter a phone number with its country code, for example +263 77 123 4567',
  codeSent: /*i18n*/ 'We sent a six-digit code to your phone',
  invalidCode: /*i18n*/ 'Invalid or expired code',
  locked: /*i18n*/ 'Too many wrong codes. Ask for a new code.',
  verified: /*i18n*/ 'Phone verified',
  tooMany: /*i18n*/ 'Too many codes were asked for. Please wait before asking again.',
  sendFailed: /*i18n*/ 'The SMS could not be sent. Please try again later.',
  smsText: (code: string, product: string, tr: Translate = english) =>
    tr(/*i18n*/ '{code} is your {product} verification code. It expires in {minutes} minutes. Do not share it.', { code, product, minutes: PHONE_CODE_TTL_MINUTES }),
} as const;

/** The account screen's words. */
export const PHONE_TEXTS = {
  title: /*i18n*/ 'Phone',
  verify: /*i18n*/ 'Verify your phone',
  sendCode: /*i18n*/ 'Send code',
  sendAgain: /*i18n*/ 'Send a new code',
  codeLabel: /*i18n*/ 'Six-digit code',
  confirm: /*i18n*/ 'Verify',
  verified: /*i18n*/ 'Phone verified',
  notVerified: /*i18n*/ 'Not verified',
  why: /*i18n*/ 'Buyers see a Phone verified badge on your listings once we have checked your number by SMS.',
  numberLabel: /*i18n*/ 'Phone number',
  cancel: /*i18n*/ 'Cancel',
} as const;

/**
 * A phone number in E.164 (+ and up to 15 digits), Zimbabwe's when no country is given: spaces, dots,
 * dashes and brackets dropped; 00 read as +; a leading 0 (077 123 4567) or 263 as Zimbabwe's. Null for
 * what cannot be a number.
 */
export function normalizePhone(input: string): string | null {
  let s = input.trim().replace(/[\s().-]/g, '');
  if (s.startsWith('00')) s = '+' + s.slice(2);
  else if (s.startsWith('0')) s = '+263' + s.slice(1);
  else if (s.startsWith('263')) s = '+' + s;
  if (!/^\+[1-9]\d{7,14}$/.test(s)) return null;
  // Zimbabwe's numbers are nine digits after the country code.
  if (s.startsWith('+263') && s.length !== 13) return null;
  return s;
}
