import { Badge, Card, Divider, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { TEAM_TEXTS as T } from '@/domain/account/dealerTeam';
import { InviteForm } from './InviteForm';
import { TeamInviteList } from './TeamInviteList';
import { TeamMemberList } from './TeamMemberList';
import { useTeam } from './useTeam';
import { t } from '@/app/shared/i18n/language';

function Heading({ text, count }: { text: string; count?: number | undefined }) {
  return (
    <Group gap={8} align="center">
      <Title order={3} fz="md">
        {text}
      </Title>
      {count ? (
        <Badge size="sm" variant="light" circle aria-hidden>
          {count}
        </Badge>
      ) : null}
    </Group>
  );
}

/** A dealer's team (issue 38): the staff who manage the dealer's listings, the invitations waiting, and a new invitation by email. */
export function TeamCard() {
  const team = useTeam();
  return (
    <Card padding="lg" component="section" aria-labelledby="team-heading">
      <Title order={2} fz="lg" id="team-heading">
        {t(T.title)}
      </Title>
      <Text fz="sm" c="dimmed" mt="xs">
        {t(T.intro)}
      </Text>
      <Divider my="md" />
      <Stack gap="sm">
        <Heading text={t(T.members)} count={team.team?.members.length} />
        {team.loading && !team.team ? <Loader size="sm" /> : team.team ? <TeamMemberList members={team.team.members} busy={team.busy} onRemove={team.remove} /> : null}
      </Stack>
      {team.team?.invites.length ? (
        <Stack gap="sm" mt="lg">
          <Heading text={t(T.invites)} count={team.team.invites.length} />
          <TeamInviteList invites={team.team.invites} busy={team.busy} onCancel={team.cancel} />
        </Stack>
      ) : null}
      <Stack mt="lg">
        <InviteForm busy={team.busy} error={team.inviteError} onInvite={team.invite} onTyping={team.clearInviteError} />
      </Stack>
    </Card>
  );
}
