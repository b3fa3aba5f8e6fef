import { Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { ADMIN_STAT_TILES, ADMIN_TEXTS as T } from '@/domain/account/admin';
import type { AdminStats } from '@/domain/core/wire';
import { LoadFailed, TabHeader } from './adminParts';
import { ZigRateCard } from './ZigRateCard';
import type { Loaded } from './useAdminLoad';
import { wholeNumberText } from '@/domain/core/numbers';
import { t } from '@/app/shared/i18n/language';

/** `value` null: still loading, or '—' when the statistics could not be loaded. */
function Tile({ label, value, failed }: { label: string; value: number | null; failed: boolean }) {
  return (
    <Card component="section" aria-label={label} padding="lg" style={{ justifyContent: 'space-between' }}>
      <Text fz="xs" tt="uppercase" fw={700} c="dimmed">
        {label}
      </Text>
      {value === null && !failed ? (
        <Skeleton h={38} w="55%" mt={6} radius="sm" />
      ) : (
        <Text fz={32} fw={800} c="brand.8" lh={1.2} mt={4}>
          {value === null ? '—' : wholeNumberText(value)}
        </Text>
      )}
    </Card>
  );
}

/** The statistics of spec section 3 as tiles, users first, then listings; then the ZiG rate (issue 39). */
export function OverviewTab({ stats }: { stats: Loaded<AdminStats> }) {
  const groups = [
    { title: t(T.usersHeading), tiles: ADMIN_STAT_TILES.filter((tile) => tile.group === 'users'), cols: { base: 2, sm: 3 } },
    { title: t(T.listingsHeading), tiles: ADMIN_STAT_TILES.filter((tile) => tile.group === 'listings'), cols: { base: 2, sm: 3, md: 5 } },
  ];
  return (
    <>
      <TabHeader title={t(T.tabs.overview)} onRefresh={stats.reload} refreshing={stats.loading && stats.data !== null} />
      {stats.failed ? <LoadFailed what="statistics" onRetry={stats.reload} /> : null}
      <Stack gap="xl" aria-busy={stats.data === null}>
        {groups.map((g) => (
          <div key={g.title}>
            <Title order={3} fz="h5" c="dimmed" tt="uppercase" mb="xs">
              {g.title}
            </Title>
            <SimpleGrid cols={g.cols} spacing="md">
              {g.tiles.map((tile) => (
                <Tile key={tile.key} label={t(tile.label)} value={stats.data ? stats.data[tile.key] : null} failed={stats.failed} />
              ))}
            </SimpleGrid>
          </div>
        ))}
        <ZigRateCard />
      </Stack>
    </>
  );
}
