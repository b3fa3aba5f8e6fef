import '@mantine/core/styles.css';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, firstScreenReady } from './App';
import { applyAppStyles } from './appStyles';
import { registerServiceWorker } from './sw/registerServiceWorker';

// The page's opening screen (its HTML, src/app/openingScreen.ts) stays until the screen's code and
// the app's stylesheet have loaded; the first render then draws the screen itself in its place.
// That render is a transition: React renders it in slices and yields to the browser between them,
// so a slow phone stays responsive (input, paint) while the first screen is built.
void Promise.all([firstScreenReady, applyAppStyles()]).then(() => startTransition(() => createRoot(document.getElementById('root')!).render(<App />)));
registerServiceWorker();
