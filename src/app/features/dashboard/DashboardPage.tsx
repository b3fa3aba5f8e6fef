import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, Card, Grid, LoadingOverlay, Stack, Title } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useSnapshot } from 'valtio';
import { api } from '@/data/api';
import { db } from '@/data/db';
import { deleteDraft, listDrafts } from '@/data/drafts';
import { discard, listOutbox } from '@/data/outbox/enqueue';
import { summarizeOutbox } from '@/data/outbox/items';
import { ACCOUNT_NAV_TEXTS } from '@/domain/account/authTexts';
import { DASHBOARD_TEXTS as T, listingStats, memberSinceText } from '@/domain/listing/dashboard';
import type { User } from '@/domain/account/user';
import { listingStatus, type Vehicle } from '@/domain/listing/vehicle';
import { session, signIn, useSession } from '@/app/shared/session/session';
import { Page } from '@/app/shared/shell/Page';
import { syncStore } from '@/app/shared/sync/syncStore';
import { DeviceDrafts } from './DeviceDrafts';
import { MyListings } from './MyListings';
import { PlanBanner } from './PlanBanner';
import { PricingNotice } from './PricingNotice';
import { ProfileCard } from './ProfileCard';
import { BusinessVerification } from './BusinessVerification';
import { chainTitle, PublishingQueue } from './PublishingQueue';
import { SignInGate } from './SignInGate';
import { StatTiles } from './StatTiles';
import { Toasts } from '@/app/shared/toasts/Toasts';
import { toast } from '@/app/shared/toasts/toasts';
import { useMyListings } from './useMyListings';
import { useLeads } from './useLeads';
import { ListingWizard } from '@/app/shared/slots';
import { wholeNumberText } from '@/domain/core/numbers';

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

const USER_FIELDS = ['name', 'email', 'phone', 'location', 'region', 'area', 'user_type', 'business_name', 'business_registration', 'business_address', 'business_status', 'created_at'] as const;

/**
 * Keeps the saved session's user current (GET /api/auth/me): the profile card and Member Since show
 * what the server holds, and an offline visit later shows it too.
 */
function useFreshUser(user: User, online: boolean) {
  useEffect(() => {
    if (!online) return;
    const token = session.token;
    const controller = new AbortController();
    api
      .get('auth/me', { signal: controller.signal })
      .json<User>()
      .then((fresh) => {
        const current = session.user;
        if (!token || session.token !== token || !current || fresh.id !== current.id) return;
        if (USER_FIELDS.every((k) => current[k] === fresh[k])) return;
        signIn(token, fresh);
      })
      .catch((err: unknown) => {
        if (!controller.signal.aborted) console.warn('profile not refreshed; showing the saved one', err);
      });
    return () => controller.abort();
  }, [user.id, online]);
}

function QuickActions({ onListAnother, ...visibility }: { onListAnother(): void; hiddenFrom?: 'md'; visibleFrom?: 'md' }) {
  return (
    <Card padding="lg" component="section" aria-label={T.quickActions} {...visibility}>
      <Title order={2} fz="lg" mb="sm">
        {T.quickActions}
      </Title>
      <Stack gap="xs">
        <Button component={Link} to="/cars" variant="light" fullWidth>
          {T.browseAll}
        </Button>
        <Button onClick={onListAnother} fullWidth>
          {T.listAnother}
        </Button>
        <Button component={Link} to="/" variant="default" fullWidth>
          {T.backHome}
        </Button>
      </Stack>
    </Card>
  );
}

