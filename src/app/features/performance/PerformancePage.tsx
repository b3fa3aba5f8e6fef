import { Suspense } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Anchor, Button, Card, Group, LoadingOverlay, Stack, Text } from '@mantine/core';
import { DASHBOARD_TEXTS } from '@/domain/listing/dashboard';
import { PERFORMANCE_TEXTS as T } from '@/domain/listing/performance';
import type { User } from '@/domain/account/user';
import { SignInRequired } from '@/app/shared/session/SignInRequired';
import { useSession } from '@/app/shared/session/session';
import { Page } from '@/app/shared/shell/Page';
import { ListingWizard } from '@/app/shared/slots';
import { AttentionList } from './AttentionList';
import { PerformanceListings } from './PerformanceListings';
import { PerformanceTiles } from './PerformanceTiles';
import { WindowBar } from './WindowBar';
import { usePerformance, type PerformanceState } from './usePerformance';
import { t } from '@/app/shared/i18n/language';

/** Why the numbers may be short of the truth: the copy kept offline, leads never loaded here, or the server's error. */
function Notes({ perf }: { perf: PerformanceState }) {
  return (
    <>
      {perf.failed ? (
        <Alert color="red" variant="light" radius="lg" role="alert">
          <Group justify="space-between" gap="sm">
            <Text fz="sm">{t(DASHBOARD_TEXTS.loadFailed)}</Text>
            <Button size="xs" variant="white" color="red" onClick={perf.reload}>
              {t(DASHBOARD_TEXTS.tryAgain)}
            </Button>
          </Group>
        </Alert>
      ) : null}
      {perf.kept ? (
        <Alert color="gray" variant="light" radius="lg" p="sm" data-testid="performance-kept">
          <Text fz="sm">{perf.kept}</Text>
        </Alert>
      ) : null}
      {perf.leadsMissing ? (
        <Alert color="yellow" variant="light" radius="lg" p="sm">
          <Text fz="sm">{t(T.notLoaded)}</Text>
        </Alert>
      ) : null}
    </>
  );
}

function Performance({ user }: { user: User }) {
  const perf = usePerformance(user);
  if (perf.nothingKept) {
    return (
      <Alert color="gray" variant="light" title={t(DASHBOARD_TEXTS.offlineTitle)} radius="lg">
        {t(T.noneKept)}
      </Alert>
    );
  }
  return (
    <Stack gap="lg">
      <WindowBar perf={perf} />
      <Notes perf={perf} />
      <PerformanceTiles totals={perf.totals} />
      {perf.items.length > 0 || perf.loading ? (
        <>
          <AttentionList items={perf.attention} loading={perf.loading} onEdit={perf.edit} />
          <PerformanceListings perf={perf} />
        </>
      ) : (
        <Card padding="xl" ta="center" bg="gray.0">
          <Text c="dimmed">{t(T.noListings)}</Text>
        </Card>
      )}
      {perf.editing ? (
        <Suspense fallback={<LoadingOverlay visible pos="fixed" zIndex={300} />}>
          <ListingWizard key={perf.editing.key} opened onClose={perf.closeEdit} editVehicle={perf.editing.vehicle} />
        </Suspense>
      ) : null}
    </Stack>
  );
}

/** /dashboard/performance: the seller's numbers (issue 38), every seller's; the dashboard's sign-in gate when signed out. */
export default function PerformancePage() {
  const { user, restoring } = useSession();
  return (
    <Page title={t(T.title)} subtitle={t(T.intro)} size="xl">
      <Anchor component={Link} to="/dashboard" fz="sm" fw={600} display="inline-block" mb="md">
        {`← ${t(T.backToDashboard)}`}
      </Anchor>
      {user ? (
        <Performance key={user.id} user={user} />
      ) : (
        <Card padding="xl">
          <SignInRequired disabled={restoring} />
        </Card>
      )}
    </Page>
  );
}
