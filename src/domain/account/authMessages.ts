// The sign-in, sign-up and password-reset texts of spec section 8 that both the server (as `detail`)
// and the app show, quoted word for word. A module of their own: the auth dialog's code reads them, and
// so carries these texts only, not every message of messages.ts (the first screen's session code reads
// only sessionMessages.ts).
import { SESSION_EXPIRED } from './sessionMessages';

export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid credentials',
  signInFailed: 'Sign in failed',
  signInError: 'An error occurred during sign in',
  registrationFailed: 'Registration failed',
  registrationError: 'An error occurred during registration',
  sendCodeFailed: 'Failed to send reset code',
  genericError: 'An error occurred. Please try again.',
  invalidCode: 'Invalid or expired code',
  resetFailed: 'Failed to reset password',
  codeSent: 'Reset code sent to your email',
  /** Past the per-address limit: the same answer for every address, registered or not. */
  tooManyCodes: 'Too many reset codes were asked for this email address. Please wait an hour before asking again.',
  codeVerified: 'Code verified successfully',
  passwordReset: 'Password reset successfully',
  passwordResetDone: 'Password reset successfully! You can now sign in with your new password.',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: 'Password must be at least 6 characters long',
  emailTaken: 'An account with this email already exists',
  notAuthenticated: 'Not authenticated',
  sessionExpired: SESSION_EXPIRED,
  noToken: 'No authentication token found. Please log in again.',
  signedOutEverywhere: 'You have been signed out on all devices.',
} as const;
