import { Anchor, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { NOT_KEPT_OFFLINE } from '@/domain/search/scope';
import { t } from '@/app/shared/i18n/language';

/** Offline, a search whose listings this device does not keep: says so, and where to choose what it keeps. */
export function NotKeptNotice() {
  return (
    <Center py={60}>
      <Stack align="center" gap="xs" maw={460} ta="center" role="status">
        <Title order={2}>{t(NOT_KEPT_OFFLINE.title)}</Title>
        <Text c="dimmed">{t(NOT_KEPT_OFFLINE.body)}</Text>
        <Anchor component={Link} to="/data">
          {t(NOT_KEPT_OFFLINE.link)}
        </Anchor>
      </Stack>
    </Center>
  );
}
