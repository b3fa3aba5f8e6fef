import { Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, Card, Grid, LoadingOverlay, Stack, Title } from '@mantine/core';
import { useSnapshot } from 'valtio';
import { ACCOUNT_NAV_TEXTS } from '@/domain/account/authTexts';
import { DASHBOARD_TEXTS as T, listingStats, memberSinceText } from '@/domain/listing/dashboard';
import type { User } from '@/domain/account/user';
import type { Vehicle } from '@/domain/listing/vehicle';
import { useSession } from '@/app/shared/session/session';
import { Page } from '@/app/shared/shell/Page';
import { syncStore } from '@/app/shared/sync/syncStore';
import { DeviceDrafts } from './DeviceDrafts';
import { MyListings } from './MyListings';
import { PlanBanner } from './PlanBanner';
import { PricingNotice } from './PricingNotice';
import { ProfileCard } from './ProfileCard';
import { BusinessVerification } from './BusinessVerification';
import { StockFeedsCard } from './StockFeedsCard';
import { StockApiCard } from './StockApiCard';
import { DealerPlanCard } from './DealerPlanCard';
import { TeamCard } from './TeamCard';
import { StaffBanner } from './StaffBanner';
import { PhoneVerification } from './PhoneVerification';
import { ContactPreferenceCard } from './ContactPreferenceCard';
import { PublishingQueue } from './PublishingQueue';
import { SignInGate } from './SignInGate';
import { StatTiles } from './StatTiles';
import { PerformanceCard } from './PerformanceCard';
import { Toasts } from '@/app/shared/toasts/Toasts';
import { useDeviceQueue } from './useDeviceQueue';
import { useFreshUser } from './useFreshUser';
import { useMyListings } from '@/app/shared/seller/useMyListings';
import { useMyTeam } from '@/app/shared/seller/useMyTeam';
import { useLeads } from '@/app/shared/seller/useLeads';
import { ListingWizard } from '@/app/shared/slots';
import { wholeNumberText } from '@/domain/core/numbers';
import { currentLanguage, t } from '@/app/shared/i18n/language';
import { dateText } from '@/domain/i18n/format';

/** /dashboard and /member-dashboard: the gate when signed out, else the member's dashboard (spec 2.9). */
export default function DashboardPage() {
  const { user, name } = useSession();
  return (
    <>
      {user ? <Dashboard key={user.id} user={user} name={name} /> : <SignInGate />}
      <Toasts />
    </>
  );
}

type WizardRequest = { key: number; draftId?: string; editVehicle?: Vehicle };

function QuickActions({ onListAnother, ...visibility }: { onListAnother(): void; hiddenFrom?: 'md'; visibleFrom?: 'md' }) {
  return (
    <Card padding="lg" component="section" aria-label={t(T.quickActions)} {...visibility}>
      <Title order={2} fz="lg" mb="sm">
        {t(T.quickActions)}
      </Title>
      <Stack gap="xs">
        <Button component={Link} to="/cars" variant="light" fullWidth>
          {t(T.browseAll)}
        </Button>
        <Button onClick={onListAnother} fullWidth>
          {t(T.listAnother)}
        </Button>
        <Button component={Link} to="/" variant="default" fullWidth>
          {t(T.backHome)}
        </Button>
      </Stack>
    </Card>
  );
}

function Dashboard({ user, name }: { user: User; name: string }) {
  const { online } = useSnapshot(syncStore);
  useFreshUser(user, online);
  // A dealer's staff manage the dealer's listings (issue 38): theirs are the listings shown.
  const team = useMyTeam(user);
  const mine = useMyListings(team.sellerId);
  const leads = useLeads(user.id, mine.listings);
  const [wizard, setWizard] = useState<WizardRequest | null>(null);
  const openWizard = (request: Omit<WizardRequest, 'key'> = {}) => setWizard({ key: Date.now(), ...request });
  const closeWizard = () => {
    setWizard(null);
    mine.reload();
  };

  // The device's side: drafts and the publishing queue, live as the wizard and the outbox change them.
  const device = useDeviceQueue(user.id, mine, wizard !== null);
  const stats = mine.listings ? listingStats(mine.listings) : null;
  const joined = user.created_at
    ? currentLanguage() === 'en'
      ? new Date(user.created_at).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' })
      : dateText(user.created_at, { day: 'numeric', month: 'long', year: 'numeric' }, currentLanguage())
    : undefined;

  return (
    <Page title={t(T.title)} subtitle={`${t(ACCOUNT_NAV_TEXTS.welcome)}${name}`} size="lg">
      <StaffBanner team={team} />
      <Grid gap={{ base: 'md', md: 'xl' }}>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <ProfileCard user={user} name={name} />
            <PhoneVerification user={user} />
            <ContactPreferenceCard user={user} />
            {user.user_type === 'dealer' ? <BusinessVerification user={user} /> : null}
            <PricingNotice userType={user.user_type} />
            <QuickActions onListAnother={() => openWizard()} visibleFrom="md" />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="xl">
            <Stack gap="md">
              <PlanBanner />
              <StatTiles
                active={stats ? wholeNumberText(stats.active) : '—'}
                views={stats ? wholeNumberText(stats.views) : '—'}
                contacts={stats ? wholeNumberText(stats.contacts) : '—'}
                memberSince={memberSinceText(user.created_at, currentLanguage())}
                {...(joined && { joined })}
              />
              <PerformanceCard listings={mine.listings} leads={leads} />
            </Stack>
            <PublishingQueue chains={device.chains} items={device.items} draftIds={device.draftIds} onEditDraft={(draftId) => openWizard({ draftId })} />
            <MyListings state={mine} leads={leads} onCreate={() => openWizard()} onEdit={(editVehicle) => openWizard({ editVehicle })} />
            <DeviceDrafts drafts={device.drafts} onContinue={(draftId) => openWizard({ draftId })} />
            {user.user_type === 'dealer' ? (
              // The dealer's desk (issue 38), after the listings it serves: wide cards, not the side column.
              <Stack gap="md">
                <DealerPlanCard />
                <StockApiCard />
                <TeamCard />
                <StockFeedsCard user={user} />
              </Stack>
            ) : null}
            <QuickActions onListAnother={() => openWizard()} hiddenFrom="md" />
          </Stack>
        </Grid.Col>
      </Grid>
      {wizard ? (
        <Suspense fallback={<LoadingOverlay visible pos="fixed" zIndex={300} />}>
          <ListingWizard key={wizard.key} opened onClose={closeWizard} {...(wizard.draftId && { draftId: wizard.draftId })} {...(wizard.editVehicle && { editVehicle: wizard.editVehicle })} />
        </Suspense>
      ) : null}
    </Page>
  );
}
