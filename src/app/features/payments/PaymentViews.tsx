import type { ReactNode } from 'react';
import { Alert, Badge, Button, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { PAYMENT_MESSAGES } from '@/domain/core/messages';
import { PAYMENT_TEXTS } from '@/domain/payments/payments';
import { t } from '@/app/shared/i18n/language';

// The payment panel's screens that are not forms: progress, outcomes and the provider error.

/** A centred outcome or progress screen; `role` makes screen readers announce it when it appears. */
export function StatusView({ icon, title, text, children, tone }: { icon: ReactNode; title: string; text?: ReactNode; children?: ReactNode; tone: 'brand' | 'red' | 'gray' | 'yellow' }) {
  return (
    <Stack align="center" ta="center" gap="sm" py="md" role={tone === 'red' ? 'alert' : 'status'} data-payment-status={title}>
      <ThemeIcon size={56} radius="xl" variant="light" color={tone}>
        {icon}
      </ThemeIcon>
      <Title order={3} fz="h4">
        {title}
      </Title>
      {text ? (
        <Text fz="sm" c="dimmed" maw={420}>
          {text}
        </Text>
      ) : null}
      {children}
    </Stack>
  );
}

export const CheckIcon = () => (
  <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" aria-hidden>
    <path d="M5 12.5l4.5 4.5L19 7.5" />
  </svg>
);

export const CrossIcon = () => (
  <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" aria-hidden>
    <path d="M6 6l12 12M18 6L6 18" />
  </svg>
);

export const PhoneIcon = () => (
  <svg width="26" height="26" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden>
    <rect x="6" y="2.5" width="12" height="19" rx="2.5" />
    <path d="M10.5 18.5h3" />
  </svg>
);

export const CloudOffIcon = () => (
  <svg width="26" height="26" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden>
    <path d="M7 18h10.5a4 4 0 0 0 .6-7.95A6 6 0 0 0 6.6 9.1 4.5 4.5 0 0 0 7 18z" />
    <path d="M3 3l18 18" />
  </svg>
);

export function ProcessingView({ text }: { text?: string }) {
  return <StatusView icon={<Loader size={26} />} title={t(PAYMENT_TEXTS.processing)} text={text} tone="brand" />;
}

/** No card provider is configured (spec section 2.9): the 'Payment System Error' screen. */
export function SystemErrorView({ supportEmail }: { supportEmail: string }) {
  return (
    <StatusView icon={<CrossIcon />} title={t(PAYMENT_MESSAGES.systemError)} text={t(PAYMENT_TEXTS.systemErrorText)} tone="red">
      <Button component="a" href={supportEmail ? `mailto:${supportEmail}` : undefined} disabled={!supportEmail} variant="light" color="red">
        {t(PAYMENT_TEXTS.contactSupport)}
      </Button>
    </StatusView>
  );
}

/** A clearly labelled test-mode note for the sandbox providers. */
export function SandboxNote({ children }: { children: ReactNode }) {
  return (
    <Alert
      color="yellow"
      variant="light"
      radius="md"
      py="xs"
      title={
        <Badge color="yellow" variant="filled" size="sm">
          {t(PAYMENT_TEXTS.sandboxBadge)}
        </Badge>
      }
    >
      <Text fz="sm">{children}</Text>
    </Alert>
  );
}

/** A failed or refused step, in the spec's words. */
export function ErrorNotice({ children }: { children: ReactNode }) {
  return (
    <Alert color="red" variant="light" radius="md" py="xs" role="alert" data-payment-error>
      <Text fz="sm" c="red.9" fw={500}>
        {children}
      </Text>
    </Alert>
  );
}

export function ActionRow({ children }: { children: ReactNode }) {
  return (
    <Group justify="center" gap="sm" wrap="wrap" w="100%">
      {children}
    </Group>
  );
}
