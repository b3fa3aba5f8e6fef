import { Button, Card, CopyButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { FEED_TEXTS as T, feedPath, type FeedFormat } from '@/domain/listing/catalogueFeeds';
import type { User } from '@/domain/account/user';

/** One feed's address, read-only, with a copy button; its label above both, so neither is squeezed on a phone. */
function FeedAddress({ id, label, url }: { id: string; label: string; url: string }) {
  return (
    <Stack gap={4}>
      <Text component="label" htmlFor={id} fz="sm" fw={600}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <TextInput id={id} value={url} readOnly style={{ flex: 1, minWidth: 0 }} onFocus={(e) => e.currentTarget.select()} />
        <CopyButton value={url}>
          {({ copied, copy }) => (
            <Button variant={copied ? 'filled' : 'light'} color={copied ? 'teal' : 'brand'} onClick={copy} aria-label={`${copied ? T.copied : T.copy}: ${label}`}>
              {copied ? T.copied : T.copy}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

/** A dealer's feed addresses for Facebook and Google (issue 38), to paste into those tools. */
export function StockFeedsCard({ user }: { user: User }) {
  const origin = window.location.origin;
  const formats: FeedFormat[] = ['facebook', 'google'];
  return (
    <Card padding="lg" component="section" aria-labelledby="feeds-heading">
      <Title order={2} fz="lg" id="feeds-heading">
        {T.title}
      </Title>
      <Text fz="sm" c="dimmed" mt="xs">
        {T.intro}
      </Text>
      <Stack gap="sm" mt="md">
        {formats.map((f) => (
          <FeedAddress key={f} id={`feed-${f}`} label={T[f]} url={`${origin}${feedPath(f, user.id)}`} />
        ))}
      </Stack>
    </Card>
  );
}
