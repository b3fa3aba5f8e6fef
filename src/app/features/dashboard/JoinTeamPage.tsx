import { initialsOf } from '@/domain/account/displayName';
import { Link, useParams } from 'react-router-dom';
import { Alert, Avatar, Button, Card, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { AUTH_DIALOG_TEXTS } from '@/domain/account/authDialogTexts';
import { expiresText, TEAM_TEXTS as T } from '@/domain/account/dealerTeam';
import { authDialog } from '@/app/shared/session/authDialogStore';
import { useJoinInvite } from './useJoinInvite';
import { currentLanguage, t } from '@/app/shared/i18n/language';

/**
 * /join/:token, an invitation's link (issue 38): whose team it is and for which address; signed out,
 * the way to sign in or sign up (the page stays where it is); signed in, accepting it.
 */
export default function JoinTeamPage() {
  const { token = '' } = useParams();
  const j = useJoinInvite(token);
  const dealer = j.preview?.dealer_name;
  return (
    <Container size={480} px="md" py={{ base: 32, sm: 64 }}>
      <Card padding="xl" radius="lg" withBorder shadow="sm">
        <Stack align="center" ta="center" gap="md">
          {dealer ? (
            <Avatar size={64} radius="xl" color="brand" variant="light" aria-hidden>
              {initialsOf(dealer)}
            </Avatar>
          ) : null}
          <Title order={1} fz={{ base: 24, sm: 28 }} style={{ overflowWrap: 'anywhere' }}>
            {dealer ? T.joinTitle(dealer, t) : t(T.invitation)}
          </Title>
          {j.preview ? (
            <>
              <Text style={{ overflowWrap: 'anywhere' }}>{T.joinIntro(j.preview.dealer_name, j.preview.email, t)}</Text>
              <Text fz="sm" c="dimmed">
                {expiresText(j.preview.expires_at, t, currentLanguage())}
              </Text>
            </>
          ) : null}
          {j.loading ? <Loader /> : null}
          {j.problem ? (
            <Alert color="red" variant="light" role="alert" w="100%" ta="left">
              {j.problem}
            </Alert>
          ) : null}
          {j.preview && !j.signedIn ? (
            <Stack gap="sm" w="100%">
              <Text fz="sm" c="dimmed">
                {t(T.joinSignIn)}
              </Text>
              <Group grow gap="sm">
                <Button onClick={() => authDialog.open('signin')} disabled={j.restoring}>
                  {t(AUTH_DIALOG_TEXTS.tabs.signin)}
                </Button>
                <Button variant="default" onClick={() => authDialog.open('signup')} disabled={j.restoring}>
                  {t(AUTH_DIALOG_TEXTS.tabs.signup)}
                </Button>
              </Group>
            </Stack>
          ) : null}
          {j.preview && j.signedIn ? (
            <Button size="md" fullWidth onClick={() => void j.join()} loading={j.busy}>
              {t(T.join)}
            </Button>
          ) : null}
          {!j.loading && !j.preview ? (
            <Button component={Link} to="/" variant="light">
              {t(T.home)}
            </Button>
          ) : null}
        </Stack>
      </Card>
    </Container>
  );
}
