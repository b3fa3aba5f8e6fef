import type { ReactNode } from 'react';
import { Alert, Button, Group, Text, Title } from '@mantine/core';
import { ADMIN_TEXTS as T } from '@/domain/account/admin';

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
        {T.refresh}
      </Button>
    </Group>
  );
}

export function LoadFailed({ what, onRetry }: { what: string; onRetry(): void }) {
  return (
    <Alert color="red" variant="light" mb="md">
      <Group justify="space-between" gap="xs">
        <Text fz="sm">{T.loadFailed(what)}</Text>
        <Button size="xs" variant="white" color="red" onClick={onRetry}>
          {T.tryAgain}
        </Button>
      </Group>
    </Alert>
  );
}

export const shortDate = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
