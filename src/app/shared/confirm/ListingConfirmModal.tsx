import { Button, Group, Modal, Text } from '@mantine/core';
import { titleOf } from '@/domain/listing/display';
import { DASHBOARD_TEXTS as T } from '@/domain/listing/dashboard';
import { LISTING_MESSAGES } from '@/domain/core/messages';
import type { Vehicle } from '@/domain/listing/vehicle';
import { t } from '../i18n/language';

/** What each action asks and its button. */
const ACTIONS = {
  sold: { title: T.markSoldTitle, message: T.markSoldConfirm, confirmLabel: T.markSold, color: 'dark' },
  delete: { title: T.deleteTitle, message: LISTING_MESSAGES.deleteConfirm, confirmLabel: T.delete, color: 'red' },
} as const;

/**
 * Asks a seller to confirm an action on one of their listings (delete it, mark it sold), naming the
 * listing; open while `vehicle` is set. It cannot be closed while the action runs.
 */
export function ListingConfirmModal(props: { action: keyof typeof ACTIONS; vehicle: Vehicle | null; busy: boolean; onCancel(): void; onConfirm(): void }) {
  const { vehicle, busy, onCancel } = props;
  const action = ACTIONS[props.action];
  return (
    <Modal opened={vehicle !== null} onClose={() => !busy && onCancel()} title={<Text fw={750}>{t(action.title)}</Text>} centered>
      <Text>{t(action.message)}</Text>
      {vehicle ? (
        <Text fw={650} mt="xs">
          {titleOf(vehicle)}
        </Text>
      ) : null}
      <Group justify="flex-end" gap="sm" mt="lg">
        <Button variant="default" onClick={onCancel} disabled={busy} data-autofocus>
          {t(T.cancel)}
        </Button>
        <Button color={action.color} onClick={props.onConfirm} loading={busy}>
          {t(action.confirmLabel)}
        </Button>
      </Group>
    </Modal>
  );
}
