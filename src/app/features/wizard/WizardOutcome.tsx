import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import type { Outcome } from './useWizardFlow';
import { t } from '@/app/shared/i18n/language';

/** How the wizard ended (created, paid, saved, or queued for later), with Done to close it. */
export function WizardOutcome({ outcome, onClose }: { outcome: Outcome; onClose(): void }) {
  return (
    <Stack align="center" ta="center" gap="md" py={48} px="md" role="status">
      <ThemeIcon size={64} radius="xl" color={outcome.kind === 'success' ? 'brand' : 'blue'} variant="light">
        <Text fz={32} fw={700} aria-hidden>
          {outcome.kind === 'success' ? '✓' : 'i'}
        </Text>
      </ThemeIcon>
      <Text fz="lg" fw={600} maw={520}>
        {outcome.text}
      </Text>
      <Button size="md" onClick={onClose} mb="lg">
        {t(/*i18n*/ 'Done')}
      </Button>
    </Stack>
  );
}
