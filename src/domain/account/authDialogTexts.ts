// Texts of the auth dialog (spec 2.4 and 4) and the sign-in gate (2.9). Spec texts are quoted word for
// word; the section 8 messages themselves live in authMessages.ts (AUTH_MESSAGES) and are only
// referenced here. Apart from authTexts.ts (the navigation's), so the first screen does not carry them.
import { PASSWORD_MIN_LENGTH, RESET_CODE_LENGTH, RESET_CODE_TTL_MINUTES } from '../core/constants';
import { AUTH_MESSAGES } from './authMessages';
import { english, type Translate } from '../i18n/text';

export type AuthTab = 'signin' | 'signup';
/** Who opened the dialog: the navigation and the dashboard open it for sellers, a listing for buyers. */
export type AuthAudience = 'seller' | 'buyer';
export type AuthAction = 'signIn' | 'signUp' | 'forgotPassword' | 'verifyCode' | 'resetPassword';

export const AUTH_DIALOG_TEXTS = {
  /** The product welcome line; the product name comes from the server's configuration. */
  title: (product: string, tr: Translate = english) => tr(/*i18n*/ 'Welcome to {product}', { product }),
  buyerTitle: /*i18n*/ 'Buyer Account',
  subtitle: {
    seller: /*i18n*/ 'Sign in to manage your listings or create an account to start selling',
    buyer: /*i18n*/ 'Sign in or create an account to proceed with your purchase',
  } satisfies Record<AuthAudience, string>,
  tabs: { signin: /*i18n*/ 'Sign In', signup: /*i18n*/ 'Sign Up' } satisfies Record<AuthTab, string>,
} as const;

export const SIGN_IN_TEXTS = {
  email: /*i18n*/ 'Email Address',
  password: /*i18n*/ 'Password',
  submit: /*i18n*/ 'Sign In',
  forgotPassword: /*i18n*/ 'Forgot Password?',
} as const;

export const SIGN_UP_TEXTS = {
  steps: [/*i18n*/ 'Personal Information', /*i18n*/ 'Account Security', /*i18n*/ 'Choose Your Seller Type'],
  /** The short labels of the step indicator (the full titles head each step). */
  stepLabels: [/*i18n*/ 'Personal', /*i18n*/ 'Security', /*i18n*/ 'Seller type'],
  stepOf: (step: number, total: number, tr: Translate = english) => tr(/*i18n*/ 'Step {step} of {total}', { step, total }),
  fullName: /*i18n*/ 'Full Name',
  fullNamePlaceholder: /*i18n*/ 'e.g. Tendai Moyo',
  email: /*i18n*/ 'Email Address',
  emailPlaceholder: 'you@example.com',
  phone: /*i18n*/ 'Phone Number',
  phonePlaceholder: '+263 77 123 4567',
  location: /*i18n*/ 'Location',
  locationPlaceholder: /*i18n*/ 'City, Country',
  password: /*i18n*/ 'Create Password',
  confirmPassword: /*i18n*/ 'Confirm Password',
  passwordHint: (tr: Translate = english) => tr(/*i18n*/ 'At least {count} characters', { count: PASSWORD_MIN_LENGTH }),
  privateSeller: /*i18n*/ 'Private Seller',
  privateSellerText: /*i18n*/ 'You are selling your own vehicle as an individual.',
  dealer: /*i18n*/ 'Professional Dealer',
  dealerText: /*i18n*/ 'You sell vehicles as a business; dealers need business credentials.',
  businessName: /*i18n*/ 'Business Name',
  businessNameHint: /*i18n*/ 'Optional: your full name is used when left empty.',
  next: /*i18n*/ 'Next',
  back: /*i18n*/ 'Back',
  submit: /*i18n*/ 'Create Account',
  /** A required field holding only spaces passes the browser's check, so the wizard names it. */
  required: (label: string, tr: Translate = english) => tr(/*i18n*/ 'Please fill in {label}', { label }),
} as const;

export const RESET_TEXTS = {
  emailTitle: /*i18n*/ 'Reset Password',
  emailText: (tr: Translate = english) => tr(/*i18n*/ 'Enter the email address of your account and we will send you a {length}-digit reset code.', { length: RESET_CODE_LENGTH }),
  email: /*i18n*/ 'Email Address',
  sendCode: /*i18n*/ 'Send Reset Code',
  backToSignIn: /*i18n*/ 'Back to Sign In',
  codeTitle: /*i18n*/ 'Enter Reset Code',
  codeText: (email: string, tr: Translate = english) =>
    tr(/*i18n*/ 'We sent a {length}-digit code to {email}. It expires in {minutes} minutes.', { length: RESET_CODE_LENGTH, email, minutes: RESET_CODE_TTL_MINUTES }),
  code: (tr: Translate = english) => tr(/*i18n*/ '{length}-digit code', { length: RESET_CODE_LENGTH }),
  verifyCode: /*i18n*/ 'Verify Code',
  passwordTitle: /*i18n*/ 'Create New Password',
  passwordText: /*i18n*/ 'Choose a new password for your account.',
  newPassword: /*i18n*/ 'New Password',
  confirmPassword: /*i18n*/ 'Confirm New Password',
  resetPassword: /*i18n*/ 'Reset Password',
  back: /*i18n*/ 'Back',
} as const;

/** Button labels while a call is under way (spec section 4). */
export const AUTH_BUSY_LABELS: Record<AuthAction, string> = {
  signIn: /*i18n*/ 'Signing In...',
  signUp: /*i18n*/ 'Creating Account...',
  forgotPassword: /*i18n*/ 'Sending Code...',
  verifyCode: /*i18n*/ 'Verifying...',
  resetPassword: /*i18n*/ 'Resetting Password...',
};

/**
 * What each call shows when it fails (spec section 8): the server's detail when it has one, else the
 * fallback; `exception` when no answer came at all. The dialog's sign-in fallback is 'Sign in failed'.
 */
export const AUTH_FAILURES: Record<AuthAction, { fallback: string; exception: string }> = {
  signIn: { fallback: AUTH_MESSAGES.signInFailed, exception: AUTH_MESSAGES.signInError },
  signUp: { fallback: AUTH_MESSAGES.registrationFailed, exception: AUTH_MESSAGES.registrationError },
  forgotPassword: { fallback: AUTH_MESSAGES.sendCodeFailed, exception: AUTH_MESSAGES.genericError },
  verifyCode: { fallback: AUTH_MESSAGES.invalidCode, exception: AUTH_MESSAGES.invalidCode },
  resetPassword: { fallback: AUTH_MESSAGES.resetFailed, exception: AUTH_MESSAGES.resetFailed },
};

export const GATE_TEXTS = {
  signInRequired: /*i18n*/ 'Sign In Required',
  sellerAccountRequired: /*i18n*/ 'Seller Account Required',
  signInToContinue: /*i18n*/ 'Sign In to Continue',
} as const;
