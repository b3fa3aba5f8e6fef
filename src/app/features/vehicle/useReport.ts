import { useState } from 'react';
import { HTTPError } from 'ky';
import { api } from '@/data/api';
import { REPORT_TEXTS as T, type ReportReason } from '@/domain/listing/reports';
import type { Vehicle } from '@/domain/listing/vehicle';

/** The server's `detail` for a refused report it explains (already reported, own listing, too many). */
async function refusal(err: unknown): Promise<string | null> {
  if (!(err instanceof HTTPError) || ![403, 409, 429].includes(err.response.status)) return null;
  const body = (await err.response.json().catch(() => null)) as { detail?: unknown } | null;
  return typeof body?.detail === 'string' ? body.detail : null;
}

/**
 * A report of a listing as the dialog fills it in (a reason, an optional note) and sends it: once
 * sent, `onClose(true)`; refused or failed, the reason why to show.
 */
export function useReport(vehicle: Vehicle, onClose: (sent: boolean) => void) {
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

  return { reason, setReason, note, setNote, sending, error, send };
}
