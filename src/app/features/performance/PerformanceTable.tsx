import type { CSSProperties, ReactNode } from 'react';
import { Table, Text, UnstyledButton } from '@mantine/core';
import { priceText } from '@/domain/listing/display';
import { wholeNumberText } from '@/domain/core/numbers';
import { LEAD_KINDS, PERFORMANCE_TEXTS as T } from '@/domain/listing/performance';
import { PriceVerdictBadge } from '@/app/shared/vehicleCard/PriceVerdictBadge';
import { ListingName, StatusBadge, daysText } from './ListingCells';
import type { SortKey, TableSort } from './tableOrder';
import type { PerformanceItem } from './usePerformance';
import { t } from '@/app/shared/i18n/language';

// The title column stays in view while the numbers scroll sideways on a narrow window.
const STICKY: CSSProperties = { position: 'sticky', left: 0, zIndex: 1, background: 'var(--mantine-color-body)', boxShadow: 'inset -1px 0 0 var(--mantine-color-gray-3)' };

function SortableTh({ label, sortKey, sort, onSort }: { label: string; sortKey: SortKey; sort: TableSort; onSort(k: SortKey): void }) {
  const active = sort.key === sortKey;
  return (
    <Table.Th ta="right" aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : 'none'}>
      <UnstyledButton onClick={() => onSort(sortKey)} fz="xs" fw={700} c={active ? 'brand.8' : undefined} ta="right">
        {label}
        {/* Joined to the last word, so a heading that wraps keeps its arrow beside it. */}
        <Text span fz={10} c={active ? 'brand.8' : 'gray.5'} aria-hidden>
          {`\u00a0${active && !sort.descending ? '▲' : '▼'}`}
        </Text>
      </UnstyledButton>
    </Table.Th>
  );
}

const Num = ({ n, strong }: { n: number; strong?: boolean }) => (
  <Table.Td ta="right" c={n ? undefined : 'dimmed'} fw={strong ? 800 : undefined} style={{ fontVariantNumeric: 'tabular-nums' }}>
    {wholeNumberText(n)}
  </Table.Td>
);

const Th = ({ children, right, w }: { children: ReactNode; right?: boolean; w?: number }) => (
  <Table.Th fz="xs" ta={right ? 'right' : undefined} miw={w}>
    {children}
  </Table.Th>
);

/** Every listing's numbers as a table, sorted by Leads, Views, Days on market or Price from their headings. */
export function PerformanceTable({ items, sort, onSort }: { items: PerformanceItem[]; sort: TableSort; onSort(k: SortKey): void }) {
  return (
    <Table.ScrollContainer minWidth={1180} type="native">
      <Table verticalSpacing="sm" horizontalSpacing="sm" highlightOnHover withTableBorder fz="sm" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
        <Table.Thead bg="gray.0">
          <Table.Tr>
            <Table.Th fz="xs" miw={200} style={{ ...STICKY, background: 'var(--mantine-color-gray-0)', zIndex: 2 }}>
              {t(T.listing)}
            </Table.Th>
            <Th w={96}>{t(T.status)}</Th>
            <SortableTh label={t(T.price)} sortKey="price" sort={sort} onSort={onSort} />
            <Th w={150}>{t(T.verdict)}</Th>
            <SortableTh label={t(T.daysOnMarket)} sortKey="days" sort={sort} onSort={onSort} />
            <SortableTh label={t(T.views)} sortKey="views" sort={sort} onSort={onSort} />
            {LEAD_KINDS.map((k) => (
              <Th key={k} right>
                {t(T.leadKinds[k])}
              </Th>
            ))}
            <SortableTh label={t(T.leads)} sortKey="leads" sort={sort} onSort={onSort} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map(({ row, listing }) => (
            <Table.Tr key={row.vehicle_id}>
              <Table.Td style={STICKY}>
                <ListingName row={row} />
              </Table.Td>
              <Table.Td>
                <StatusBadge status={row.status} />
              </Table.Td>
              <Table.Td ta="right" fw={700} style={{ whiteSpace: 'nowrap' }}>
                {priceText(row.price)}
              </Table.Td>
              <Table.Td>
                <PriceVerdictBadge verdict={listing.price_verdict} size="xs" />
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {daysText(row.days_on_market)}
              </Table.Td>
              <Num n={row.views} />
              {LEAD_KINDS.map((k) => (
                <Num key={k} n={row.leads[k]} />
              ))}
              <Num n={row.leads_total} strong />
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
