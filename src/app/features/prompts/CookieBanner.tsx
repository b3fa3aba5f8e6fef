import { lazy, Suspense } from 'react';
import { Box, Loader, Stack } from '@mantine/core';
import { useSnapshot } from 'valtio';
import { promptsStore } from '@/app/shared/prompts/promptsStore';
import { CookieActions } from './CookieActions';
import { CookieIntro } from './CookieIntro';
import { useCookieBanner } from './useCookieBanner';
import classes from './CookieBanner.module.css';

// The categories' switches (Mantine's Switch and its input) come with the tap on Customise: the
// compact banner of a first visit, on the first screen, does not carry them.
const CookieCategories = lazy(() => import('./CookieCategories'));

/**
 * The cookie consent banner (spec section 4): a compact view with the three choices and a view with
 * a switch per category. The dimmed backdrop (and Escape) counts as Reject All while nothing is
 * saved; reopened from "Cookie settings" to change a saved choice, it closes and keeps that choice.
 *
 * The browser's own modal dialog (`<dialog>` shown with showModal(): the backdrop, the page made
 * inert, focus kept inside, Escape) instead of a modal component: every first visit shows it while
 * the page is still loading, and the modal component brought about 28 KB gzipped of code (focus trap,
 * scroll area, portal, transitions) and their rendering with it.
 */
export function CookieBanner() {
  const { banner } = useSnapshot(promptsStore);
  return banner === 'closed' ? null : <OpenCookieBanner customise={banner === 'customise'} />;
}

function OpenCookieBanner({ customise }: { customise: boolean }) {
  const { phone, choice, setCategory, choose, readPolicy, dialog, dialogEvents, title, titleId, textId } = useCookieBanner(customise);

  return (
    <dialog
      ref={dialog}
      id="cookie-banner"
      className={classes.dialog}
      data-view={customise ? 'customise' : 'compact'}
      aria-labelledby={titleId}
      aria-describedby={textId}
      onClick={dialogEvents.onClick}
      onCancel={dialogEvents.onCancel}
      onClose={dialogEvents.onClose}
    >
      <div className={classes.content} data-cookie-banner={customise ? 'customise' : 'compact'}>
        <Box p={phone ? 'md' : 'lg'}>
          <Stack gap="md">
            <CookieIntro phone={phone} customise={customise} titleRef={title} titleId={titleId} textId={textId} onReadPolicy={readPolicy} />

            {customise ? (
              <Suspense fallback={<Loader size="sm" mx="auto" aria-label="Loading cookie settings" />}>
                <CookieCategories choice={choice} onChange={setCategory} />
              </Suspense>
            ) : null}

            {/* Kept in view while the categories scroll, so the choice is always one tap away. */}
            <Box
              pos="sticky"
              bottom={0}
              bg="white"
              pt="sm"
              pb={phone ? 'md' : 'lg'}
              mb={phone ? '-md' : '-lg'}
              style={{ zIndex: 1, borderTop: customise ? '1px solid var(--mantine-color-gray-2)' : undefined }}
            >
              <CookieActions phone={phone} customise={customise} choose={choose} />
            </Box>
          </Stack>
        </Box>
      </div>
    </dialog>
  );
}
