// The auth dialog's own checks (spec section 5): pure, so they are tested without a browser. The
// check of a session saved on the device is in storedSession.ts.
import { PASSWORD_MIN_LENGTH, RESET_CODE_LENGTH, SIGNUP_COORDINATES, type SellerType } from '@/domain/core/constants';
import { AUTH_MESSAGES } from '@/domain/account/authMessages';
import { SIGN_UP_TEXTS } from '@/domain/account/authDialogTexts';
import type { SignupInput } from '@/domain/account/user';
import { english, type Translate } from '@/domain/i18n/text';

/** 'Passwords do not match' first (the likelier slip), then the minimum length; null when fine. */
export function passwordProblem(password: string, confirm: string): string | null {
  if (password !== confirm) return AUTH_MESSAGES.passwordsDoNotMatch;
  if (password.length < PASSWORD_MIN_LENGTH) return AUTH_MESSAGES.passwordTooShort;
  return null;
}

export interface SignUpValues {
  name: string;
  email: string;
  phone: string;
  location: string;
  password: string;
  confirmPassword: string;
  user_type: SellerType;
  business_name: string;
}

export const EMPTY_SIGN_UP: SignUpValues = {
  name: '',
  email: '',
  phone: '',
  location: '',
  password: '',
  confirmPassword: '',
  user_type: 'private',
  business_name: '',
};

/** Which wizard step holds the problem (1 personal, 2 security), so the dialog can go back to it. */
export interface SignUpProblem {
  step: 1 | 2;
  message: string;
}

const REQUIRED_STEP_1: [keyof SignUpValues, string][] = [
  ['name', SIGN_UP_TEXTS.fullName],
  ['email', SIGN_UP_TEXTS.email],
  ['phone', SIGN_UP_TEXTS.phone],
  ['location', SIGN_UP_TEXTS.location],
];

/** Checks the whole sign-up form before 'Create Account'; Next is only held back by the browser's required fields. */
export function signUpProblem(v: SignUpValues, tr: Translate = english): SignUpProblem | null {
  for (const [key, label] of REQUIRED_STEP_1) {
    if (!String(v[key]).trim()) return { step: 1, message: SIGN_UP_TEXTS.required(tr(label), tr) };
  }
  const pw = passwordProblem(v.password, v.confirmPassword);
  return pw ? { step: 2, message: pw } : null;
}

/** The sign-up payload of spec section 7: always Harare's coordinates, whatever location was typed. */
export function signUpPayload(v: SignUpValues): SignupInput {
  const business = v.business_name.trim();
  return {
    name: v.name.trim(),
    email: v.email.trim().toLowerCase(),
    phone: v.phone.trim(),
    location: v.location.trim(),
    password: v.password,
    user_type: v.user_type,
    ...(v.user_type === 'dealer' && business ? { business_name: business } : {}),
    latitude: SIGNUP_COORDINATES.latitude,
    longitude: SIGNUP_COORDINATES.longitude,
  };
}

/** What the reset-code field keeps of what was typed or pasted: digits only, at most six. */
export function cleanResetCode(input: string): string {
  return input.replace(/\D/g, '').slice(0, RESET_CODE_LENGTH);
}

export function resetCodeProblem(code: string): string | null {
  return new RegExp(`^\\d{${RESET_CODE_LENGTH}}$`).test(code) ? null : AUTH_MESSAGES.invalidCode;
}
