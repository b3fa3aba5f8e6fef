// Texts of the auth dialog (spec 2.4 and 4) and the sign-in gate (2.9). Spec texts are quoted word for
// word; the section 8 messages themselves live in authMessages.ts (AUTH_MESSAGES) and are only
// referenced here. Apart from authTexts.ts (the navigation's), so the first screen does not carry them.
import { PASSWORD_MIN_LENGTH, RESET_CODE_LENGTH, RESET_CODE_TTL_MINUTES } from '../core/constants';
import { AUTH_MESSAGES } from './authMessages';

export type AuthTab = 'signin' | 'signup';
/** Who opened the dialog: the navigation and the dashboard open it for sellers, a listing for buyers. */
export type AuthAudience = 'seller' | 'buyer';
export type AuthAction = 'signIn' | 'signUp' | 'forgotPassword' | 'verifyCode' | 'resetPassword';

export const AUTH_DIALOG_TEXTS = {
  /** The product welcome line; the product name comes from the server's configuration. */
  title: (product: string) => `Welcome to ${product}`,
  buyerTitle: 'Buyer Account',
  subtitle: {
    seller: 'Sign in to manage your listings or create an account to start selling',
    buyer: 'Sign in or create an account to proceed with your purchase',
  } satisfies Record<AuthAudience, string>,
  tabs: { signin: 'Sign In', signup: 'Sign Up' } satisfies Record<AuthTab, string>,
} as const;

export const SIGN_IN_TEXTS = {
  email: 'Email Address',
  password: 'Password',
  submit: 'Sign In',
  forgotPassword: 'Forgot Password?',
} as const;

export const SIGN_UP_TEXTS = {
  steps: ['Personal Information', 'Account Security', 'Choose Your Seller Type'],
  /** The short labels of the step indicator (the full titles head each step). */
  stepLabels: ['Personal', 'Security', 'Seller type'],
  stepOf: (step: number, total: number) => `Step ${step} of ${total}`,
  fullName: 'Full Name',
  fullNamePlaceholder: 'e.g. Tendai Moyo',
  email: 'Email Address',
  emailPlaceholder: 'you@example.com',
  phone: 'Phone Number',
  phonePlaceholder: '+263 77 123 4567',
  location: 'Location',
  locationPlaceholder: 'City, Country',
  password: 'Create Password',
  confirmPassword: 'Confirm Password',
  passwordHint: `At least ${PASSWORD_MIN_LENGTH} characters`,
  privateSeller: 'Private Seller',
  privateSellerText: 'You are selling your own vehicle as an individual.',
  dealer: 'Professional Dealer',
  dealerText: 'You sell vehicles as a business; dealers need business credentials.',
  businessName: 'Business Name',
  businessNameHint: 'Optional: your full name is used when left empty.',
  next: 'Next',
  back: 'Back',
  submit: 'Create Account',
  /** A required field holding only spaces passes the browser's check, so the wizard names it. */
  required: (label: string) => `Please fill in ${label}`,
} as const;

export const RESET_TEXTS = {
  emailTitle: 'Reset Password',
  emailText: `Enter the email address of your account and we will send you a ${RESET_CODE_LENGTH}-digit reset code.`,
  email: 'Email Address',
  sendCode: 'Send Reset Code',
  backToSignIn: 'Back to Sign In',
  codeTitle: 'Enter Reset Code',
  codeText: (email: string) => `We sent a ${RESET_CODE_LENGTH}-digit code to ${email}. It expires in ${RESET_CODE_TTL_MINUTES} minutes.`,
  code: `${RESET_CODE_LENGTH}-digit code`,
  verifyCode: 'Verify Code',
  passwordTitle: 'Create New Password',
  passwordText: 'Choose a new password for your account.',
  newPassword: 'New Password',
  confirmPassword: 'Confirm New Password',
  resetPassword: 'Reset Password',
  back: 'Back',
} as const;

/** Button labels while a call is under way (spec section 4). */
export const AUTH_BUSY_LABELS: Record<AuthAction, string> = {
  signIn: 'Signing In...',
  signUp: 'Creating Account...',
  forgotPassword: 'Sending Code...',
  verifyCode: 'Verifying...',
  resetPassword: 'Resetting Password...',
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
  signInRequired: 'Sign In Required',
  sellerAccountRequired: 'Seller Account Required',
  signInToContinue: 'Sign In to Continue',
} as const;
