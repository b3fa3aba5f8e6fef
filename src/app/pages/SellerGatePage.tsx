import { Link } from 'react-router-dom';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Page } from '../shell/Page';
import { AUTH_DIALOG_TEXTS, ACCOUNT_NAV_TEXTS, GATE_TEXTS } from '../../domain/authTexts';
import { authDialog } from '../account/authDialogStore';
import { useSession } from '../account/session';

/**
 * The member dashboard's sign-in gate (spec section 2.9): it checks only that someone is signed in.
 * The dashboard itself arrives with the listing wizard.
 */
export default function SellerGatePage() {
  const { signedIn, name } = useSession();
  return (
    <Page title="Sell on Motokari" size="sm">
      <Card padding="xl">
        {signedIn ? (
          <Stack align="center" ta="center" gap="sm">
            <Title order={2}>
              {ACCOUNT_NAV_TEXTS.welcome}
              {name}
            </Title>
            <Text fz="sm">Your dashboard, the listing wizard and payments open with the next release. Meanwhile, see how selling works and what it costs.</Text>
            <Group mt="sm" justify="center">
              <Button component={Link} to="/selling-guide">
                Selling guide
              </Button>
              <Button component={Link} to="/advertising-prices" variant="light">
                Advertising prices
              </Button>
            </Group>
          </Stack>
        ) : (
          <Stack align="center" ta="center" gap="sm">
            <Title order={2}>{GATE_TEXTS.signInRequired}</Title>
            <Text c="dimmed">{AUTH_DIALOG_TEXTS.subtitle.seller}</Text>
            <Button size="md" mt="xs" onClick={() => authDialog.open('signin')}>
              {GATE_TEXTS.signInToContinue}
            </Button>
            <Group mt="sm" justify="center" gap="xs">
              <Button component={Link} to="/selling-guide" variant="subtle">
                Selling guide
              </Button>
              <Button component={Link} to="/advertising-prices" variant="subtle">
                Advertising prices
              </Button>
            </Group>
          </Stack>
        )}
      </Card>
    </Page>
  );
}
