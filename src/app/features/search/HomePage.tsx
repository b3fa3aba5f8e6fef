import { lazy, Suspense, useState } from 'react';
import type { VehicleType } from '../../../domain/constants';
import { BrowseByType } from './home/BrowseByType';
import { SearchPanelSkeleton } from './home/SearchPanelSkeleton';
import { loadDesktopHome, loadMobileHome } from './home/variants';

const DesktopHomeSearch = lazy(loadDesktopHome);
const MobileHomeSearch = lazy(async () => ({ default: (await loadMobileHome()).MobileHomeSearch }));

/**
 * The home page under its hero (home/HomeRoute.tsx): phones (below Mantine's `sm` breakpoint) get the
 * mobile variant of spec section 2.5, larger screens the full search panel.
 */
export default function HomePage({ desktop }: { desktop: boolean }) {
  const [tab, setTab] = useState<VehicleType>('car');
  return (
    <Suspense fallback={<SearchPanelSkeleton />}>
      {desktop ? (
        <DesktopHomeSearch tab={tab} setTab={setTab} />
      ) : (
        <>
          <MobileHomeSearch tab={tab} onTab={setTab} />
          <BrowseByType />
        </>
      )}
    </Suspense>
  );
}
