import { useEffect } from 'react';
import { Alert, Stack } from '@mantine/core';
import { useSnapshot } from 'valtio';
import { NAV_HEIGHT_PX } from '@/domain/core/constants';
import { removeToast, showNoticeKeptOverReload, toastStore } from '@/app/shared/toasts/toasts';
import { t } from '@/app/shared/i18n/language';

/** The admin alerts, just under the top bar, above whatever screen the admin is on. */
export default function AdminNotices() {
  const notices = useSnapshot(toastStore).toasts.filter((n) => n.place === 'admin');
  useEffect(() => {
    showNoticeKeptOverReload();
  }, []);
  return (
    <Stack
      gap="xs"
      pos="fixed"
      top={NAV_HEIGHT_PX + 12}
      left="50%"
      w="min(560px, calc(100vw - 24px))"
      style={{ transform: 'translateX(-50%)', zIndex: 400, pointerEvents: notices.length ? 'auto' : 'none' }}
      aria-live="polite"
    >
      {notices.map((n) => (
        <Alert
          key={n.id}
          color={n.kind === 'success' ? 'brand' : 'red'}
          variant="filled"
          radius="md"
          withCloseButton
          closeButtonLabel={t(/*i18n*/ 'Dismiss')}
          onClose={() => removeToast(n.id)}
          role={n.kind === 'error' ? 'alert' : 'status'}
          data-notice={n.kind}
          style={{ boxShadow: 'var(--mantine-shadow-lg)' }}
        >
          {n.text}
        </Alert>
      ))}
    </Stack>
  );
}
