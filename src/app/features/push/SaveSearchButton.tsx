import { Link } from 'react-router-dom';
import { Box, Button } from '@mantine/core';
import { SAVED_SEARCH_TEXTS as T, SAVED_SEARCHES_PATH } from '@/domain/account/notifications';
import { useSession } from '@/app/shared/session/session';
import type { SaveSearchButtonProps } from '@/app/shared/slots';
import { SaveSearchDialog } from './SaveSearchDialog';
import { useSaveSearch } from './useSaveSearch';
import { t } from '@/app/shared/i18n/language';

function BookmarkGlyph() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden>
      <path d="M19 21l-7-5-7 5V5a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2z" />
    </svg>
  );
}

/**
 * "Save this search" on a results screen, for signed-in users: names the current filters and keeps
 * them on the account, where a new matching listing is pushed to the buyer's devices.
 */
export function SaveSearchButton(props: SaveSearchButtonProps) {
  const { signedIn } = useSession();
  const search = useSaveSearch(props);

  if (!signedIn) return null;

  return (
    <>
      {search.saved ? (
        <Button variant="light" leftSection={<BookmarkGlyph />} component={Link} to={SAVED_SEARCHES_PATH}>
          {t(T.saved)}
        </Button>
      ) : (
        <Button variant="light" leftSection={<BookmarkGlyph />} onClick={search.start} aria-label={t(T.save)}>
          {/* Phones get the short label, so it shares a row with Filter and Sort. */}
          <Box component="span" hiddenFrom="xs">
            {t(T.saveShort)}
          </Box>
          <Box component="span" visibleFrom="xs">
            {t(T.save)}
          </Box>
        </Button>
      )}
      <SaveSearchDialog dialog={search} />
    </>
  );
}
