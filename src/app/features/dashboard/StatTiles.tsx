import { SimpleGrid } from '@mantine/core';
import { StatTile } from '@/app/shared/StatTile';
import { DASHBOARD_TEXTS as T } from '@/domain/listing/dashboard';
import { t } from '@/app/shared/i18n/language';

/**
 * Active Listings, Total Views and Contact requests from the member's listings; Member Since from the
 * account. Two by two on phones (four in a row left 'Nov 2026' and the labels wrapping at 360 px), one
 * row from Mantine's `sm` up.
 */
export function StatTiles({ active, views, contacts, memberSince, joined }: { active: string; views: string; contacts: string; memberSince: string; joined?: string }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing={{ base: 'xs', sm: 'md' }}>
      <StatTile label={t(T.stats.active)} value={active} />
      <StatTile label={t(T.stats.views)} value={views} />
      <StatTile label={t(T.stats.contacts)} value={contacts} />
      <StatTile label={t(T.stats.memberSince)} value={memberSince} {...(joined && { title: joined })} />
    </SimpleGrid>
  );
}
