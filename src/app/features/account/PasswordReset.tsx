import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { RESET_TEXTS, SIGN_UP_TEXTS } from '@/domain/account/authDialogTexts';
import { cleanResetCode, passwordProblem, resetCodeProblem } from './authValidation';
import { RESET_CODE_LENGTH } from '@/domain/core/constants';
import { AUTH_MESSAGES } from '@/domain/account/authMessages';
import { forgotPassword, resetPassword, verifyCode } from './authApi';
import { FormHeading, NewPasswordFields, SubmitButton, type AuthCallProps } from './authParts';
import { t } from '@/app/shared/i18n/language';

/** The reset flow's screens after 'Forgot Password?' (spec section 4): email, then code, then the new password. */
export type ResetStage = 'email' | 'code' | 'password';

interface Props extends AuthCallProps {
  stage: ResetStage;
  onStage(stage: ResetStage): void;
  initialEmail: string;
  /** Back from the first screen. */
  onCancel(): void;
  /** The password was changed: back to signing in, with this email. */
  onDone(email: string): void;
}

export function PasswordReset({ stage, onStage, initialEmail, onCancel, onDone, busy, run, notify }: Props) {
  const form = useForm({ initialValues: { email: initialEmail, code: '', newPassword: '', confirmPassword: '' } });
  const email = () => form.values.email.trim();
  const back = (to: ResetStage | null) => {
    notify(null);
    if (to) onStage(to);
    else onCancel();
  };

  const sendCode = form.onSubmit(async () => {
    const answer = await run('forgotPassword', () => forgotPassword({ email: email() }));
    if (!answer) return;
    form.setFieldValue('code', '');
    onStage('code');
    notify({ kind: 'success', text: answer.message || AUTH_MESSAGES.codeSent });
  });

  const checkCode = form.onSubmit(async (v) => {
    const problem = resetCodeProblem(v.code);
    if (problem) return notify({ kind: 'error', text: problem });
    const answer = await run('verifyCode', () => verifyCode({ email: email(), code: v.code }));
    if (!answer) return;
    onStage('password');
    notify({ kind: 'success', text: answer.message || AUTH_MESSAGES.codeVerified });
  });

  const setPassword = form.onSubmit(async (v) => {
    const problem = passwordProblem(v.newPassword, v.confirmPassword);
    if (problem) return notify({ kind: 'error', text: problem });
    const answer = await run('resetPassword', () => resetPassword({ email: email(), code: v.code, new_password: v.newPassword }));
    if (answer) onDone(email());
  });

  const backButton = (to: ResetStage | null, label: string = t(RESET_TEXTS.back)) => (
    <Button variant="subtle" color="gray" size="sm" onClick={() => back(to)} disabled={busy !== null}>
      {label}
    </Button>
  );

  if (stage === 'email') {
    return (
      <form onSubmit={sendCode} aria-label={t(RESET_TEXTS.emailTitle)}>
        <Stack gap="md">
          <FormHeading title={t(RESET_TEXTS.emailTitle)} text={RESET_TEXTS.emailText(t)} />
          <TextInput label={t(RESET_TEXTS.email)} placeholder={SIGN_UP_TEXTS.emailPlaceholder} type="email" autoComplete="email" required data-autofocus {...form.getInputProps('email')} />
          <SubmitButton action="forgotPassword" busy={busy}>
            {t(RESET_TEXTS.sendCode)}
          </SubmitButton>
          <Group justify="center">{backButton(null, t(RESET_TEXTS.backToSignIn))}</Group>
        </Stack>
      </form>
    );
  }

  if (stage === 'code') {
    return (
      <form onSubmit={checkCode} aria-label={t(RESET_TEXTS.codeTitle)}>
        <Stack gap="md">
          <FormHeading title={t(RESET_TEXTS.codeTitle)} text={RESET_TEXTS.codeText(email(), t)} />
          <TextInput
            label={RESET_TEXTS.code(t)}
            placeholder="000000"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={RESET_CODE_LENGTH}
            required
            data-autofocus
            styles={{ input: { fontSize: 24, letterSpacing: '0.5em', textAlign: 'center', fontVariantNumeric: 'tabular-nums', height: 52 } }}
            value={form.values.code}
            onChange={(e) => form.setFieldValue('code', cleanResetCode(e.currentTarget.value))}
          />
          <SubmitButton action="verifyCode" busy={busy}>
            {t(RESET_TEXTS.verifyCode)}
          </SubmitButton>
          <Group justify="center">{backButton('email')}</Group>
        </Stack>
      </form>
    );
  }

  return (
    <form onSubmit={setPassword} aria-label={t(RESET_TEXTS.passwordTitle)}>
      <Stack gap="md">
        <FormHeading title={t(RESET_TEXTS.passwordTitle)} text={t(RESET_TEXTS.passwordText)} />
        <NewPasswordFields
          labels={{ password: t(RESET_TEXTS.newPassword), confirm: t(RESET_TEXTS.confirmPassword) }}
          password={form.getInputProps('newPassword')}
          confirm={form.getInputProps('confirmPassword')}
        />
        <SubmitButton action="resetPassword" busy={busy}>
          {t(RESET_TEXTS.resetPassword)}
        </SubmitButton>
        <Group justify="center">{backButton('code')}</Group>
      </Stack>
    </form>
  );
}
