import { Notification, Stack, Transition } from '@mantine/core';
import { useSnapshot } from 'valtio';
import { NAV_HEIGHT_PX } from '@/domain/core/constants';
import { hideToast, removeToast, toastStore } from './toasts';

/** The page's toasts (the dashboard's, the payment page's), under the top bar; each slides away after the toast time or when closed. */
export function Toasts() {
  const toasts = useSnapshot(toastStore).toasts.filter((t) => t.place === 'page');
  return (
    <Stack gap="xs" pos="fixed" top={NAV_HEIGHT_PX + 12} right={12} w="min(420px, calc(100vw - 24px))" style={{ zIndex: 400, pointerEvents: 'none' }} aria-live="polite">
      {toasts.map((t) => (
        <Transition key={t.id} mounted={t.visible} transition="slide-left" duration={200} onExited={() => removeToast(t.id)}>
          {(style) => (
            <Notification
              style={{ ...style, pointerEvents: 'auto', boxShadow: 'var(--mantine-shadow-lg)' }}
              color={t.kind === 'success' ? 'green' : 'red'}
              withBorder
              role={t.kind === 'error' ? 'alert' : 'status'}
              data-toast={t.kind}
              closeButtonProps={{ 'aria-label': 'Dismiss' }}
              onClose={() => hideToast(t.id)}
            >
              {t.text}
            </Notification>
          )}
        </Transition>
      ))}
    </Stack>
  );
}
