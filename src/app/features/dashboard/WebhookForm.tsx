import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { STOCK_API_TEXTS as T } from '@/domain/account/stockApi';
import { CopyField } from './CopyField';
import type { WebhookState } from './useWebhook';
import { t } from '@/app/shared/i18n/language';

/** The webhook's address, saved or removed; after a save, its signing secret, shown this once. */
export function WebhookForm({ webhook: w }: { webhook: WebhookState }) {
  return (
    <Stack gap="sm">
      <Title order={3} fz="md">
        {t(T.webhookHeading)}
      </Title>
      <Text fz="sm" c="dimmed">
        {t(T.webhookIntro)}
      </Text>
      <form
        onSubmit={(ev) => {
          ev.preventDefault();
          void w.save();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t(T.webhookUrl)}
            type="url"
            inputMode="url"
            placeholder="https://"
            value={w.url}
            onChange={(e) => w.setUrl(e.currentTarget.value)}
            error={w.error}
            disabled={w.loading}
            required
            maxLength={500}
            autoComplete="url"
            spellCheck={false}
          />
          <Group gap="xs" wrap="nowrap">
            <Button type="submit" loading={w.busy} disabled={!w.url.trim() || w.loading} style={{ flex: 1 }}>
              {t(T.webhookSave)}
            </Button>
            {w.savedUrl ? (
              <Button variant="light" color="red" onClick={() => void w.remove()} disabled={w.busy}>
                {t(T.webhookRemove)}
              </Button>
            ) : null}
          </Group>
        </Stack>
      </form>
      {w.secret ? (
        <Alert color="brand" variant="light" p="sm" styles={{ body: { minWidth: 0 } }}>
          <Stack gap="sm">
            <CopyField id="webhook-secret" label={t(T.webhookSecret)} value={w.secret} mono />
            <Group justify="flex-end">
              <Button variant="default" size="xs" onClick={w.dismissSecret}>
                {t(T.done)}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
    </Stack>
  );
}
