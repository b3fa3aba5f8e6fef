// The sign-in, sign-up and password-reset texts of spec section 8 that both the server (as `detail`)
// and the app show, quoted word for word. A module of their own: the auth dialog's code reads them, and
// so carries these texts only, not every message of messages.ts (the first screen's session code reads
// only sessionMessages.ts).
import { SESSION_EXPIRED } from './sessionMessages';

export const AUTH_MESSAGES = {
  invalidCredentials: /*i18n*/ 'Invalid credentials',
  signInFailed: /*i18n*/ 'Sign in failed',
  signInError: /*i18n*/ 'An error occurred during sign in',
  registrationFailed: /*i18n*/ 'Registration failed',
  registrationError: /*i18n*/ 'An error occurred during registration',
  sendCodeFailed: /*i18n*/ 'Failed to send reset code',
  genericError: /*i18n*/ 'An error occurred. Please try again.',
  invalidCode: /*i18n*/ 'Invalid or expired code',
  resetFailed: /*i18n*/ 'Failed to reset password',
  codeSent: /*i18n*/ 'Reset code sent to your email',
  /** Past the per-address limit: the same answer for every address, registered or not. */
  tooManyCodes: /*i18n*/ 'Too many reset codes were asked for this email address. Please wait an hour before asking again.',
  codeVerified: /*i18n*/ 'Code verified successfully',
  passwordReset: /*i18n*/ 'Password reset successfully',
  passwordResetDone: /*i18n*/ 'Password reset successfully! You can now sign in with your new password.',
  passwordsDoNotMatch: /*i18n*/ 'Passwords do not match',
  passwordTooShort: /*i18n*/ 'Password must be at least 6 characters long',
  emailTaken: /*i18n*/ 'An account with this email already exists',
  notAuthenticated: /*i18n*/ 'Not authenticated',
  sessionExpired: SESSION_EXPIRED,
  noToken: /*i18n*/ 'No authentication token found. Please log in again.',
  signedOutEverywhere: /*i18n*/ 'You have been signed out on all devices.',
} as const;
