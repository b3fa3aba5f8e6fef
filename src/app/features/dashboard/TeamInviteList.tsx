import { Button, Stack, Text } from '@mantine/core';
import { expiresText, TEAM_TEXTS as T } from '@/domain/account/dealerTeam';
import type { TeamInvite } from '@/domain/account/dealerTeam';
import { EmailText, ROW_BORDER, TeamRow } from './TeamRow';
import { currentLanguage, t } from '@/app/shared/i18n/language';

/** The invitations not accepted yet, each with when its link stops working and a 'Cancel'. */
export function TeamInviteList({ invites, busy, onCancel }: { invites: readonly TeamInvite[]; busy: boolean; onCancel(id: string): Promise<boolean> }) {
  return (
    <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none', borderBottom: ROW_BORDER }}>
      {invites.map((i) => (
        <TeamRow
          key={i.id}
          action={
            <Button size="xs" variant="default" disabled={busy} onClick={() => void onCancel(i.id)} aria-label={`${t(T.cancel)}: ${i.email}`} style={{ flexShrink: 0 }}>
              {t(T.cancel)}
            </Button>
          }
        >
          <EmailText email={i.email} fw={600} fz="sm" />
          <Text fz="xs" c="dimmed">
            {expiresText(i.expires_at, t, currentLanguage())}
          </Text>
        </TeamRow>
      ))}
    </Stack>
  );
}
