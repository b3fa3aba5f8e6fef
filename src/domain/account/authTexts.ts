// Texts of the account's navigation (spec 2.2). Every screen's shell draws the navigation, so only its
// words live here: the auth dialog's, the password reset's and the sign-in gate's are in
// authDialogTexts.ts, the sign-out-everywhere dialog's in signOutTexts.ts and the contact buttons of a
// listing (2.7) in contactTexts.ts, each loaded with the screens that show them.

export const ACCOUNT_NAV_TEXTS = {
  welcome: 'Welcome, ',
  adminMarker: '(Admin)',
  mobileAdminMarker: 'Administrator',
  account: 'Account',
  myProfile: 'My Profile',
  myListings: 'My Listings',
  savedSearches: 'Saved searches',
  /** Issue 37's conversations (not in the spec's menu). */
  messages: 'Messages',
  adminPanel: 'Admin Panel',
  adminLink: 'Admin',
  signIn: 'Sign In',
  signUp: 'Sign Up',
  signOut: 'Sign Out',
  signOutEverywhere: 'Sign out on all devices',
} as const;