function Dashboard({ user, name }: { user: User; name: string }) {
  const { online } = useSnapshot(syncStore);
  useFreshUser(user, online);
  const mine = useMyListings(user.id);
  const leads = useLeads(user.id, mine.listings);
  const [wizard, setWizard] = useState<WizardRequest | null>(null);
  const openWizard = (request: Omit<WizardRequest, 'key'> = {}) => setWizard({ key: Date.now(), ...request });
  const closeWizard = () => {
    setWizard(null);
    mine.reload();
  };

  // The device's side: drafts and the publishing queue, live as the wizard and the outbox change them.
  const drafts = useLiveQuery(() => listDrafts(db), []);
  const allItems = useLiveQuery(() => listOutbox(db), []);
  // A shared phone: chains queued by someone else are theirs to see.
  const items = useMemo(() => (allItems ?? []).filter((i) => !i.ownerId || i.ownerId === user.id), [allItems, user.id]);
  const chains = useMemo(() => summarizeOutbox(items), [items]);
  const queued = useMemo(() => new Set(chains.map((c) => c.listingId)), [chains]);
  const draftIds = useMemo(() => new Set((drafts ?? []).map((d) => d.id)), [drafts]);

  // Listings the server has just confirmed (not the kept offline copy).
  const onServer = useMemo(() => (mine.listings && !mine.cachedAt ? new Map(mine.listings.map((v) => [v.id, v])) : null), [mine.listings, mine.cachedAt]);
  const doneIds = chains.filter((c) => c.state === 'done').map((c) => c.listingId);
  const doneKey = doneIds.join(',');
  /** Sent with a payment request that has not published it yet: the seller has the payment to finish. */
  const paymentWaiting = (id: string): boolean => {
    const listing = onServer?.get(id);
    return items.some((i) => i.listingId === id && i.kind === 'payment' && !i.result?.alreadyPaid) && (!listing || listingStatus(listing) !== 'Active');
  };

  // A chain that finishes while the dashboard is open: read the listings again so it shows there.
  const seenDone = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (allItems === undefined) return;
    const before = seenDone.current;
    seenDone.current = new Set(doneIds);
    const finished = before ? doneIds.filter((id) => !before.has(id)) : [];
    if (!finished.length) return;
    mine.reload();
    // The wizard tells its own outcome; a toast would repeat it.
    if (!wizard) {
      for (const id of finished) {
        const chain = chains.find((c) => c.listingId === id);
        if (!chain) continue;
        const title = chainTitle(chain, items);
        // Where it is now, truthfully: published, waiting for its payment, or unpaid under History.
        toast('success', paymentWaiting(id) ? T.chainAwaitingPayment(title) : chain.vehicle?.is_published ? T.chainDone(title) : T.chainUnpaid(title));
      }
    }
    // Runs when the set of done chains changes (doneKey); the rest is read as it is at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- doneKey stands for doneIds, and the rest is read as it is then
  }, [doneKey, allItems === undefined]);

  // Once a sent listing shows in My Car Listings its chain has done its job: the queue line goes, and
  // so do the chain's copies of the photos and the draft. A chain whose payment request was made but
  // not yet confirmed is kept, with its line saying so, for the payment screen, until the listing is active.
  useEffect(() => {
    if (wizard || !onServer) return;
    for (const id of doneIds) {
      if (!onServer.has(id) || paymentWaiting(id)) continue;
      void discard(db, id)
        .then(() => deleteDraft(db, id))
        .catch((err: unknown) => console.warn('sent listing not cleared from the device', err));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- doneKey stands for doneIds; paymentWaiting reads the items of this render
  }, [doneKey, onServer, wizard]);

  const shownChains = chains.filter((c) => !(c.state === 'done' && onServer?.has(c.listingId) && !paymentWaiting(c.listingId)));
  const shownDrafts = (drafts ?? []).filter((d) => !queued.has(d.id));
  const stats = mine.listings ? listingStats(mine.listings) : null;
  const joined = user.created_at ? new Date(user.created_at).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }) : undefined;

  return (
    <Page title={T.title} subtitle={`${ACCOUNT_NAV_TEXTS.welcome}${name}`} size="lg">
      <Grid gap={{ base: 'md', md: 'xl' }}>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <ProfileCard user={user} name={name} />
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
                memberSince={memberSinceText(user.created_at)}
                {...(joined && { joined })}
              />
            </Stack>
            <PublishingQueue chains={shownChains} items={items} draftIds={draftIds} onEditDraft={(draftId) => openWizard({ draftId })} />
            <MyListings state={mine} leads={leads} onCreate={() => openWizard()} onEdit={(editVehicle) => openWizard({ editVehicle })} />
            <DeviceDrafts drafts={shownDrafts} onContinue={(draftId) => openWizard({ draftId })} />
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
