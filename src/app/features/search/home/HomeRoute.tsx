import { lazy, Suspense } from 'react';
import { useMediaQuery } from '@mantine/hooks';
import { HOME_DESKTOP_QUERY } from '@/domain/content/home';
import { StartupSpinner } from '@/app/shared/shell/Shell';
import { HomeHero } from './HomeHero';
import { loadHomePage } from './loadHomePage';

const HomePage = lazy(loadHomePage);

/**
 * The home page. Its hero is part of the app's code, so the app's first render draws it where the
 * page's HTML drew it (src/app/openingScreen.ts) and it stays while the search panels' code loads
 * under it, behind the startup spinner, as in the page's HTML. The width is read before the first
 * paint, so the page never renders one variant and then swaps to the other.
 */
export function HomeRoute() {
  const desktop = useMediaQuery(HOME_DESKTOP_QUERY, undefined, { getInitialValueInEffect: false });
  return (
    <>
      <HomeHero mobile={!desktop} />
      <Suspense fallback={<StartupSpinner below />}>
        <HomePage desktop={desktop} />
      </Suspense>
    </>
  );
}
