import { useState } from 'react';
import { Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { STOCK_API_TEXTS as T } from '@/domain/account/stockApi';
import type { ApiKey } from '@/domain/account/stockApi';
import { currentLanguage, t } from '@/app/shared/i18n/language';
import { dateText } from '@/domain/i18n/format';

const dayText = (iso: string) => dateText(iso, { day: 'numeric', month: 'short', year: 'numeric' }, currentLanguage());

function KeyRow({ apiKey, busy, onRevoke }: { apiKey: ApiKey; busy: boolean; onRevoke(): void }) {
  return (
    <Stack component="li" gap={2} py="xs" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Group justify="space-between" align="center" wrap="nowrap" gap="sm">
        <Text fw={600} fz="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {apiKey.name}
        </Text>
        <Button size="xs" variant="light" color="red" disabled={busy} onClick={onRevoke} aria-label={`${t(T.revoke)}: ${apiKey.name}`} style={{ flexShrink: 0 }}>
          {t(T.revoke)}
        </Button>
      </Group>
      <Text fz="xs" c="dimmed">
        {t(T.scopes[apiKey.scope])}
      </Text>
      <Text fz="xs" c="dimmed">
        <Code fz="xs">{apiKey.prefix}…</Code> · {apiKey.last_used_at ? t(/*i18n*/ 'Last used {date}', { date: dayText(apiKey.last_used_at) }) : t(T.neverUsed)}
      </Text>
    </Stack>
  );
}

/** The dealer's API keys, newest first, each with a 'Revoke' that asks first (a Modal). */
export function ApiKeyList({ keys, busy, onRevoke }: { keys: readonly ApiKey[]; busy: boolean; onRevoke(id: string): Promise<boolean> }) {
  const [asking, setAsking] = useState<ApiKey | null>(null);
  const close = () => setAsking(null);
  const confirm = async () => {
    if (asking && (await onRevoke(asking.id))) close();
  };
  if (keys.length === 0)
    return (
      <Text fz="sm" c="dimmed">
        {t(T.noKeys)}
      </Text>
    );
  return (
    <>
      <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none', borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        {keys.map((k) => (
          <KeyRow key={k.id} apiKey={k} busy={busy} onRevoke={() => setAsking(k)} />
        ))}
      </Stack>
      <Modal opened={asking !== null} onClose={close} title={asking ? `${t(T.revoke)}: ${asking.name}` : t(T.revoke)} centered>
        <Text fz="sm">{t(T.revokeConfirm)}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={close} disabled={busy}>
            {t(T.cancel)}
          </Button>
          <Button color="red" onClick={() => void confirm()} loading={busy}>
            {t(T.revoke)}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
