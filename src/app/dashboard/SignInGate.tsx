import { Link } from 'react-router-dom';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { AUTH_DIALOG_TEXTS, GATE_TEXTS } from '../../domain/authTexts';
import { DASHBOARD_TEXTS as T } from '../../domain/dashboard';
import { authDialog } from '../account/authDialogStore';
import { Page } from '../shell/Page';

/**
 * The dashboard's sign-in gate (spec 2.9). The spec says both "redirect to /" and this gate; the gate
 * in place wins: a seller who follows Sell or a saved link signs in here and lands on the dashboard
 * they asked for, instead of being thrown back to the home page. It checks only authentication.
 */
export function SignInGate() {
  return (
    <Page title={T.title} size="sm">
      <Card padding="xl">
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
      </Card>
    </Page>
  );
}
