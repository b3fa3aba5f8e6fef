import { useState } from 'react';
import { Button, Stack, TextInput } from '@mantine/core';
import { TEAM_TEXTS as T } from '@/domain/account/dealerTeam';
import { t } from '@/app/shared/i18n/language';

/** Inviting a person by email; the server's reason for refusing shows under the field. */
export function InviteForm({ busy, error, onInvite, onTyping }: { busy: boolean; error: string | null; onInvite(email: string): Promise<boolean>; onTyping(): void }) {
  const [email, setEmail] = useState('');
  return (
    <form
      onSubmit={(ev) => {
        ev.preventDefault();
        void onInvite(email.trim()).then((sent) => {
          if (sent) setEmail('');
        });
      }}
    >
      <Stack gap="sm">
        <TextInput
          label={t(T.email)}
          type="email"
          inputMode="email"
          placeholder="name@example.com"
          value={email}
          onChange={(e) => {
            setEmail(e.currentTarget.value);
            onTyping();
          }}
          error={error}
          required
          maxLength={254}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
        />
        <Button type="submit" loading={busy} disabled={!email.trim()} fullWidth>
          {t(T.invite)}
        </Button>
      </Stack>
    </form>
  );
}
