import { Suspense } from 'react';
import { Button, Title } from '@mantine/core';
import type { VehicleType } from '@/domain/core/constants';
import { BROWSE_TITLES } from '@/domain/search/browseOpening';
import { useSession } from '@/app/shared/session/session';
import { SaveSearchButton } from '@/app/shared/slots';
import css from './BrowsePage.module.css';
import { t } from '@/app/shared/i18n/language';

function BackArrow() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden focusable="false">
      <path d="M19 12H5" />
      <path d="m12 19-7-7 7-7" />
    </svg>
  );
}

/** The browse screen's title row: Back, the title, and under it the count (drawn there by the results) and 'Save this search'. */
export function BrowseTitle({
  type,
  fields,
  countSlotRef,
  onBack,
}: {
  type: VehicleType;
  fields: Record<string, string | undefined>;
  countSlotRef: (slot: HTMLElement | null) => void;
  onBack: () => void;
}) {
  const { signedIn } = useSession();
  return (
    <div className={css.titleRow}>
      <Button variant="default" aria-label={t(/*i18n*/ 'Back')} className={css.back} onClick={onBack}>
        <BackArrow />
        <span className={css.backText}>{t(/*i18n*/ 'Back')}</span>
      </Button>
      <div className={css.heading}>
        <Title order={1} className={css.title}>
          {t(BROWSE_TITLES[type])}
        </Title>
        <div className={css.countLine}>
          {/* The count is drawn here by the results, which an answer draws alone. */}
          <div ref={countSlotRef} aria-live="polite" />
          {/* Saving a search is for signed-in buyers: its dialog, the push client and the API client load only for them. */}
          {signedIn ? (
            <div className={css.save}>
              <Suspense fallback={null}>
                <SaveSearchButton type={type} fields={fields} />
              </Suspense>
            </div>
          ) : null}
        </div>
      </div>
    </div>
  );
}
