import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Card, Loader, Stack, Text } from '@mantine/core';
import { SignInRequired } from '@/app/shared/session/SignInRequired';
import { useSession } from '@/app/shared/session/session';
import { Page } from '@/app/shared/shell/Page';
import ListingWizard from './ListingWizard';
import { useEditVehicle } from './useEditVehicle';
import { t } from '@/app/shared/i18n/language';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /sell: the listing wizard on a page of its own. The draft's id lives in the address (?draft=…), so a
 * reload, or a link kept from the home screen, reopens the same draft where the seller left it;
 * ?edit={listing id} opens a listing of the seller's for editing. Closing goes to the dashboard.
 */
export default function SellPage() {
  const { signedIn, restoring } = useSession();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const editId = params.get('edit');
  const editing = !!editId && UUID.test(editId);
  const draft = params.get('draft');
  const valid = editing || (!!draft && UUID.test(draft));

  useEffect(() => {
    if (signedIn && !valid) setParams({ draft: crypto.randomUUID() }, { replace: true });
  }, [signedIn, valid, setParams]);
  const { editVehicle, problem } = useEditVehicle(signedIn, editing ? editId : null);

  return (
    <Page title={t(/*i18n*/ 'Sell your vehicle')} subtitle={t(/*i18n*/ 'Create a listing in eight short steps. Everything you enter is kept on this device, even with no signal.')} size="sm">
      <Card padding="xl">
        {signedIn ? (
          <Stack align="center" ta="center" gap="sm">
            {problem ? (
              <Text role="alert">{problem}</Text>
            ) : valid && (!editing || editVehicle) ? (
              <Text>
                {editing
                  ? t(/*i18n*/ 'Your listing is open in the wizard. Close it to go to your dashboard.')
                  : t(/*i18n*/ 'Your listing is open in the wizard. Close it to go to your dashboard; your draft stays on this device.')}
              </Text>
            ) : (
              <Loader />
            )}
          </Stack>
        ) : (
          <SignInRequired disabled={restoring} />
        )}
      </Card>
      {signedIn && editing && editVehicle ? <ListingWizard opened onClose={() => navigate('/dashboard')} editVehicle={editVehicle} /> : null}
      {signedIn && !editing && valid && draft ? <ListingWizard opened onClose={() => navigate('/dashboard')} draftId={draft} /> : null}
    </Page>
  );
}
