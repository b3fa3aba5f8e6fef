import type { VehicleType } from '@/domain/core/constants';
import { BrowseByType } from './BrowseByType';
import { DesktopHomeResults } from './DesktopHomeResults';
import { DesktopSearchPanel } from './DesktopSearchPanel';
import { useDesktopHomeSearch } from './useDesktopHomeSearch';

/** The desktop search panel, 'Browse by type' and the results grid with 'Sort by' (spec section 2.5). */
export default function DesktopHomeSearch({ tab, setTab }: { tab: VehicleType; setTab: (t: VehicleType) => void }) {
  const search = useDesktopHomeSearch(tab, setTab);
  return (
    <>
      <DesktopSearchPanel tab={tab} setTab={setTab} search={search} />

      <BrowseByType />

      <DesktopHomeResults
        tab={tab}
        resultsRef={search.results}
        items={search.items}
        total={search.total}
        searching={search.searching}
        sort={search.sort}
        onSort={search.setSort}
        applied={search.effective}
      />
    </>
  );
}
