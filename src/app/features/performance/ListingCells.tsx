import { Link } from 'react-router-dom';
import { Anchor, Badge, Text, VisuallyHidden } from '@mantine/core';
import { STATUS_COLORS } from '@/domain/listing/dashboard';
import { PERFORMANCE_TEXTS as T, type PerformanceRow } from '@/domain/listing/performance';
import type { ListingStatus } from '@/domain/listing/vehicle';
import { t } from '@/app/shared/i18n/language';

/** A listing's status as the dashboard shows it. */
export function StatusBadge({ status }: { status: ListingStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} c={status === 'Pending' ? 'dark.8' : undefined} variant={status === 'Expired' ? 'light' : 'filled'} size="sm" style={{ flexShrink: 0 }}>
      {t(status)}
    </Badge>
  );
}

/** The listing's title, to its page, and the dealer's stock number under it. */
export function ListingName({ row }: { row: PerformanceRow }) {
  return (
    <>
      <Anchor component={Link} to={`/car/${row.vehicle_id}`} fw={700} c="dark.8" lineClamp={2} title={row.title} fz="sm">
        {row.title}
      </Anchor>
      {row.stock_number ? (
        <Text fz="xs" c="dimmed">
          <VisuallyHidden>{`${t(T.stockNumber)} `}</VisuallyHidden>
          {row.stock_number}
        </Text>
      ) : null}
    </>
  );
}

export const daysText = (days: number | null) => (days === null ? '—' : T.days(days, t));
