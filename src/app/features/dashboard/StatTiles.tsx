import { Paper, SimpleGrid, Text } from '@mantine/core';
import { DASHBOARD_TEXTS as T } from '@/domain/listing/dashboard';

function Tile({ label, value, title }: { label: string; value: string; title?: string }) {
  return (
    <Paper p={{ base: 'sm', sm: 'md' }} radius="lg" withBorder role="group" aria-label={label}>
      <Text fz={{ base: 22, sm: 28 }} fw={800} c="brand.8" lh={1.15} title={title}>
        {value}
      </Text>
      <Text fz={{ base: 11, sm: 'sm' }} c="dimmed" fw={600} mt={4} lh={1.25}>
        {label}
      </Text>
    </Paper>
  );
}

/**
 * Active Listings, Total Views and Contact requests from the member's listings; Member Since from the
 * account. Two by two on phones (four in a row left 'Nov 2026' and the labels wrapping at 360 px), one
 * row from Mantine's `sm` up.
 */
export function StatTiles({ active, views, contacts, memberSince, joined }: { active: string; views: string; contacts: string; memberSince: string; joined?: string }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing={{ base: 'xs', sm: 'md' }}>
      <Tile label={T.stats.active} value={active} />
      <Tile label={T.stats.views} value={views} />
      <Tile label={T.stats.contacts} value={contacts} />
      <Tile label={T.stats.memberSince} value={memberSince} {...(joined && { title: joined })} />
    </SimpleGrid>
  );
}
