import { Card, Stack, Text, Title } from '@mantine/core';
import { FEED_TEXTS as T, feedPath, type FeedFormat } from '@/domain/listing/catalogueFeeds';
import type { User } from '@/domain/account/user';
import { CopyField } from './CopyField';
import { t } from '@/app/shared/i18n/language';

/** A dealer's feed addresses for Facebook and Google (issue 38), to paste into those tools. */
export function StockFeedsCard({ user }: { user: User }) {
  const origin = window.location.origin;
  const formats: FeedFormat[] = ['facebook', 'google'];
  return (
    <Card padding="lg" component="section" aria-labelledby="feeds-heading">
      <Title order={2} fz="lg" id="feeds-heading">
        {t(T.title)}
      </Title>
      <Text fz="sm" c="dimmed" mt="xs">
        {t(T.intro)}
      </Text>
      <Stack gap="sm" mt="md">
        {formats.map((f) => (
          <CopyField key={f} id={`feed-${f}`} label={t(T[f])} value={`${origin}${feedPath(f, user.id)}`} />
        ))}
      </Stack>
    </Card>
  );
}
