import './mantineStyles';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { registerServiceWorker } from './shared/sw/registerServiceWorker';
import { startSync } from './shared/sync/syncStore';
import { startLanguage } from './shared/i18n/languageStart';

// The first render replaces the page's startup text (on /, its opening screen: openingScreen.ts)
// with the shell (and on / the same hero), with the startup spinner where the screen goes until its
// code is here. That render is a transition: React renders it in slices and yields to the browser
// between them, so a slow phone stays responsive (input, paint) while the first screen is built.
// The device's listings load in the worker while the first screen renders, not after it: on a slow
// phone that render is the better part of a second, and an offline start waits on both.
void startSync();
// A person who reads Shona or isiNdebele gets the app in it from the first render: its texts (a small
// module, kept offline once fetched) come first. English needs nothing fetched.
void startLanguage().then(() => startTransition(() => createRoot(document.getElementById('root')!).render(<App />)));
registerServiceWorker();
