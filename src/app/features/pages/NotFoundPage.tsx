import { Button, Card, Code, Group, Image, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { Page } from '@/app/shared/shell/Page';
import type { Translate } from '@/domain/i18n/text';
import { withPageText } from './withPageText';

function NotFoundPage({ tr }: { tr: Translate }) {
  const [before, after] = tr(/*i18n*/ 'There is no page at {address}. The link may be mistyped, or the page may have moved.', { address: '\u0000' }).split('\u0000');
  const { pathname } = useLocation();
  return (
    <Page title={tr(/*i18n*/ 'Page not found')} subtitle={tr(/*i18n*/ 'Sorry, we could not find the page you were looking for.')}>
      <Card padding="xl" shadow="xs" maw={560} mx="auto">
        <Stack align="center" ta="center" gap="md">
          <Image src="/placeholder-vehicle.svg" alt="" w={200} h="auto" radius="md" style={{ aspectRatio: '4 / 3' }} />
          <Text fz={48} fw={800} c="brand.8" lh={1} aria-hidden>
            404
          </Text>
          <Title order={2} fz={{ base: 'lg', sm: 'xl' }}>
            {tr(/*i18n*/ 'This road does not lead anywhere')}
          </Title>
          <Text c="gray.7">
            {before}
            <Code fz="sm" style={{ overflowWrap: 'anywhere' }}>
              {pathname}
            </Code>
            {after}
          </Text>
          <Group justify="center" gap="sm" mt="xs">
            <Button component={Link} to="/" size="md">
              {tr(/*i18n*/ 'Back to home')}
            </Button>
            <Button component={Link} to="/cars" size="md" variant="outline">
              {tr(/*i18n*/ 'Browse Cars')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Page>
  );
}

export default withPageText(NotFoundPage);
