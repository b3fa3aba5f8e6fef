import { useRef } from 'react';
import { Alert, Button, Card, FileButton, Group, Stack, Text, Title } from '@mantine/core';
import { IMPORT_TEXTS as T } from '@/domain/listing/stockImport';
import type { StockImport } from '@/domain/listing/stockImport';
import { t } from '@/app/shared/i18n/language';

/** What a dealer's systems export: a CSV file or an Excel workbook. */
const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The stock file: chosen (and uploaded at once), then named with its number of rows, and chosen again if it was the wrong one. */
export function FilePicker({ file, busy, error, disabled, onFile }: { file: StockImport | null; busy: boolean; error: string | null; disabled: boolean; onFile(file: File): void }) {
  // Cleared after each choice, so choosing the same file again (after changing it) uploads it again.
  const reset = useRef<() => void>(null);
  return (
    <Card padding="lg" component="section" aria-labelledby="import-file-heading">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="import-file-heading">
          {t(T.fileHeading)}
        </Title>
        {file ? (
          <div>
            <Text fw={650} style={{ overflowWrap: 'anywhere' }}>
              {file.file_name}
            </Text>
            <Text fz="sm" c="dimmed">
              {T.fileRows(file.row_count, t)}
            </Text>
          </div>
        ) : (
          <Text fz="sm" c="dimmed">
            {t(T.fileHint)}
          </Text>
        )}
        <Group>
          <FileButton
            resetRef={reset}
            accept={ACCEPT}
            disabled={disabled || busy}
            onChange={(chosen) => {
              reset.current?.();
              if (chosen) onFile(chosen);
            }}
          >
            {(props) => (
              <Button {...props} variant={file ? 'default' : 'filled'} loading={busy} disabled={disabled}>
                {t(file ? T.chooseAnother : T.chooseFile)}
              </Button>
            )}
          </FileButton>
          {busy ? (
            <Text fz="sm" c="dimmed" aria-live="polite">
              {t(T.uploading)}
            </Text>
          ) : null}
        </Group>
        {error ? (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}
