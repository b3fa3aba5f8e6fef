import { useState } from 'react';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { BUSINESS_MESSAGES } from '@/domain/account/business';
import type { AdminUser } from '@/domain/core/wire';
import { notify } from '@/app/shared/toasts/toasts';
import { decideDealer, serverDetail } from './adminApi';
import { knownText, t } from '@/app/shared/i18n/language';

/**
 * The Users tab's dealers waiting for verification (issue 20): each one's business details, with
 * Verify and Reject. A decision sets or clears the 'Verified dealer' badge on the dealer's listings.
 */
export function DealerVerifications({ users, onDecided }: { users: readonly AdminUser[]; onDecided(): void }) {
  const pending = users.filter((u) => u.user_type === 'dealer' && u.business_status === 'pending');
  const [busy, setBusy] = useState<string | null>(null);
  if (!pending.length) return null;
  const decide = async (u: AdminUser, decision: 'verify' | 'reject') => {
    setBusy(u.id);
    try {
      await decideDealer(u.id, decision);
      notify('success', t(decision === 'verify' ? BUSINESS_MESSAGES.verified : BUSINESS_MESSAGES.rejected));
      onDecided();
    } catch (err) {
      console.warn('dealer decision not saved', err);
      const detail = await serverDetail(err);
      notify('error', detail ? knownText(detail) : t(/*i18n*/ 'The decision was not saved. Try again.'));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Card padding="md" mb="md" withBorder component="section" aria-labelledby="dealer-verifications">
      <Title order={3} fz="md" id="dealer-verifications" mb="sm">
        {t(/*i18n*/ 'Dealers awaiting verification ({n})', { n: pending.length })}
      </Title>
      <Stack gap="sm" role="list">
        {pending.map((u) => (
          <Group key={u.id} justify="space-between" align="flex-start" wrap="wrap" gap="sm" role="listitem" aria-label={u.business_name ?? u.name}>
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={650}>{u.business_name ?? u.name}</Text>
              <Text fz="sm">{t(/*i18n*/ 'Registration number: {number}', { number: u.business_registration ?? '—' })}</Text>
              <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
                {u.business_address ?? '—'}
              </Text>
              <Text fz="xs" c="dimmed">
                {u.name} · {u.email}
              </Text>
            </Stack>
            <Group gap="xs">
              <Button size="xs" color="teal" onClick={() => void decide(u, 'verify')} loading={busy === u.id} disabled={busy !== null && busy !== u.id}>
                {t(/*i18n*/ 'Verify')}
              </Button>
              <Button size="xs" color="red" variant="light" onClick={() => void decide(u, 'reject')} disabled={busy !== null}>
                {t(/*i18n*/ 'Reject')}
              </Button>
            </Group>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
