import { Alert, Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { REPORT_NOTE_MAX, REPORT_REASON_LABELS, REPORT_REASONS, REPORT_TEXTS as T, type ReportReason } from '@/domain/listing/reports';
import type { Vehicle } from '@/domain/listing/vehicle';
import { useReport } from './useReport';
import { knownText, t } from '@/app/shared/i18n/language';

/**
 * The 'Report this listing' dialog (issue 20): a reason and an optional note, sent by a signed-in
 * person. Its code loads when the person first asks to report, not with the listing's page.
 */
export default function ReportDialog({ vehicle, onClose }: { vehicle: Vehicle; onClose(sent: boolean): void }) {
  const { reason, setReason, note, setNote, sending, error, send } = useReport(vehicle, onClose);

  return (
    <Modal opened onClose={() => !sending && onClose(false)} title={<Text fw={750}>{t(T.title)}</Text>} centered>
      <Stack>
        <Radio.Group label={t(T.reasonLabel)} value={reason} onChange={(v) => setReason(v as ReportReason)} withAsterisk>
          <Stack gap="xs" mt="xs">
            {REPORT_REASONS.map((r) => (
              <Radio key={r} value={r} label={t(REPORT_REASON_LABELS[r])} />
            ))}
          </Stack>
        </Radio.Group>
        <Textarea
          label={t(T.noteLabel)}
          placeholder={t(T.notePlaceholder)}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          maxLength={REPORT_NOTE_MAX}
          autosize
          minRows={3}
          description={`${note.length} / ${REPORT_NOTE_MAX}`}
        />
        {error ? (
          <Alert color="red" variant="light" role="alert">
            {knownText(error)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onClose(false)} disabled={sending}>
            {t(T.cancel)}
          </Button>
          <Button color="red" onClick={() => void send()} loading={sending} disabled={!reason}>
            {t(T.send)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
