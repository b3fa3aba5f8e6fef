import { lazy, Suspense, useState } from 'react';
import { Anchor, Text } from '@mantine/core';
import { REPORT_TEXTS as T } from '@/domain/listing/reports';
import type { Vehicle } from '@/domain/listing/vehicle';
import { authDialog } from '@/app/shared/session/authDialogStore';
import { useSession } from '@/app/shared/session/session';
import { t } from '@/app/shared/i18n/language';

const ReportDialog = lazy(() => import('./ReportDialog'));

/**
 * 'Report this listing' on a listing's page (issue 20), for people other than its seller: a visitor is
 * asked to sign in first; the dialog's code loads when it is first opened.
 */
export default function ReportListing({ vehicle }: { vehicle: Vehicle }) {
  const { signedIn } = useSession();
  const [opened, setOpened] = useState(false);
  const [sent, setSent] = useState(false);

  const open = () => {
    if (!signedIn) {
      authDialog.open('signin');
      return;
    }
    setOpened(true);
  };

  return (
    <>
      <Anchor component="button" type="button" fz="sm" c="dimmed" onClick={open} style={{ alignSelf: 'flex-start' }}>
        {t(signedIn ? T.link : T.signIn)}
      </Anchor>
      {sent ? (
        <Text fz="sm" c="brand.8" role="status">
          {t(T.sent)}
        </Text>
      ) : null}
      {opened ? (
        <Suspense fallback={null}>
          <ReportDialog
            vehicle={vehicle}
            onClose={(done) => {
              setOpened(false);
              if (done) setSent(true);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
