import { Notification, Stack, Transition } from '@mantine/core';
import { useSnapshot } from 'valtio';
import { NAV_HEIGHT_PX } from '@/domain/core/constants';
import { hideToast, removeToast, toastStore } from './toasts';
import { t } from '../i18n/language';

/** The page's toasts (the dashboard's, the payment page's), under the top bar; each slides away after the toast time or when closed. */
export function Toasts() {
  const toasts = useSnapshot(toastStore).toasts.filter((toast) => toast.place === 'page');
  return (
    <Stack gap="xs" pos="fixed" top={NAV_HEIGHT_PX + 12} right={12} w="min(420px, calc(100vw - 24px))" style={{ zIndex: 400, pointerEvents: 'none' }} aria-live="polite">
      {toasts.map((toast) => (
        <Transition key={toast.id} mounted={toast.visible} transition="slide-left" duration={200} onExited={() => removeToast(toast.id)}>
          {(style) => (
            <Notification
              style={{ ...style, pointerEvents: 'auto', boxShadow: 'var(--mantine-shadow-lg)' }}
              color={toast.kind === 'success' ? 'green' : 'red'}
              withBorder
              role={toast.kind === 'error' ? 'alert' : 'status'}
              data-toast={toast.kind}
              closeButtonProps={{ 'aria-label': t(/*i18n*/ 'Dismiss') }}
              onClose={() => hideToast(toast.id)}
            >
              {toast.text}
            </Notification>
          )}
        </Transition>
      ))}
    </Stack>
  );
}
