import { lazy, memo, Suspense, useState } from 'react';
import { Container } from '@mantine/core';
import type { VehicleType } from '@/domain/core/constants';
import { FilterChips } from '@/app/shared/search/FilterChips';
import { BrowseFindRow } from './BrowseFindRow';
import { BrowseResults } from './BrowseResults';
import { BrowseTabs } from './BrowseTabs';
import { BrowseTitle } from './BrowseTitle';
import { useBrowse } from './useBrowse';
import css from './BrowsePage.module.css';
import { t } from '@/app/shared/i18n/language';

const FilterSortDialog = lazy(() => import('./FilterSortDialog').then((m) => ({ default: memo(m.default) })));

/** Browse a vehicle type: the filter-and-sort dialog, the count, the grid (spec section 2.6). */
export default function BrowsePage({ type }: { type: VehicleType }) {
  const browse = useBrowse(type);
  const { fields, draft, dialog } = browse;
  const [countSlot, setCountSlot] = useState<HTMLElement | null>(null);

  return (
    <Container size="xl" className={css.page}>
      {/* Back, the title and the count under it (and 'Save this search'); the tabs; the words, the dialog and the sort. */}
      <div className={css.header}>
        <BrowseTitle type={type} fields={fields} countSlotRef={setCountSlot} onBack={browse.goBack} />
        <BrowseTabs type={type} onSwitch={browse.switchTab} />
        <BrowseFindRow words={fields.q ?? ''} onSearchWords={browse.searchWords} onFilter={dialog.openDialog} sort={browse.sort} onSort={browse.setSort} />
      </div>
      <FilterChips chips={browse.chips} onRemove={browse.removeChip} mb="md" aria-label={t(/*i18n*/ 'Active filters')} />
      <BrowseResults req={browse.req} counts={browse.counts} countSlot={countSlot} onClearAll={browse.clearAll} onMore={browse.showMore} onAnswer={dialog.closing ? dialog.closeAfterApply : null} />

      {dialog.mounted ? (
        <Suspense fallback={null}>
          <FilterSortDialog opened={dialog.open} onClose={dialog.closeDialog} type={type} draft={draft} set={dialog.set} onReset={dialog.resetDialog} onApply={dialog.apply} />
        </Suspense>
      ) : null}
    </Container>
  );
}
