import { Anchor, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { SIGN_IN_TEXTS, SIGN_UP_TEXTS } from '@/domain/account/authDialogTexts';
import { login } from './authApi';
import { SubmitButton, type AuthCallProps } from './authParts';
import { signIn } from '@/app/shared/session/session';
import { authDialog } from '@/app/shared/session/authDialogStore';
import { t } from '@/app/shared/i18n/language';

export function SignInForm({ busy, run, initialEmail, onForgotPassword }: AuthCallProps & { initialEmail: string; onForgotPassword(email: string): void }) {
  const form = useForm({ initialValues: { email: initialEmail, password: '' } });
  const submit = form.onSubmit(async (v) => {
    const answer = await run('signIn', () => login({ email: v.email.trim(), password: v.password }));
    if (!answer) return;
    signIn(answer.access_token, answer.user);
    form.reset();
    authDialog.close();
  });
  return (
    <form onSubmit={submit} aria-label={t(SIGN_IN_TEXTS.submit)}>
      <Stack gap="md">
        <TextInput label={t(SIGN_IN_TEXTS.email)} placeholder={SIGN_UP_TEXTS.emailPlaceholder} type="email" autoComplete="email" required data-autofocus {...form.getInputProps('email')} />
        <Stack gap={6}>
          <PasswordInput
            label={t(SIGN_IN_TEXTS.password)}
            autoComplete="current-password"
            required
            visibilityToggleFocusable
            visibilityToggleButtonProps={{ 'aria-label': t(/*i18n*/ 'Show or hide password') }}
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end">
            <Anchor component="button" type="button" fz="sm" fw={600} onClick={() => onForgotPassword(form.values.email.trim())}>
              {t(SIGN_IN_TEXTS.forgotPassword)}
            </Anchor>
          </Group>
        </Stack>
        <SubmitButton action="signIn" busy={busy}>
          {t(SIGN_IN_TEXTS.submit)}
        </SubmitButton>
      </Stack>
    </form>
  );
}
