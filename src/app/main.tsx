import '@mantine/core/styles.css';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { applyAppStyles } from './appStyles';
import { registerServiceWorker } from './sw/registerServiceWorker';

// The page's opening screen (its HTML, src/app/openingScreen.ts) stays until the app's stylesheet
// has loaded; the first render then draws the shell (and on / the hero) in its place, with the
// startup spinner where the screen goes until its code is here. That render is a transition: React
// renders it in slices and yields to the browser between them, so a slow phone stays responsive
// (input, paint) while the first screen is built.
void applyAppStyles().then(() => startTransition(() => createRoot(document.getElementById('root')!).render(<App />)));
registerServiceWorker();
