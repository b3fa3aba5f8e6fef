import { useState } from 'react';
import { Alert, Button, Group, Radio, Stack, TextInput } from '@mantine/core';
import { API_KEY_SCOPES, STOCK_API_TEXTS as T } from '@/domain/account/stockApi';
import type { ApiKeyScope, CreatedApiKey } from '@/domain/account/stockApi';
import { CopyField } from './CopyField';
import { t } from '@/app/shared/i18n/language';

/** Making an API key: its name and what it may do; once made, the key itself, shown this once. */
export function NewApiKeyForm({ created, busy, onCreate, onDone }: { created: CreatedApiKey | null; busy: boolean; onCreate(name: string, scope: ApiKeyScope): Promise<boolean>; onDone(): void }) {
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiKeyScope>('read');
  if (created)
    return (
      <Alert color="brand" variant="light" p="sm" title={t(T.created)} styles={{ body: { minWidth: 0 } }}>
        <Stack gap="sm">
          <CopyField id="new-api-key" label={t(T.newKey)} value={created.key} mono />
          <Group justify="flex-end">
            <Button variant="default" size="xs" onClick={onDone}>
              {t(T.done)}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  return (
    <form
      onSubmit={(ev) => {
        ev.preventDefault();
        void onCreate(name.trim(), scope).then((made) => {
          if (!made) return;
          setName('');
          setScope('read');
        });
      }}
    >
      <Stack gap="sm">
        <TextInput label={t(T.name)} placeholder={t(T.namePlaceholder)} value={name} onChange={(e) => setName(e.currentTarget.value)} required maxLength={60} autoComplete="off" />
        <Radio.Group label={t(T.scope)} value={scope} onChange={(v) => setScope(API_KEY_SCOPES.find((s) => s === v) ?? 'read')}>
          <Stack gap="xs" mt={6}>
            {API_KEY_SCOPES.map((s) => (
              <Radio key={s} value={s} label={t(T.scopes[s])} />
            ))}
          </Stack>
        </Radio.Group>
        <Button type="submit" loading={busy} disabled={!name.trim()} fullWidth>
          {t(T.create)}
        </Button>
      </Stack>
    </form>
  );
}
