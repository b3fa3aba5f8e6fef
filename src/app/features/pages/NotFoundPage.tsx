import { Button, Card, Code, Group, Image, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { Page } from '@/app/shared/shell/Page';

export default function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <Page title="Page not found" subtitle="Sorry, we could not find the page you were looking for.">
      <Card padding="xl" shadow="xs" maw={560} mx="auto">
        <Stack align="center" ta="center" gap="md">
          <Image src="/placeholder-vehicle.svg" alt="" w={200} h="auto" radius="md" style={{ aspectRatio: '4 / 3' }} />
          <Text fz={48} fw={800} c="brand.8" lh={1} aria-hidden>
            404
          </Text>
          <Title order={2} fz={{ base: 'lg', sm: 'xl' }}>
            This road does not lead anywhere
          </Title>
          <Text c="gray.7">
            There is no page at{' '}
            <Code fz="sm" style={{ overflowWrap: 'anywhere' }}>
              {pathname}
            </Code>
            . The link may be mistyped, or the page may have moved.
          </Text>
          <Group justify="center" gap="sm" mt="xs">
            <Button component={Link} to="/" size="md">
              Back to home
            </Button>
            <Button component={Link} to="/cars" size="md" variant="outline">
              Browse Cars
            </Button>
          </Group>
        </Stack>
      </Card>
    </Page>
  );
}
