import { Alert, Button, Card, Checkbox, Divider, Stack, Text, Title } from '@mantine/core';
import { IMPORT_TEXTS as T } from '@/domain/listing/stockImport';
import { ColumnMapping } from './ColumnMapping';
import { FilePicker } from './FilePicker';
import { ImportOutcome } from './ImportOutcome';
import { ImportSummary } from './ImportSummary';
import { useScrolledTo } from './useScrolledTo';
import { useStockImport, type ImportStep, type StockImportState } from './useStockImport';
import { t } from '@/app/shared/i18n/language';

function StepError({ state, step }: { state: StockImportState; step: ImportStep }) {
  return state.error?.step === step ? (
    <Alert color="red" variant="light" role="alert">
      {state.error.text}
    </Alert>
  ) : null;
}

/** The dry run's answer and the button that imports what it found. */
function Checked({ state }: { state: StockImportState }) {
  const ref = useScrolledTo<HTMLDivElement>();
  const summary = state.checked!;
  const changes = summary.add + summary.update;
  return (
    <Card ref={ref} padding="lg" component="section" aria-labelledby="import-summary-heading">
      <Stack gap="md">
        <Title order={2} fz="lg" id="import-summary-heading">
          {t(T.summaryHeading)}
        </Title>
        <ImportSummary summary={summary} done={false} />
        {changes + summary.remove > 0 ? (
          <Button size="md" onClick={state.apply} loading={state.busy === 'apply'} disabled={!state.online}>
            {changes ? T.importVehicles(changes, t) : T.markVehiclesSold(summary.remove, t)}
          </Button>
        ) : (
          <Text fz="sm">{t(T.nothingToImport)}</Text>
        )}
        <StepError state={state} step="apply" />
      </Stack>
    </Card>
  );
}

/** The import, step by step: the file, its columns matched, the dry run, then the import and what it did. */
export function ImportSteps() {
  const state = useStockImport();
  const { file, phase, busy } = state;
  return (
    <Stack gap="lg">
      {state.online ? null : (
        <Alert color="yellow" variant="light">
          {t(T.offline)}
        </Alert>
      )}
      {phase === 'choose' || phase === 'map' ? (
        <FilePicker file={file} busy={busy === 'upload'} error={state.error?.step === 'upload' ? state.error.text : null} disabled={!state.online || busy !== null} onFile={state.upload} />
      ) : null}
      {phase === 'map' && file ? (
        <Card padding="lg" component="section" aria-labelledby="import-mapping-heading">
          <Stack gap="md">
            <div>
              <Title order={2} fz="lg" id="import-mapping-heading">
                {t(T.mappingHeading)}
              </Title>
              <Text fz="sm" c="dimmed" mt={4}>
                {t(T.mappingIntro)}
              </Text>
            </div>
            <ColumnMapping file={file} mapping={state.mapping} disabled={busy !== null} onChoose={state.choose} />
            <Divider />
            <Checkbox label={t(T.markSold)} description={t(T.markSoldHint)} checked={state.markSold} disabled={busy !== null} onChange={(e) => state.chooseMarkSold(e.currentTarget.checked)} />
            <Button size="md" variant={state.checked ? 'default' : 'filled'} onClick={state.check} loading={busy === 'check'} disabled={!state.online || (busy !== null && busy !== 'check')}>
              {t(T.check)}
            </Button>
            {state.checked ? null : (
              <Text fz="xs" c="dimmed" ta="center" mt={-8}>
                {t(T.checkHint)}
              </Text>
            )}
            <StepError state={state} step="check" />
          </Stack>
        </Card>
      ) : null}
      {phase === 'map' && state.checked ? <Checked state={state} /> : null}
      {file && (phase === 'applying' || phase === 'done' || phase === 'failed') ? <ImportOutcome file={file} onRestart={state.restart} /> : null}
    </Stack>
  );
}
