import { Workbox } from 'workbox-window';
import { proxy } from 'valtio';

/** Set when a new version has been installed and waits; the app offers to reload instead of swapping code under the user. */
export const updateStore = proxy({ waiting: false, apply: () => {} });

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const wb = new Workbox('/service-worker.js');
  wb.addEventListener('waiting', () => {
    updateStore.waiting = true;
    updateStore.apply = () => {
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    };
  });
  wb.register().catch((err: unknown) => console.warn('service worker not registered', err));
}
