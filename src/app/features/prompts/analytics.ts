// First-party page-view counting, the one analytics code of the app. PromptsHost imports this file
// (a chunk of its own) only while the saved consent has analytics on, so without that consent this
// code is never even downloaded. It sends no identifier and sets nothing on the device: a page view
// is the route's path (never its query, which can hold a search), the time and the screen's width class.
import { MOBILE_BREAKPOINT_PX } from '@/domain/core/constants';

export const ANALYTICS_ENDPOINT = '/api/events';

export function recordPageView(path: string): void {
  // Offline the beacon could not leave; a page view is not worth queueing on a metered connection.
  if (!navigator.onLine) return;
  const body = JSON.stringify({
    events: [{ type: 'page_view', path, at: new Date().toISOString(), screen: window.innerWidth < MOBILE_BREAKPOINT_PX ? 'phone' : 'wide' }],
  });
  const blob = new Blob([body], { type: 'application/json' });
  // A beacon survives the page being closed and never delays what the user does next.
  if (navigator.sendBeacon?.(ANALYTICS_ENDPOINT, blob)) return;
  void fetch(ANALYTICS_ENDPOINT, { method: 'POST', body, headers: { 'content-type': 'application/json' }, keepalive: true }).catch(() => undefined);
}
