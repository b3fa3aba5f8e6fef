import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { Badge, Button, Card, Center, Container, Group, Loader, Stack, Tabs, Text, ThemeIcon, Title } from '@mantine/core';
import { ADMIN_MESSAGES } from '@/domain/core/messages';
import { ACCOUNT_NAV_TEXTS } from '@/domain/account/authTexts';
import { ADMIN_VEHICLE_ROWS } from '@/domain/core/screenChoices';
import { ADMIN_TABS, ADMIN_TEXTS as T, type AdminTab } from '@/domain/account/admin';
import { Page } from '@/app/shared/shell/Page';
import { useProductName } from '@/app/shared/config/useConfig';
import { useSession } from '@/app/shared/session/session';
import { authDialog } from '@/app/shared/session/authDialogStore';
import { syncNow } from '@/app/shared/sync/syncStore';
import { fetchReports, fetchStats, fetchUsers, fetchVehicles } from './adminApi';
import { useAdminLoad } from './useAdminLoad';
import { OverviewTab } from './OverviewTab';
import { UsersTab } from './UsersTab';
import { VehiclesTab } from './VehiclesTab';
import { DatabaseTab } from './DatabaseTab';
import { ReportsTab } from './ReportsTab';
import { t } from '@/app/shared/i18n/language';

function LockIcon() {
  return (
    <svg width="26" height="26" viewBox="0 0 24 24" aria-hidden focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </svg>
  );
}

/** The access-denied view (spec 2.11); a signed-out visitor is offered the sign-in dialog. */
function AccessDenied() {
  const { signedIn } = useSession();
  return (
    <Container size="sm" py={{ base: 48, sm: 80 }}>
      <Card padding="xl">
        <Stack align="center" ta="center" gap="sm">
          <ThemeIcon size={56} radius="xl" color="red" variant="light">
            <LockIcon />
          </ThemeIcon>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {t(T.accessDeniedTitle)}
          </Title>
          <Text c="dimmed">{t(ADMIN_MESSAGES.accessDenied)}</Text>
          <Group mt="sm" justify="center">
            {signedIn ? null : <Button onClick={() => authDialog.open('signin')}>{t(ACCOUNT_NAV_TEXTS.signIn)}</Button>}
            <Button component={Link} to="/" variant={signedIn ? 'filled' : 'light'}>
              {t(T.backHome)}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Container>
  );
}

function AdminScreen() {
  const product = useProductName();
  const [tab, setTab] = useState<AdminTab>('overview');
  const [denied, setDenied] = useState(false);
  const deny = useCallback(() => setDenied(true), []);
  // All three load on entry, in parallel (spec section 4), so switching tabs shows data at once.
  const stats = useAdminLoad(fetchStats, deny);
  const users = useAdminLoad(fetchUsers, deny);
  const vehicles = useAdminLoad((signal) => fetchVehicles(ADMIN_VEHICLE_ROWS, signal), deny);
  const reports = useAdminLoad(fetchReports, deny);

  if (denied) return <AccessDenied />;

  const afterUserDelete = () => {
    users.reload();
    stats.reload();
    // The user's listings went with them.
    vehicles.reload();
    void syncNow();
  };
  const counts: Partial<Record<AdminTab, number | undefined>> = { users: users.data?.length, vehicles: vehicles.data?.total, reports: reports.data?.length };

  return (
    <Page title={t(T.title)} subtitle={T.subtitle(product, t)} size="xl">
      <Tabs value={tab} onChange={(v) => v && setTab(v as AdminTab)} keepMounted={false}>
        <Tabs.List grow mb="lg" style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
          {ADMIN_TABS.map((name) => (
            <Tabs.Tab
              key={name}
              value={name}
              px={{ base: 6, sm: 'md' }}
              rightSection={
                counts[name] !== undefined ? (
                  <Badge size="sm" variant="light" visibleFrom="sm">
                    {counts[name]}
                  </Badge>
                ) : null
              }
            >
              {t(T.tabs[name])}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="overview">
          <OverviewTab stats={stats} />
        </Tabs.Panel>
        <Tabs.Panel value="users">
          <UsersTab users={users} afterDelete={afterUserDelete} />
        </Tabs.Panel>
        <Tabs.Panel value="vehicles">
          <VehiclesTab vehicles={vehicles} afterDelete={stats.reload} />
        </Tabs.Panel>
        <Tabs.Panel value="database">
          <DatabaseTab />
        </Tabs.Panel>
        <Tabs.Panel value="reports">
          <ReportsTab
            reports={reports}
            afterChange={() => {
              stats.reload();
              vehicles.reload();
            }}
          />
        </Tabs.Panel>
      </Tabs>
    </Page>
  );
}

/** /admin (spec 2.11): gated on the user type here, and by the server on every call. */
export default function AdminPage() {
  const { isAdmin, restoring } = useSession();
  if (restoring) {
    return (
      <Center h="60vh">
        <Loader />
      </Center>
    );
  }
  return isAdmin ? <AdminScreen /> : <AccessDenied />;
}
