import { useState, type FormEvent } from 'react';
import { Button, Card, Group, Text, TextInput, Title } from '@mantine/core';
import { ADMIN_MESSAGES } from '@/domain/core/messages';
import { RESET_DATABASE_PHRASE } from '@/domain/core/constants';
import { ADMIN_TEXTS as T, isResetPhrase } from '@/domain/account/admin';
import { resetDatabase } from './adminApi';
import { notify, notifyAfterReload } from '@/app/shared/toasts/toasts';
import { t } from '@/app/shared/i18n/language';

/**
 * Database reset: only the exact phrase enables it (spec section 5); anything else leaves the button
 * disabled. On success the page reloads (spec section 7) and the notice shows on the reloaded page.
 */
export function DatabaseTab() {
  const [typed, setTyped] = useState('');
  const [resetting, setResetting] = useState(false);
  const ready = isResetPhrase(typed);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!ready || resetting) return;
    setResetting(true);
    try {
      await resetDatabase();
    } catch (err) {
      console.warn('database not reset', err);
      notify('error', t(ADMIN_MESSAGES.resetError));
      setResetting(false);
      return;
    }
    notifyAfterReload('success', t(ADMIN_MESSAGES.resetDone));
    window.location.reload();
  };
  return (
    <Card padding="xl" maw={640} style={{ borderColor: 'var(--mantine-color-red-3)' }}>
      <Title order={2} fz="h3" c="red.8">
        {t(T.resetTitle)}
      </Title>
      <Text mt="xs" fz="sm">
        {t(T.resetBody)}
      </Text>
      <form onSubmit={(e) => void submit(e)} aria-label={t(T.resetTitle)}>
        <TextInput
          mt="lg"
          label={T.resetLabel(t)}
          placeholder={RESET_DATABASE_PHRASE}
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          disabled={resetting}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        <Group justify="flex-end" mt="md">
          <Button type="submit" color="red" disabled={!ready} loading={resetting}>
            {t(T.resetButton)}
          </Button>
        </Group>
      </form>
    </Card>
  );
}
