import { Button, Group, Modal, Text } from '@mantine/core';
import { titleOf } from '../../../domain/display';
import type { Vehicle } from '../../../domain/vehicle';

/**
 * Asks a seller to confirm an action on one of their listings (delete it, mark it sold), naming the
 * listing; open while `vehicle` is set. It cannot be closed while the action runs.
 */
export function ListingConfirmModal(props: {
  vehicle: Vehicle | null;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  color: string;
  busy: boolean;
  onCancel(): void;
  onConfirm(): void;
}) {
  const { vehicle, busy, onCancel } = props;
  return (
    <Modal opened={vehicle !== null} onClose={() => !busy && onCancel()} title={<Text fw={750}>{props.title}</Text>} centered>
      <Text>{props.message}</Text>
      {vehicle ? (
        <Text fw={650} mt="xs">
          {titleOf(vehicle)}
        </Text>
      ) : null}
      <Group justify="flex-end" gap="sm" mt="lg">
        <Button variant="default" onClick={onCancel} disabled={busy} data-autofocus>
          {props.cancelLabel}
        </Button>
        <Button color={props.color} onClick={props.onConfirm} loading={busy}>
          {props.confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
