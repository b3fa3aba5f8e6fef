import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { ADMIN_MESSAGES } from '@/domain/core/messages';
import { ADMIN_TEXTS as T, vehicleDeleteFailure, vehicleDetails } from '@/domain/account/admin';
import type { Vehicle } from '@/domain/listing/vehicle';
import { syncNow } from '@/app/shared/sync/syncStore';
import { deleteVehicle, serverDetail } from './adminApi';
import { notify } from '@/app/shared/toasts/toasts';
import { knownText, t } from '@/app/shared/i18n/language';

// Admin delete of a listing (spec section 4): idle -> confirm panel -> deleting -> removed from the list.
// The same steps on the admin table, on result cards and on the detail page.

export type DeletePhase = 'idle' | 'confirm' | 'deleting';
type Target = Pick<Vehicle, 'id' | 'year' | 'make' | 'model'>;

export function useVehicleDelete(vehicle: Target, onDeleted: () => void) {
  const [phase, setPhase] = useState<DeletePhase>('idle');
  const confirm = async () => {
    setPhase('deleting');
    try {
      await deleteVehicle(vehicle.id);
    } catch (err) {
      const detail = await serverDetail(err);
      notify('error', vehicleDeleteFailure(detail && knownText(detail), err instanceof Error ? err.message : String(err), t));
      setPhase('idle');
      return;
    }
    notify('success', ADMIN_MESSAGES.vehicleDeleted(vehicleDetails(vehicle), t));
    onDeleted();
    // The listing leaves every search on this device (also when it was already gone: a 404).
    void syncNow();
  };
  return {
    phase,
    ask: () => setPhase('confirm'),
    cancel: () => setPhase((p) => (p === 'deleting' ? p : 'idle')),
    confirm: () => void confirm(),
  };
}

/** The confirm panel: what is about to go, Cancel (focused, and Escape) and Delete listing. */
export function DeleteConfirmPanel({ vehicle, phase, onCancel, onConfirm }: { vehicle: Target; phase: DeletePhase; onCancel(): void; onConfirm(): void }) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    cancelRef.current?.focus();
  }, []);
  const deleting = phase === 'deleting';
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') onCancel();
  };
  return (
    <Paper role="group" aria-label={t(T.confirmListingTitle)} p="sm" radius="md" bg="red.0" shadow="sm" onKeyDown={onKeyDown} style={{ border: '1px solid var(--mantine-color-red-3)' }}>
      <Text fw={700} fz="sm" c="red.9">
        {t(T.confirmListingTitle)}
      </Text>
      <Text fz="sm" fw={600} mt={2}>
        {vehicleDetails(vehicle)}
      </Text>
      <Text fz="xs" c="dark.4" mt={2}>
        {t(T.confirmListingBody)}
      </Text>
      <Group justify="flex-end" gap="xs" mt="sm" wrap="nowrap">
        <Button ref={cancelRef} size="xs" variant="default" onClick={onCancel} disabled={deleting}>
          {t(T.cancel)}
        </Button>
        <Button size="xs" color="red" onClick={onConfirm} loading={deleting}>
          {t(T.deleteListing)}
        </Button>
      </Group>
    </Paper>
  );
}

export function TrashIcon({ size = 16 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M4 7h16M10 11v6M14 11v6M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
    </svg>
  );
}
