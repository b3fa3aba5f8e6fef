import { useState, type ReactNode } from 'react';
import { Alert, Button, Loader, PasswordInput, Stack, Text, Title, type PasswordInputProps } from '@mantine/core';
import { AUTH_BUSY_LABELS, SIGN_UP_TEXTS, type AuthAction } from '@/domain/account/authDialogTexts';
import type { AuthNotice } from '@/app/shared/session/authDialogStore';
import { knownText, t } from '@/app/shared/i18n/language';

/** Success in green, errors in red (spec section 4). */
export function AuthNoticeAlert({ notice }: { notice: AuthNotice | null }) {
  if (!notice) return null;
  const ok = notice.kind === 'success';
  return (
    <Alert color={ok ? 'green' : 'red'} variant="light" radius="md" py="xs" role={ok ? 'status' : 'alert'} data-notice={notice.kind}>
      <Text fz="sm" c={ok ? 'green.9' : 'red.9'} fw={500}>
        {knownText(notice.text)}
      </Text>
    </Alert>
  );
}

/** A form's main button: disabled while any call runs, and labelled 'Signing In...' and so on while its own does. */
export function SubmitButton({ action, busy, children }: { action: AuthAction; busy: AuthAction | null; children: ReactNode }) {
  const mine = busy === action;
  return (
    <Button type="submit" size="md" fullWidth disabled={busy !== null} leftSection={mine ? <Loader size={16} color="gray.6" /> : undefined}>
      {mine ? t(AUTH_BUSY_LABELS[action]) : children}
    </Button>
  );
}

export function FormHeading({ kicker, title, text }: { kicker?: string; title: string; text?: ReactNode }) {
  return (
    <Stack gap={2}>
      {kicker ? (
        <Text fz="xs" fw={700} tt="uppercase" c="brand.7" lts={0.6}>
          {kicker}
        </Text>
      ) : null}
      <Title order={3} fz="h4">
        {title}
      </Title>
      {text ? (
        <Text fz="sm" c="dimmed">
          {text}
        </Text>
      ) : null}
    </Stack>
  );
}

/** What a form step needs from the dialog: the running call, and a way to run one. */
export interface AuthCallProps {
  busy: AuthAction | null;
  /** Runs a call with its busy label; on failure shows the spec's message and resolves to null. */
  run<T>(action: AuthAction, call: () => Promise<T>): Promise<T | null>;
  /** Shows a message (or clears it with null), e.g. a local check that failed. */
  notify(notice: AuthNotice | null): void;
}

/**
 * A new password and its confirmation, shown or hidden together (sign-up and reset). `password` and
 * `confirm` are the form's input props for the two fields.
 */
export function NewPasswordFields({ labels, password, confirm }: { labels: { password: string; confirm: string }; password: PasswordInputProps; confirm: PasswordInputProps }) {
  const [visible, setVisible] = useState(false);
  const shared = {
    autoComplete: 'new-password',
    required: true,
    visible,
    onVisibilityChange: setVisible,
    visibilityToggleFocusable: true,
    visibilityToggleButtonProps: { 'aria-label': t(/*i18n*/ 'Show or hide passwords') },
  } as const;
  return (
    <>
      <PasswordInput label={labels.password} description={SIGN_UP_TEXTS.passwordHint(t)} data-autofocus {...shared} {...password} />
      <PasswordInput label={labels.confirm} {...shared} {...confirm} />
    </>
  );
}
