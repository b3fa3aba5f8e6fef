import { Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { STOCK_API_TEXTS as T } from '@/domain/account/stockApi';
import { t } from '@/app/shared/i18n/language';

/**
 * A text to copy (a feed's address; in monospace, a secret shown once: a new API key, a webhook's
 * signing secret): read-only, with a copy button; its label above both, so neither is squeezed on a phone.
 */
export function CopyField({ id, label, value, mono = false }: { id: string; label: string; value: string; mono?: boolean }) {
  return (
    <Stack gap={4}>
      <Text component="label" htmlFor={id} fz="sm" fw={600}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <TextInput
          id={id}
          value={value}
          readOnly
          spellCheck={false}
          style={{ flex: 1, minWidth: 0 }}
          {...(mono && { styles: { input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 'var(--mantine-font-size-sm)' } } })}
          onFocus={(e) => e.currentTarget.select()}
        />
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button variant={copied ? 'filled' : 'light'} color={copied ? 'teal' : 'brand'} onClick={copy} aria-label={`${copied ? t(T.copied) : t(T.copy)}: ${label}`}>
              {copied ? t(T.copied) : t(T.copy)}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}
