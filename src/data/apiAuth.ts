// Where the API client finds the signed-in user's token and whom it tells when the server refuses it.
// Apart from the client (api.ts) so the session can register both without loading the client.

let tokenProvider: () => string | null = () => null;
let unauthorizedHandler: (() => void) | null = null;

/** The app says where the signed-in user's token is; src/data cannot import the app's session store. */
export function setAuthTokenProvider(provider: () => string | null): void {
  tokenProvider = provider;
}

/** Called when an authenticated call answers 401: the token has expired or its user is gone. */
export function onUnauthorized(handler: () => void): void {
  unauthorizedHandler = handler;
}

/** The token the next request carries. */
export const authToken = (): string | null => tokenProvider();

/** Tells the app its session's token was refused. */
export const unauthorized = (): void => unauthorizedHandler?.();
