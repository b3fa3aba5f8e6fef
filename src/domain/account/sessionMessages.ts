// The one text of spec section 8 that the first screen's session code shows (a token the server
// refused), apart from the other sign-in messages (authMessages.ts, which names it too).

export const SESSION_EXPIRED = /*i18n*/ 'Your session has expired. Please sign in again.';
