import { Badge, Card, Divider, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { TEAM_TEXTS as T } from '@/domain/account/dealerTeam';
import { InviteForm } from './InviteForm';
import { TeamInviteList } from './TeamInviteList';
import { TeamMemberList } from './TeamMemberList';
import { useTeam } from './useTeam';

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
  const t = useTeam();
  return (
    <Card padding="lg" component="section" aria-labelledby="team-heading">
      <Title order={2} fz="lg" id="team-heading">
        {T.title}
      </Title>
      <Text fz="sm" c="dimmed" mt="xs">
        {T.intro}
      </Text>
      <Divider my="md" />
      <Stack gap="sm">
        <Heading text={T.members} count={t.team?.members.length} />
        {t.loading && !t.team ? <Loader size="sm" /> : t.team ? <TeamMemberList members={t.team.members} busy={t.busy} onRemove={t.remove} /> : null}
      </Stack>
      {t.team?.invites.length ? (
        <Stack gap="sm" mt="lg">
          <Heading text={T.invites} count={t.team.invites.length} />
          <TeamInviteList invites={t.team.invites} busy={t.busy} onCancel={t.cancel} />
        </Stack>
      ) : null}
      <Stack mt="lg">
        <InviteForm busy={t.busy} error={t.inviteError} onInvite={t.invite} onTyping={t.clearInviteError} />
      </Stack>
    </Card>
  );
}
