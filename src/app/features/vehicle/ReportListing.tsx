import { useState } from 'react';
import { HTTPError } from 'ky';
import { Alert, Anchor, Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { api } from '../../../data/api';
import { REPORT_NOTE_MAX, REPORT_REASON_LABELS, REPORT_REASONS, REPORT_TEXTS as T, type ReportReason } from '../../../domain/reports';
import type { Vehicle } from '../../../domain/vehicle';
import { authDialog } from '../../shared/session/authDialogStore';
import { useSession } from '../../shared/session/session';

/** The server's `detail` for a refused report it explains (already reported, own listing, too many). */
async function refusal(err: unknown): Promise<string | null> {
  if (!(err instanceof HTTPError) || ![403, 409, 429].includes(err.response.status)) return null;
  const body = (await err.response.json().catch(() => null)) as { detail?: unknown } | null;
  return typeof body?.detail === 'string' ? body.detail : null;
}

/**
 * 'Report this listing' on a listing's page (issue 20): a reason and an optional note, sent by a
 * signed-in person (a visitor is asked to sign in first). Loaded only for people other than its seller.
 */
export default function ReportListing({ vehicle }: { vehicle: Vehicle }) {
  const { signedIn } = useSession();
  const [opened, setOpened] = useState(false);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  // One key per dialog opening: a retried send after a lost answer gets the first answer back.
  const [key, setKey] = useState('');

  const open = () => {
    if (!signedIn) {
      authDialog.open('signin');
      return;
    }
    setError(null);
    setKey(crypto.randomUUID());
    setOpened(true);
  };

  const send = async () => {
    if (!reason) return;
    setSending(true);
    setError(null);
    try {
      const trimmed = note.trim();
      await api.post(`vehicles/${vehicle.id}/reports`, { json: { reason, ...(trimmed && { note: trimmed }) }, headers: { 'Idempotency-Key': key } });
      setOpened(false);
      setReason(null);
      setNote('');
      setSent(true);
    } catch (err) {
      setError((await refusal(err)) ?? T.failed);
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <Anchor component="button" type="button" fz="sm" c="dimmed" onClick={open} style={{ alignSelf: 'flex-start' }}>
        {signedIn ? T.link : T.signIn}
      </Anchor>
      {sent ? (
        <Text fz="sm" c="brand.8" role="status">
          {T.sent}
        </Text>
      ) : null}
      <Modal opened={opened} onClose={() => !sending && setOpened(false)} title={<Text fw={750}>{T.title}</Text>} centered>
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
            <Button variant="default" onClick={() => setOpened(false)} disabled={sending}>
              {T.cancel}
            </Button>
            <Button color="red" onClick={() => void send()} loading={sending} disabled={!reason}>
              {T.send}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
