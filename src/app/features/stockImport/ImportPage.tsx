import { Link } from 'react-router-dom';
import { Alert, Button, Card, Center, Loader, Stack } from '@mantine/core';
import { IMPORT_TEXTS as T } from '@/domain/listing/stockImport';
import type { User } from '@/domain/account/user';
import { SignInRequired } from '@/app/shared/session/SignInRequired';
import { useSession } from '@/app/shared/session/session';
import { Page } from '@/app/shared/shell/Page';
import { ImportSteps } from './ImportSteps';
import { useImportAccess } from './useImportAccess';
import { t } from '@/app/shared/i18n/language';

/** Who may import: dealers and their staff; anyone else is told whom it is for. */
function ForDealers({ user }: { user: User }) {
  const access = useImportAccess(user);
  if (access === 'checking')
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  if (access === 'allowed') return <ImportSteps />;
  return (
    <Stack gap="md">
      <Alert color={access === 'refused' ? 'blue' : 'red'} variant="light">
        {t(access === 'refused' ? T.dealersOnly : T.error)}
      </Alert>
      <Button component={Link} to="/dashboard" variant="default" style={{ alignSelf: 'flex-start' }}>
        {t(T.backToDashboard)}
      </Button>
    </Stack>
  );
}

/** /dashboard/import: a dealer's stock file, imported (issue 38); the dashboard's sign-in gate when signed out. */
export default function ImportPage() {
  const { user, restoring } = useSession();
  return (
    <Page title={t(T.title)} subtitle={t(T.intro)} size="md">
      {user ? (
        <ForDealers key={user.id} user={user} />
      ) : (
        <Card padding="xl">
          <SignInRequired disabled={restoring} />
        </Card>
      )}
    </Page>
  );
}
