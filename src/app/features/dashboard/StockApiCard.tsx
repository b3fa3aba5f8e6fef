import { Link } from 'react-router-dom';
import { Anchor, Button, Card, Divider, Loader, Stack, Text, Title } from '@mantine/core';
import { STOCK_API_TEXTS as T } from '@/domain/account/stockApi';
import { IMPORT_TEXTS } from '@/domain/listing/stockImport';
import { ApiKeyList } from './ApiKeyList';
import { NewApiKeyForm } from './NewApiKeyForm';
import { WebhookForm } from './WebhookForm';
import { useApiKeys } from './useApiKeys';
import { useWebhook } from './useWebhook';
import { t } from '@/app/shared/i18n/language';

/** A dealer's Stock API (issue 38): the API keys their own software signs in with, and the webhook address that hears of their listings. */
export function StockApiCard() {
  const keys = useApiKeys();
  const webhook = useWebhook();
  return (
    <Card padding="lg" component="section" aria-labelledby="stock-api-heading">
      <Title order={2} fz="lg" id="stock-api-heading">
        {t(T.title)}
      </Title>
      <Text fz="sm" c="dimmed" mt="xs">
        {t(T.intro)}
      </Text>
      <Anchor href="/api/docs" target="_blank" rel="noopener" fz="sm" fw={650} mt={4} display="inline-block">
        {t(T.docs)}
      </Anchor>
      <Button component={Link} to="/dashboard/import" variant="light" fullWidth mt="md">
        {t(IMPORT_TEXTS.link)}
      </Button>
      <Divider my="md" />
      <Stack gap="sm">
        <Title order={3} fz="md">
          {t(T.keysHeading)}
        </Title>
        {keys.loading ? <Loader size="sm" /> : keys.keys ? <ApiKeyList keys={keys.keys} busy={keys.busy} onRevoke={keys.revoke} /> : null}
        <NewApiKeyForm created={keys.created} busy={keys.busy} onCreate={keys.create} onDone={keys.dismiss} />
      </Stack>
      <Divider my="md" />
      <WebhookForm webhook={webhook} />
    </Card>
  );
}
