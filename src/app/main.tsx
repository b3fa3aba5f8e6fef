import './mantineStyles';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { registerServiceWorker } from './sw/registerServiceWorker';

// The first render replaces the page's startup text (on /, its opening screen: openingScreen.ts)
// with the shell (and on / the same hero), with the startup spinner where the screen goes until its
// code is here. That render is a transition: React renders it in slices and yields to the browser
// between them, so a slow phone stays responsive (input, paint) while the first screen is built.
startTransition(() => createRoot(document.getElementById('root')!).render(<App />));
registerServiceWorker();
