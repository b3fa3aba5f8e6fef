import { Button, Group, Paper, Text } from '@mantine/core';
import { TEAM_TEXTS as T } from '@/domain/account/dealerTeam';
import type { MyTeamState } from '@/app/shared/seller/useMyTeam';
import { t } from '@/app/shared/i18n/language';

/** For a dealer's staff (issue 38): whose listings the dashboard shows, and a way to leave that team. */
export function StaffBanner({ team }: { team: MyTeamState }) {
  if (!team.staffOf) return null;
  const text = T.staffOf(team.staffOf.name, t);
  return (
    <Paper component="section" aria-label={text} p="md" radius="lg" mb={{ base: 'md', md: 'xl' }} bg="brand.0" style={{ border: '1px solid var(--mantine-color-brand-2)' }}>
      <Group justify="space-between" align="center" gap="sm">
        <Text fw={650} c="brand.9" style={{ flex: '1 1 200px' }}>
          {text}
        </Text>
        <Button size="xs" variant="default" onClick={() => void team.leave()} loading={team.busy} disabled={team.offline}>
          {t(T.leave)}
        </Button>
      </Group>
    </Paper>
  );
}
