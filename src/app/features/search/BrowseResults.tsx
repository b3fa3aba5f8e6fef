import { useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { Button, Center, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { SearchInput } from '@/domain/search/filters';
import type { BrowseCountTexts } from '@/domain/search/browseOpening';
import { wholeNumberText } from '@/domain/core/numbers';
import { useSearch } from '@/app/shared/search/useSearch';
import { NotKeptNotice } from '@/app/shared/search/NotKeptNotice';
import { VehicleCard } from '@/app/shared/vehicleCard/VehicleCard';
import { VehicleGridSkeleton } from '@/app/shared/vehicleCard/VehicleCardSkeleton';
import { useProgressive } from './useProgressive';
import css from './BrowsePage.module.css';
import { ZigChoice } from '@/app/shared/currency/ZigChoice';
import { t } from '@/app/shared/i18n/language';

/** The cards drawn first when results change: more than a phone shows, a wide screen's first row. */
const FIRST_CARDS = 4;
const GRID_COLS = { base: 1, xs: 2, md: 3, lg: 4 };
/** Closer on a phone, where the cards stack: more of the next one shows under the first. */
const GRID_SPACING = { base: 'sm', xs: 'md' };

/**
 * The count and the cards of a search: their own component, so an answer draws them alone, not the
 * rest of the screen. A new list draws its first few cards at once and the rest right after.
 */
export function BrowseResults({
  req,
  counts,
  countSlot,
  onClearAll,
  onMore,
  onAnswer,
}: {
  req: SearchInput;
  /** The count's texts: cars or vehicles. */
  counts: BrowseCountTexts;
  /** Where the count goes: under the screen's title. */
  countSlot: HTMLElement | null;
  onClearAll: () => void;
  onMore: () => void;
  onAnswer: (() => void) | null;
}) {
  const { items, total, searching, notKept } = useSearch(req);
  const shown = useProgressive(items, FIRST_CARDS);
  const [answered, setAnswered] = useState(items);
  // Told once the results of an applied search are drawn.
  useEffect(() => {
    if (answered === items) return;
    setAnswered(items);
    onAnswer?.();
  }, [items, answered, onAnswer]);
  const grid = useMemo(
    () => (
      <SimpleGrid cols={GRID_COLS} spacing={GRID_SPACING}>
        {shown.map((v, i) => (
          <VehicleCard key={v.id} vehicle={v} priority={i === 0} />
        ))}
      </SimpleGrid>
    ),
    [shown],
  );
  return (
    <>
      {countSlot
        ? createPortal(
            <Text fw={600} className={css.count}>
              {searching ? t(counts.searching) : t(counts.found, { count: wholeNumberText(total) })}
            </Text>,
            countSlot,
          )
        : null}
      <ZigChoice mb="sm" />
      {notKept ? (
        <NotKeptNotice />
      ) : searching && items.length === 0 ? (
        <VehicleGridSkeleton count={8} cols={GRID_COLS} spacing={GRID_SPACING} />
      ) : !searching && total === 0 ? (
        <Center py={60}>
          <Stack align="center" gap="xs">
            <Title order={2}>{t(counts.none)}</Title>
            <Text c="dimmed">{t(/*i18n*/ 'Try adjusting your filters to see more results')}</Text>
            <Button mt="sm" onClick={onClearAll}>
              {t(/*i18n*/ 'Clear All Filters')}
            </Button>
          </Stack>
        </Center>
      ) : (
        grid
      )}
      {items.length < total ? (
        <Center mt="xl">
          <Button variant="light" onClick={onMore}>
            {t(/*i18n*/ 'Show more')}
          </Button>
        </Center>
      ) : null}
    </>
  );
}
