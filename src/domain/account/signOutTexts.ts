// The sign-out-everywhere dialog's texts, loaded with the dialog (the menu entry's label is in authTexts.ts).

export const SIGN_OUT_EVERYWHERE_TEXTS = {
  title: /*i18n*/ 'Sign out on all devices?',
  body: /*i18n*/ 'You will be signed out here and on every phone, tablet or computer where you are signed in, for example after losing a phone. Listings waiting on a device to be sent are kept there until you sign in again.',
  confirm: /*i18n*/ 'Sign out everywhere',
  failed: /*i18n*/ 'Could not reach Motokari to sign you out everywhere. Check your connection and try again.',
  cancel: /*i18n*/ 'Cancel',
} as const;
