import { Button, NativeSelect } from '@mantine/core';
import type { SortOrder } from '@/domain/core/constants';
import { SORT_LABELS } from '@/app/shared/search/query';
import { WordsSearchBox } from '@/app/shared/search/WordsSearchBox';
import css from './BrowsePage.module.css';
import { t } from '@/app/shared/i18n/language';

const BROWSE_SORTS: SortOrder[] = ['newest', 'price_asc', 'price_desc', 'year_desc', 'mileage_asc', 'distance'];

/** The browse screen's row of ways to find: the words, 'Filter and Sort', and 'Sort by'. */
export function BrowseFindRow({
  words,
  onSearchWords,
  onFilter,
  sort,
  onSort,
}: {
  words: string;
  onSearchWords: (words: string) => void;
  onFilter: () => void;
  sort: SortOrder;
  onSort: (sort: SortOrder) => void;
}) {
  return (
    <div className={css.findRow}>
      <WordsSearchBox value={words} onSearch={onSearchWords} whileTyping className={css.words} classNames={{ label: css.wordsLabel, input: css.touch }} />
      <Button className={`${css.touch} ${css.filter}`} onClick={onFilter}>
        {t(/*i18n*/ 'Filter and Sort')}
      </Button>
      {/* The device's own picker: it opens at once on a phone and needs no dropdown code. */}
      <NativeSelect
        aria-label={t(/*i18n*/ 'Sort by')}
        data={BROWSE_SORTS.map((s) => ({ value: s, label: t(SORT_LABELS[s]) }))}
        value={sort}
        onChange={(e) => onSort(e.currentTarget.value as SortOrder)}
        classNames={{ root: css.sort, input: css.touch }}
      />
    </div>
  );
}
