import { Button, Group, Text } from '@mantine/core';
import { EDIT_STEPS, PAYMENT_STEP, VERIFY_STEP } from '@/domain/listing/listingWizard';
import type { Busy } from './useWizardFlow';
import { t } from '@/app/shared/i18n/language';

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
        {t(/*i18n*/ 'Cancel')}
      </Button>
    ) : (
      <Button variant="default" size="md" onClick={() => go(step - 1)} disabled={busy !== null}>
        {t(/*i18n*/ 'Back')}
      </Button>
    );
  if (editing && step === EDIT_STEPS) {
    return [
      back,
      <Button key="save" size="md" onClick={() => void saveEdit()} loading={busy === 'save'}>
        {t(/*i18n*/ 'Save changes')}
      </Button>,
    ];
  }
  if (step === VERIFY_STEP) {
    return [
      back,
      <Button key="create" size="md" onClick={() => void create(false)} loading={busy === 'create'} disabled={busy === 'free'}>
        {t(/*i18n*/ 'Create listing')}
      </Button>,
    ];
  }
  if (step === PAYMENT_STEP) {
    return [
      <Text key="later" fz="sm" c="dimmed">
        {t(/*i18n*/ 'You can also pay later from your dashboard.')}
      </Text>,
      <Button key="close" size="md" variant="default" onClick={onClose} style={{ flexShrink: 0 }}>
        {t(/*i18n*/ 'Close')}
      </Button>,
    ];
  }
  return [
    back,
    <Button key="next" size="md" onClick={next}>
      {t(/*i18n*/ 'Next')}
    </Button>,
  ];
}
