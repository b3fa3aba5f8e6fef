// Texts of the account's navigation (spec 2.2). Every screen's shell draws the navigation, so only its
// words live here: the auth dialog's, the password reset's and the sign-in gate's are in
// authDialogTexts.ts, the sign-out-everywhere dialog's in signOutTexts.ts and the contact buttons of a
// listing (2.7) in contactTexts.ts, each loaded with the screens that show them.

export const ACCOUNT_NAV_TEXTS = {
  welcome: /*i18n*/ 'Welcome, ',
  adminMarker: /*i18n*/ '(Admin)',
  mobileAdminMarker: /*i18n*/ 'Administrator',
  account: /*i18n*/ 'Account',
  myProfile: /*i18n*/ 'My Profile',
  myListings: /*i18n*/ 'My Listings',
  savedSearches: /*i18n*/ 'Saved searches',
  /** Issue 37's conversations (not in the spec's menu). */
  messages: /*i18n*/ 'Messages',
  adminPanel: /*i18n*/ 'Admin Panel',
  adminLink: /*i18n*/ 'Admin',
  signIn: /*i18n*/ 'Sign In',
  signUp: /*i18n*/ 'Sign Up',
  signOut: /*i18n*/ 'Sign Out',
  signOutEverywhere: /*i18n*/ 'Sign out on all devices',
} as const;
