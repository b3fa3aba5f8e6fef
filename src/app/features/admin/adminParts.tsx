import type { ReactNode } from 'react';
import { Alert, Button, Group, Text, Title } from '@mantine/core';
import { ADMIN_TEXTS as T, type AdminLoadName } from '@/domain/account/admin';
import { INTL_LOCALE } from '@/domain/i18n/languages';
import { currentLanguage, t } from '@/app/shared/i18n/language';

/** A tab's heading line: what it lists, how many, and a refresh. */
export function TabHeader({ title, summary, onRefresh, refreshing }: { title: string; summary?: ReactNode; onRefresh(): void; refreshing: boolean }) {
  return (
    <Group justify="space-between" align="flex-end" mb="md" gap="xs">
      <div>
        <Title order={2} fz="h3">
          {title}
        </Title>
        {summary ? (
          <Text fz="sm" c="dimmed" aria-live="polite">
            {summary}
          </Text>
        ) : null}
      </div>
      <Button variant="default" size="xs" onClick={onRefresh} loading={refreshing}>
        {t(T.refresh)}
      </Button>
    </Group>
  );
}

export function LoadFailed({ what, onRetry }: { what: AdminLoadName; onRetry(): void }) {
  return (
    <Alert color="red" variant="light" mb="md">
      <Group justify="space-between" gap="xs">
        <Text fz="sm">{T.loadFailed(what, t)}</Text>
        <Button size="xs" variant="white" color="red" onClick={onRetry}>
          {t(T.tryAgain)}
        </Button>
      </Group>
    </Alert>
  );
}

/** A date as the admin tables show it, in the app's language (English: '3 Mar 2025'). */
export const shortDate = (iso: string) => new Date(iso).toLocaleDateString(INTL_LOCALE[currentLanguage()], { day: 'numeric', month: 'short', year: 'numeric' });
