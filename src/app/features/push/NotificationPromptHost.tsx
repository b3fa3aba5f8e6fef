import { lazy, Suspense } from 'react';
import { useKeepPushSubscription, useNotificationPromptDue } from './pushGate';

const NotificationPrompt = lazy(() => import('./NotificationPrompt'));

/** The notification prompt's code loads only once it is due (spec section 4: 10 s after load). */
export function NotificationPromptHost() {
  useKeepPushSubscription();
  if (!useNotificationPromptDue()) return null;
  return (
    <Suspense fallback={null}>
      <NotificationPrompt />
    </Suspense>
  );
}
