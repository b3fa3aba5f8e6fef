import { Text } from '@mantine/core';
import { t } from '@/app/shared/i18n/language';
import { TEAM_TEXTS as T } from '@/domain/account/dealerTeam';
import { useSession } from '@/app/shared/session/session';
import type { HistoryListing } from '@/app/shared/seller/useMyListings';

/**
 * Who made a listing and who last changed it, when that was someone other than the person looking
 * (issue 38: a dealer sees their staff's work, staff see the dealer's and each other's); nothing else.
 */
export function ListingAuthors({ v }: { v: Pick<HistoryListing, 'created_by' | 'updated_by'> }) {
  const me = useSession().user?.name;
  const other = (name: string | null | undefined): string | null => (name?.trim() && name !== me ? name : null);
  const added = other(v.created_by);
  const changed = v.updated_by !== v.created_by ? other(v.updated_by) : null;
  if (!added && !changed) return null;
  return (
    <Text fz="xs" c="dimmed" data-listing-authors>
      {[added && T.addedBy(added, t), changed && T.changedBy(changed, t)].filter(Boolean).join(' · ')}
    </Text>
  );
}
