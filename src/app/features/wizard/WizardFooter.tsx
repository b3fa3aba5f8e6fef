import { Button, Group, Text } from '@mantine/core';
import { EDIT_STEPS, PAYMENT_STEP, VERIFY_STEP } from '@/domain/listing/listingWizard';
import type { Busy } from './useWizardFlow';

interface Props {
  step: number;
  editing: boolean;
  busy: Busy;
  onClose(): void;
  go(step: number): void;
  next(): void;
  saveEdit(): Promise<void>;
  create(free: boolean): Promise<void>;
}

/** The wizard's sticky footer: Cancel or Back, and the step's action (Next, Create listing, Save changes, Close). */
export function WizardFooter(props: Props) {
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      gap="sm"
      py="md"
      mt="xs"
      style={{ position: 'sticky', bottom: 0, zIndex: 2, background: 'var(--mantine-color-body)', borderTop: '1px solid var(--mantine-color-gray-2)' }}
    >
      {footerButtons(props)}
    </Group>
  );
}

function footerButtons({ step, editing, busy, onClose, go, next, saveEdit, create }: Props) {
  const back =
    step === 1 ? (
      <Button variant="default" size="md" onClick={onClose}>
        Cancel
      </Button>
    ) : (
      <Button variant="default" size="md" onClick={() => go(step - 1)} disabled={busy !== null}>
        Back
      </Button>
    );
  if (editing && step === EDIT_STEPS) {
    return [
      back,
      <Button key="save" size="md" onClick={() => void saveEdit()} loading={busy === 'save'}>
        Save changes
      </Button>,
    ];
  }
  if (step === VERIFY_STEP) {
    return [
      back,
      <Button key="create" size="md" onClick={() => void create(false)} loading={busy === 'create'} disabled={busy === 'free'}>
        Create listing
      </Button>,
    ];
  }
  if (step === PAYMENT_STEP) {
    return [
      <Text key="later" fz="sm" c="dimmed">
        You can also pay later from your dashboard.
      </Text>,
      <Button key="close" size="md" variant="default" onClick={onClose} style={{ flexShrink: 0 }}>
        Close
      </Button>,
    ];
  }
  return [
    back,
    <Button key="next" size="md" onClick={next}>
      Next
    </Button>,
  ];
}
