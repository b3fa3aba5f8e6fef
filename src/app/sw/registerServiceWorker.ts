import { proxy } from 'valtio';

/** Set when a new version has been installed and waits; the app offers to reload instead of swapping code under the user. */
export const updateStore = proxy({ waiting: false, apply: () => {} });

/**
 * Registers the service worker once the page has loaded (as workbox-window would wait anyway), and
 * loads workbox-window only then: it is not part of the first screen.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const register = async () => {
    const { Workbox } = await import('workbox-window');
    const wb = new Workbox('/service-worker.js');
    wb.addEventListener('waiting', () => {
      updateStore.waiting = true;
      updateStore.apply = () => {
        wb.addEventListener('controlling', () => window.location.reload());
        wb.messageSkipWaiting();
      };
    });
    await wb.register({ immediate: true });
  };
  const start = () => register().catch((err: unknown) => console.warn('service worker not registered', err));
  if (document.readyState === 'complete') void start();
  else window.addEventListener('load', () => void start(), { once: true });
}
