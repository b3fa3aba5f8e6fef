import { Group, Progress, Stack, Stepper, Text } from '@mantine/core';
import { WIZARD_STEPS, WIZARD_TEXTS } from '@/domain/listing/listingWizard';
import { t } from '@/app/shared/i18n/language';

/**
 * Where the seller is among the steps. On a phone (360 px holds no row of 8 labelled steps) it is a
 * progress bar with "Step N of M" and the step's name; wider, a stepper whose done steps can be revisited.
 */
export function StepIndicator({ step, total, compact, onStep }: { step: number; total: number; compact: boolean; onStep(step: number): void }) {
  const labels = WIZARD_STEPS.slice(0, total);
  if (compact) {
    return (
      <Stack gap={6} aria-label={t(/*i18n*/ 'Listing steps')}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text fz="xs" fw={700} tt="uppercase" c="brand.7" style={{ letterSpacing: 0.5 }}>
            {WIZARD_TEXTS.stepOf(step, total, t)}
          </Text>
          <Text fz="xs" c="dimmed" truncate>
            {step < total ? t(/*i18n*/ 'Next: {step}', { step: t(labels[step] ?? '') }) : ''}
          </Text>
        </Group>
        <Progress value={(step / total) * 100} size="sm" radius="xl" aria-label={WIZARD_TEXTS.stepOf(step, total, t)} />
      </Stack>
    );
  }
  return (
    <Stepper
      active={step - 1}
      onStepClick={(i) => i < step - 1 && onStep(i + 1)}
      allowNextStepsSelect={false}
      size="xs"
      iconSize={26}
      aria-label={t(/*i18n*/ 'Listing steps')}
      styles={{ stepLabel: { fontSize: 12, whiteSpace: 'nowrap' }, separator: { marginInline: 6 }, stepBody: { marginInlineStart: 6 } }}
    >
      {labels.map((label) => (
        <Stepper.Step key={label} label={t(label)} aria-label={t(label)} />
      ))}
    </Stepper>
  );
}
