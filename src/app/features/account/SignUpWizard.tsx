import { Button, Group, Radio, Stack, Stepper, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { SIGN_UP_TEXTS } from '@/domain/account/authDialogTexts';
import { EMPTY_SIGN_UP, signUpPayload, signUpProblem, type SignUpValues } from './authValidation';
import { MOBILE_BREAKPOINT_PX, type SellerType } from '@/domain/core/constants';
import { signup } from './authApi';
import { FormHeading, NewPasswordFields, SubmitButton, type AuthCallProps } from './authParts';
import { signIn } from '@/app/shared/session/session';
import { authDialog } from '@/app/shared/session/authDialogStore';
import { t } from '@/app/shared/i18n/language';

export type SignUpStep = 1 | 2 | 3;
const STEPS = SIGN_UP_TEXTS.steps.length;

const SELLER_TYPES: { value: SellerType; label: string; text: string }[] = [
  { value: 'private', label: SIGN_UP_TEXTS.privateSeller, text: SIGN_UP_TEXTS.privateSellerText },
  { value: 'dealer', label: SIGN_UP_TEXTS.dealer, text: SIGN_UP_TEXTS.dealerText },
];

/**
 * The 3-step sign-up wizard (spec 2.4). Each step is its own form, so Next is held back only by the
 * browser's checks of that step's required fields; the password rules are checked at 'Create Account'.
 */
export function SignUpWizard({ busy, run, notify, step, onStep }: AuthCallProps & { step: SignUpStep; onStep(step: SignUpStep): void }) {
  const form = useForm<SignUpValues>({ initialValues: EMPTY_SIGN_UP });
  // One toggle shows or hides both password fields, so the two can be compared by eye.
  // On a phone the indicator shows the numbers only; the heading below names the step.
  const phone = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`);

  const go = (next: SignUpStep) => {
    notify(null);
    onStep(next);
  };
  const nextStep = (e: React.FormEvent) => {
    e.preventDefault();
    go(Math.min(step + 1, STEPS) as SignUpStep);
  };
  const create = form.onSubmit(async (values) => {
    const problem = signUpProblem(values, t);
    if (problem) {
      onStep(problem.step);
      notify({ kind: 'error', text: problem.message });
      return;
    }
    const answer = await run('signUp', () => signup(signUpPayload(values)));
    if (!answer) return;
    signIn(answer.access_token, answer.user);
    form.reset();
    authDialog.close();
  });

  const backButton = (
    <Button variant="default" size="md" onClick={() => go((step - 1) as SignUpStep)} disabled={busy !== null} style={{ flex: '0 0 auto' }}>
      {t(SIGN_UP_TEXTS.back)}
    </Button>
  );

  return (
    <Stack gap="md">
      <Stepper active={step - 1} onStepClick={(i) => i < step - 1 && go((i + 1) as SignUpStep)} allowNextStepsSelect={false} size="sm" iconSize={30} aria-label={t(/*i18n*/ 'Sign-up steps')}>
        {SIGN_UP_TEXTS.stepLabels.map((label) => (
          <Stepper.Step key={label} label={phone ? undefined : t(label)} aria-label={t(label)} />
        ))}
      </Stepper>
      <FormHeading kicker={SIGN_UP_TEXTS.stepOf(step, STEPS, t)} title={t(SIGN_UP_TEXTS.steps[step - 1]!)} />

      {step === 1 ? (
        <form onSubmit={nextStep} aria-label={t(SIGN_UP_TEXTS.steps[0])}>
          <Stack gap="sm">
            <TextInput label={t(SIGN_UP_TEXTS.fullName)} placeholder={t(SIGN_UP_TEXTS.fullNamePlaceholder)} autoComplete="name" required data-autofocus {...form.getInputProps('name')} />
            <TextInput label={t(SIGN_UP_TEXTS.email)} placeholder={SIGN_UP_TEXTS.emailPlaceholder} type="email" autoComplete="email" required {...form.getInputProps('email')} />
            <TextInput label={t(SIGN_UP_TEXTS.phone)} placeholder={SIGN_UP_TEXTS.phonePlaceholder} type="tel" autoComplete="tel" required {...form.getInputProps('phone')} />
            <TextInput label={t(SIGN_UP_TEXTS.location)} placeholder={t(SIGN_UP_TEXTS.locationPlaceholder)} autoComplete="address-level2" required {...form.getInputProps('location')} />
            <Button type="submit" size="md" fullWidth mt="xs">
              {t(SIGN_UP_TEXTS.next)}
            </Button>
          </Stack>
        </form>
      ) : null}

      {step === 2 ? (
        <form onSubmit={nextStep} aria-label={t(SIGN_UP_TEXTS.steps[1])}>
          <Stack gap="sm">
            <NewPasswordFields
              labels={{ password: t(SIGN_UP_TEXTS.password), confirm: t(SIGN_UP_TEXTS.confirmPassword) }}
              password={form.getInputProps('password')}
              confirm={form.getInputProps('confirmPassword')}
            />
            <Group gap="sm" mt="xs" wrap="nowrap" grow={false}>
              {backButton}
              <Button type="submit" size="md" style={{ flex: 1 }}>
                {t(SIGN_UP_TEXTS.next)}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}

      {step === 3 ? (
        <form onSubmit={create} aria-label={t(SIGN_UP_TEXTS.steps[2])}>
          <Stack gap="sm">
            <Radio.Group value={form.values.user_type} onChange={(v) => form.setFieldValue('user_type', v as SellerType)} aria-label={t(SIGN_UP_TEXTS.steps[2])}>
              <Stack gap="sm">
                {SELLER_TYPES.map((type) => (
                  <Radio.Card
                    key={type.value}
                    value={type.value}
                    radius="md"
                    p="md"
                    style={form.values.user_type === type.value ? { borderColor: 'var(--mantine-color-brand-6)', background: 'var(--mantine-color-brand-0)' } : undefined}
                  >
                    <Group wrap="nowrap" align="flex-start" gap="sm">
                      <Radio.Indicator mt={2} />
                      <div>
                        <Text fw={700}>{t(type.label)}</Text>
                        <Text fz="sm" c="dimmed">
                          {t(type.text)}
                        </Text>
                      </div>
                    </Group>
                  </Radio.Card>
                ))}
              </Stack>
            </Radio.Group>
            {form.values.user_type === 'dealer' ? (
              <TextInput label={t(SIGN_UP_TEXTS.businessName)} description={t(SIGN_UP_TEXTS.businessNameHint)} autoComplete="organization" {...form.getInputProps('business_name')} />
            ) : null}
            <Group gap="sm" mt="xs" wrap="nowrap">
              {backButton}
              <div style={{ flex: 1 }}>
                <SubmitButton action="signUp" busy={busy}>
                  {t(SIGN_UP_TEXTS.submit)}
                </SubmitButton>
              </div>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Stack>
  );
}
