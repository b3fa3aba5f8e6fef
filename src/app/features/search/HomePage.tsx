import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Container } from '@mantine/core';
import type { VehicleType } from '@/domain/core/constants';
import { WordsSearchBox } from '@/app/shared/search/WordsSearchBox';
import { BrowseByType } from './home/BrowseByType';
import { SearchPanelSkeleton } from './home/SearchPanelSkeleton';
import { loadDesktopHome, loadMobileHome } from './home/variants';

const DesktopHomeSearch = lazy(loadDesktopHome);
const MobileHomeSearch = lazy(async () => ({ default: (await loadMobileHome()).MobileHomeSearch }));

/**
 * The home page under its hero (home/HomeRoute.tsx): phones (below Mantine's `sm` breakpoint) get the
 * mobile variant of spec section 2.5, larger screens the full search panel; then the words search,
 * which opens the chosen tab's browse screen with the words.
 */
export default function HomePage({ desktop }: { desktop: boolean }) {
  const [tab, setTab] = useState<VehicleType>('car');
  const navigate = useNavigate();
  const words = (
    <Container size="xl" py="md">
      <WordsSearchBox value="" onSearch={(q) => q && navigate(`${tab === 'car' ? '/cars' : `/${tab}`}?${new URLSearchParams({ q })}`)} />
    </Container>
  );
  return (
    <Suspense fallback={<SearchPanelSkeleton />}>
      {desktop ? (
        <>
          <DesktopHomeSearch tab={tab} setTab={setTab} />
          {words}
        </>
      ) : (
        <>
          <MobileHomeSearch tab={tab} onTab={setTab} />
          {words}
          <BrowseByType />
        </>
      )}
    </Suspense>
  );
}
