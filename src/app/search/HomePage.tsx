import { Suspense, useState } from 'react';
import { useMediaQuery } from '@mantine/hooks';
import type { VehicleType } from '../../domain/constants';
import { BrowseByType } from './home/BrowseByType';
import { HomeHero } from './home/HomeHero';
import { SearchPanelSkeleton } from './home/SearchPanelSkeleton';
import { HOME_DESKTOP_QUERY } from '../../domain/home';
import { DesktopHome, MobileHome } from './home/variants';

const DesktopHomeSearch = DesktopHome.Screen;
const MobileHomeSearch = MobileHome.Screen;

/**
 * The home page. Phones (below Mantine's `sm` breakpoint) get the mobile variant of spec section
 * 2.5, larger screens the full search panel. The width is read before the first paint, so the page
 * never renders one variant and then swaps to the other.
 */
export default function HomePage() {
  const desktop = useMediaQuery(HOME_DESKTOP_QUERY, undefined, { getInitialValueInEffect: false });
  const [tab, setTab] = useState<VehicleType>('car');
  return (
    <>
      <HomeHero mobile={!desktop} />
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
    </>
  );
}
