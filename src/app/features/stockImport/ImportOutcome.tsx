import { Link } from 'react-router-dom';
import { Alert, Button, Card, Group, List, Progress, Stack, Title } from '@mantine/core';
import { IMPORT_TEXTS as T } from '@/domain/listing/stockImport';
import type { StockImport } from '@/domain/listing/stockImport';
import { ImportSummary } from './ImportSummary';
import { useScrolledTo } from './useScrolledTo';
import { t } from '@/app/shared/i18n/language';

function Actions({ onRestart }: { onRestart(): void }) {
  return (
    <Group grow preventGrowOverflow={false} wrap="wrap">
      <Button component={Link} to="/dashboard">
        {t(T.backToDashboard)}
      </Button>
      <Button variant="default" onClick={onRestart}>
        {t(T.importAnother)}
      </Button>
    </Group>
  );
}

/** The import once started: its progress while the server applies it, then what it did, or that it stopped. */
export function ImportOutcome({ file, onRestart }: { file: StockImport; onRestart(): void }) {
  const ref = useScrolledTo<HTMLDivElement>();
  const total = Math.max(file.row_count, 1);
  return (
    <Card ref={ref} padding="lg" component="section" aria-labelledby="import-outcome-heading">
      {file.state === 'applying' ? (
        <Stack gap="sm">
          <Title order={2} fz="lg" id="import-outcome-heading" aria-live="polite">
            {T.importing(file.done, file.row_count, t)}
          </Title>
          <Progress value={(100 * file.done) / total} size="lg" radius="xl" animated striped aria-label={T.importing(file.done, file.row_count, t)} />
        </Stack>
      ) : file.state === 'done' ? (
        <Stack gap="md">
          <Title order={2} fz="lg" id="import-outcome-heading" role="status">
            {t(T.finished)}
          </Title>
          {file.summary ? <ImportSummary summary={file.summary} done /> : null}
          <List fz="sm" c="dimmed" spacing={4}>
            <List.Item>{t(T.drafts)}</List.Item>
            <List.Item>{t(T.photos)}</List.Item>
          </List>
          <Actions onRestart={onRestart} />
        </Stack>
      ) : (
        <Stack gap="md">
          <Title order={2} fz="lg" id="import-outcome-heading">
            {t(T.failedHeading)}
          </Title>
          <Alert color="red" variant="light" role="alert">
            {t(T.failed)}
          </Alert>
          <Actions onRestart={onRestart} />
        </Stack>
      )}
    </Card>
  );
}
