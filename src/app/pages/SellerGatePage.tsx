import { Link } from 'react-router-dom';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Page } from '../shell/Page';

/** The member dashboard's sign-in gate (spec section 2.9); accounts and the dashboard itself arrive with seller accounts. */
export default function SellerGatePage() {
  return (
    <Page title="Sell on Motokari" size="sm">
      <Card padding="xl">
        <Stack align="center" ta="center" gap="sm">
          <Title order={2}>Sign In Required</Title>
          <Text c="dimmed">Sign in to manage your listings or create an account to start selling</Text>
          <Text fz="sm">Seller accounts, the listing wizard and payments open with the next release. Meanwhile, see how selling works and what it costs.</Text>
          <Group mt="sm">
            <Button component={Link} to="/selling-guide">
              Selling guide
            </Button>
            <Button component={Link} to="/advertising-prices" variant="light">
              Advertising prices
            </Button>
          </Group>
        </Stack>
      </Card>
    </Page>
  );
}
