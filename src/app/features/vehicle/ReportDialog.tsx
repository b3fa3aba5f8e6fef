import { useState } from 'react';
import { HTTPError } from 'ky';
import { Alert, Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { api } from '@/data/api';
import { REPORT_NOTE_MAX, REPORT_REASON_LABELS, REPORT_REASONS, REPORT_TEXTS as T, type ReportReason } from '@/domain/listing/reports';
import type { Vehicle } from '@/domain/listing/vehicle';

/** The server's `detail` for a refused report it explains (already reported, own listing, too many). */
async function refusal(err: unknown): Promise<string | null> {
  if (!(err instanceof HTTPError) || ![403, 409, 429].includes(err.response.status)) return null;
  const body = (await err.response.json().catch(() => null)) as { detail?: unknown } | null;
  return typeof body?.detail === 'string' ? body.detail : null;
}

/**
 * The 'Report this listing' dialog (issue 20): a reason and an optional note, sent by a signed-in
 * person. Its code loads when the person first asks to report, not with the listing's page.
 */
export default function ReportDialog({ vehicle, onClose }: { vehicle: Vehicle; onClose(sent: boolean): void }) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // One key per dialog opening: a retried send after a lost answer gets the first answer back.
  const [key] = useState(() => crypto.randomUUID());

  const send = async () => {
    if (!reason) return;
    setSending(true);
    setError(null);
    try {
      const trimmed = note.trim();
      await api.post(`vehicles/${vehicle.id}/reports`, { json: { reason, ...(trimmed && { note: trimmed }) }, headers: { 'Idempotency-Key': key } });
      onClose(true);
    } catch (err) {
      setError((await refusal(err)) ?? T.failed);
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal opened onClose={() => !sending && onClose(false)} title={<Text fw={750}>{T.title}</Text>} centered>
      <Stack>
        <Radio.Group label={T.reasonLabel} value={reason} onChange={(v) => setReason(v as ReportReason)} withAsterisk>
          <Stack gap="xs" mt="xs">
            {REPORT_REASONS.map((r) => (
              <Radio key={r} value={r} label={REPORT_REASON_LABELS[r]} />
            ))}
          </Stack>
        </Radio.Group>
        <Textarea
          label={T.noteLabel}
          placeholder={T.notePlaceholder}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          maxLength={REPORT_NOTE_MAX}
          autosize
          minRows={3}
          description={`${note.length} / ${REPORT_NOTE_MAX}`}
        />
        {error ? (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onClose(false)} disabled={sending}>
            {T.cancel}
          </Button>
          <Button color="red" onClick={() => void send()} loading={sending} disabled={!reason}>
            {T.send}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
