import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { TEAM_TEXTS as T } from '@/domain/account/dealerTeam';
import type { TeamMember } from '@/domain/account/dealerTeam';
import { EmailText, ROW_BORDER, TeamRow } from './TeamRow';
import { t } from '@/app/shared/i18n/language';

/** The dealer's team members, each with a 'Remove' that asks first (a Modal). */
export function TeamMemberList({ members, busy, onRemove }: { members: readonly TeamMember[]; busy: boolean; onRemove(userId: string): Promise<boolean> }) {
  const [asking, setAsking] = useState<TeamMember | null>(null);
  const close = () => setAsking(null);
  const confirm = async () => {
    if (asking && (await onRemove(asking.user_id))) close();
  };
  if (members.length === 0)
    return (
      <Text fz="sm" c="dimmed">
        {t(T.noMembers)}
      </Text>
    );
  return (
    <>
      <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none', borderBottom: ROW_BORDER }}>
        {members.map((m) => (
          <TeamRow
            key={m.user_id}
            action={
              <Button size="xs" variant="light" color="red" disabled={busy} onClick={() => setAsking(m)} aria-label={`${t(T.remove)}: ${m.name}`} style={{ flexShrink: 0 }}>
                {t(T.remove)}
              </Button>
            }
          >
            <Text fw={600} fz="sm" style={{ overflowWrap: 'anywhere' }}>
              {m.name}
            </Text>
            <EmailText email={m.email} fz="xs" c="dimmed" />
          </TeamRow>
        ))}
      </Stack>
      <Modal opened={asking !== null} onClose={close} title={asking ? `${t(T.remove)}: ${asking.name}` : t(T.remove)} centered>
        <Text fz="sm">{t(T.removeConfirm)}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={close} disabled={busy}>
            {t(T.cancel)}
          </Button>
          <Button color="red" onClick={() => void confirm()} loading={busy}>
            {t(T.remove)}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
