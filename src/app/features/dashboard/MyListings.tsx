import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Badge, Button, Card, Group, Image, Paper, Skeleton, Stack, Switch, Text, Title, VisuallyHidden } from '@mantine/core';
import { PLACEHOLDER_IMAGE } from '@/domain/core/constants';
import { cacheTimeText, DASHBOARD_TEXTS as T, listingIndicator, listingsToShow, paymentAction, pendingCount, STATUS_COLORS } from '@/domain/listing/dashboard';
import { mileageText, priceText, titleOf } from '@/domain/listing/display';
import { listingStatus, type ListingStatus, type Vehicle } from '@/domain/listing/vehicle';
import { REPORT_TEXTS } from '@/domain/listing/reports';
import { cardPhotoUrl } from '@/domain/listing/photos';
import type { HistoryListing, MyListings as MyListingsState } from '@/app/shared/seller/useMyListings';
import { priceDropText, type ListingLeads } from '@/domain/listing/leads';
import { LeadsChart } from './LeadsChart';
import { ListingAuthors } from './ListingAuthors';
import { ListingConfirmModal } from '@/app/shared/confirm/ListingConfirmModal';
import { useListingActions } from './useListingActions';
import { ListingPlan } from './ListingPlan';
import { BOOST_TEXTS } from '@/domain/payments/boosts';
import { currentLanguage, t } from '@/app/shared/i18n/language';

/** A listing's status as its badge says it (the statuses themselves are vehicle.ts's English words). */
const STATUS_TEXTS: Record<ListingStatus, string> = { Active: /*i18n*/ 'Active', Pending: /*i18n*/ 'Pending', Expired: /*i18n*/ 'Expired', Sold: /*i18n*/ 'Sold' };

function ListingRow({
  v,
  history,
  offline,
  leads,
  onEdit,
  onDelete,
  onSold,
  onChanged,
}: {
  v: HistoryListing;
  history: boolean;
  offline: boolean;
  leads: ListingLeads | undefined;
  onEdit(v: Vehicle): void;
  onDelete(v: Vehicle): void;
  onSold(v: Vehicle): void;
  onChanged(v: HistoryListing): void;
}) {
  const now = new Date();
  const status = listingStatus(v, now);
  const indicator = listingIndicator(v, now, t);
  const title = titleOf(v);
  return (
    <Card padding="sm" component="article" aria-label={title} data-listing-id={v.id}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Image
          src={cardPhotoUrl(v.images[0])}
          alt=""
          w={{ base: 96, sm: 128 }}
          h={{ base: 72, sm: 96 }}
          radius="md"
          fit="cover"
          fallbackSrc={PLACEHOLDER_IMAGE}
          loading="lazy"
          style={{ flexShrink: 0 }}
        />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={650} lineClamp={2} title={title}>
            {title}
          </Text>
          <Text fw={800} c="brand.8">
            {priceText(v.price)}
          </Text>
          <Group gap={6} wrap="wrap">
            {history || status === 'Sold' ? (
              <Badge color={STATUS_COLORS[status]} c={status === 'Pending' ? 'dark.8' : undefined} variant={status === 'Expired' ? 'light' : 'filled'} size="sm" data-status={status}>
                {t(STATUS_TEXTS[status])}
              </Badge>
            ) : null}
            {v.hidden_for_review ? (
              <Badge color="red" variant="filled" size="sm" tt="none" data-hidden-for-review>
                {t(REPORT_TEXTS.hiddenPendingReview)}
              </Badge>
            ) : null}
            {indicator ? (
              <Badge color={indicator.color} variant="light" size="sm" tt="none" data-days-left={indicator.color}>
                {indicator.label}
              </Badge>
            ) : null}
            <Text fz="xs" c="dimmed">
              {[mileageText(v), T.views(v.views, t)].join(' · ')}
            </Text>
          </Group>
          {v.price_drop ? (
            <Text fz="xs" c="green.9" fw={600}>
              {priceDropText(v.price_drop, t, currentLanguage())}
            </Text>
          ) : null}
          <ListingAuthors v={v} />
          <ListingPlan v={v} live={status === 'Active'} offline={offline} title={title} onChanged={onChanged} />
        </Stack>
      </Group>
      {leads ? <LeadsChart leads={leads} /> : null}
      <RowActions v={v} now={now} status={status} title={title} offline={offline} onEdit={onEdit} onDelete={onDelete} onSold={onSold} />
    </Card>
  );
}

/** A listing's buttons: Pay now or Relist when it waits for a payment, Buy a plan for a live one without, View, Edit, Mark as sold (active or expired) and Delete. */
function RowActions({
  v,
  now,
  status,
  title,
  offline,
  onEdit,
  onDelete,
  onSold,
}: {
  v: HistoryListing;
  now: Date;
  status: ListingStatus;
  title: string;
  offline: boolean;
  onEdit(v: Vehicle): void;
  onDelete(v: Vehicle): void;
  onSold(v: Vehicle): void;
}) {
  const pay = paymentAction(v, now);
  const named = (label: string) => (
    <>
      {t(label)}
      <VisuallyHidden> {title}</VisuallyHidden>
    </>
  );
  return (
    <Group gap={6} mt="sm" justify="flex-end">
      {pay ? (
        <Button component={Link} to={`/pay/${v.id}`} size="xs" color={pay === 'pay' ? 'gold.7' : 'brand'} c={pay === 'pay' ? 'dark.9' : undefined} mr="auto">
          {named(pay === 'pay' ? T.payNow : T.relist)}
        </Button>
      ) : null}
      {status === 'Active' && !v.advertising_plan && !pay ? (
        <Button component={Link} to={`/pay/${v.id}`} size="xs" variant="light" color="orange.8" mr="auto">
          {named(BOOST_TEXTS.buyPlan)}
        </Button>
      ) : null}
      <Button component={Link} to={`/car/${v.id}`} size="xs" variant="default">
        {named(T.view)}
      </Button>
      <Button size="xs" variant="default" onClick={() => onEdit(v)}>
        {named(T.edit)}
      </Button>
      {status === 'Active' || status === 'Expired' ? (
        <Button size="xs" variant="default" onClick={() => onSold(v)} disabled={offline} title={offline ? t(T.needsConnection) : undefined}>
          {named(T.markSold)}
        </Button>
      ) : null}
      <Button size="xs" variant="light" color="red" onClick={() => onDelete(v)} disabled={offline} title={offline ? t(T.needsConnection) : undefined}>
        {named(T.delete)}
      </Button>
    </Group>
  );
}

function RowSkeleton() {
  return (
    <Card padding="sm" aria-hidden data-testid="listing-row-skeleton">
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Skeleton w={{ base: 96, sm: 128 }} h={{ base: 72, sm: 96 }} radius="md" style={{ flexShrink: 0 }} />
        <Stack gap={8} style={{ flex: 1 }} pt={4}>
          <Skeleton h={14} w="70%" />
          <Skeleton h={14} w="35%" />
          <Skeleton h={12} w="55%" />
        </Stack>
      </Group>
      <Group gap={6} mt="sm" justify="flex-end">
        <Skeleton h={30} w={60} />
        <Skeleton h={30} w={56} />
        <Skeleton h={30} w={70} />
      </Group>
    </Card>
  );
}

function Empty({ title, text }: { title: string; text: string }) {
  return (
    <Paper p="xl" radius="lg" withBorder ta="center" bg="gray.0">
      <Text fw={700} fz="lg">
        {title}
      </Text>
      <Text c="dimmed" fz="sm" mt={4} maw={420} mx="auto">
        {text}
      </Text>
    </Paper>
  );
}

/** The list itself: skeletons while the first load runs, the offline note, an empty state, or the rows. */
function ListingsBody({
  state: { listings, loading, offline, replace },
  shown,
  history,
  soldOnly,
  leads,
  onEdit,
  onDelete,
  onSold,
}: {
  state: MyListingsState;
  shown: HistoryListing[];
  history: boolean;
  soldOnly: boolean;
  leads: Map<string, ListingLeads> | null;
  onEdit(v: Vehicle): void;
  onDelete(v: Vehicle): void;
  onSold(v: Vehicle): void;
}) {
  if (!listings && loading) {
    return (
      <Stack gap="sm">
        <RowSkeleton />
        <RowSkeleton />
        <RowSkeleton />
      </Stack>
    );
  }
  if (!listings && offline) {
    return (
      <Alert color="gray" variant="light" title={t(T.offlineTitle)} radius="lg">
        {t(T.offlineText)}
      </Alert>
    );
  }
  if (!listings) return null;
  if (shown.length === 0) {
    return soldOnly ? (
      <Empty title={t(T.noSoldTitle)} text={t(T.noSoldText)} />
    ) : history ? (
      <Empty title={t(T.noListingsTitle)} text={t(T.noListingsText)} />
    ) : (
      <Empty title={t(T.noActiveTitle)} text={t(T.noActiveText)} />
    );
  }
  return (
    <Stack gap="sm">
      {shown.map((v) => (
        <ListingRow key={v.id} v={v} history={history} offline={offline} leads={leads?.get(v.id)} onEdit={onEdit} onDelete={onDelete} onSold={onSold} onChanged={replace} />
      ))}
    </Stack>
  );
}

export function MyListings({ state, leads, onCreate, onEdit }: { state: MyListingsState; leads: Map<string, ListingLeads> | null; onCreate(): void; onEdit(v: Vehicle): void }) {
  const [history, setHistory] = useState(false);
  const [soldOnly, setSoldOnly] = useState(false);
  const actions = useListingActions(state);
  const { listings, loading, cachedAt, failed } = state;
  const now = new Date();
  const shown = listings ? listingsToShow(listings, history, now, soldOnly) : [];
  const waiting = listings && !history ? pendingCount(listings, now) : 0;

  return (
    <section aria-labelledby="my-listings-heading">
      <Group justify="space-between" align="center" mb="sm" gap="sm">
        <Title order={2} fz="xl" id="my-listings-heading">
          {t(T.listingsTitle)}
        </Title>
        <Group gap="md">
          <Switch label={t(T.history)} checked={history} onChange={(e) => setHistory(e.currentTarget.checked)} />
          <Switch label={t(T.sold)} checked={soldOnly} onChange={(e) => setSoldOnly(e.currentTarget.checked)} />
          <Button size="sm" onClick={onCreate}>
            {t(T.createListing)}
          </Button>
        </Group>
      </Group>
      <Stack gap="sm">
        {failed ? (
          <Alert color="red" variant="light" radius="lg" role="alert">
            <Group justify="space-between" gap="sm">
              <Text fz="sm">{t(T.loadFailed)}</Text>
              <Button size="xs" variant="white" color="red" onClick={state.reload}>
                {t(T.tryAgain)}
              </Button>
            </Group>
          </Alert>
        ) : null}
        {listings && cachedAt && !loading && !failed ? (
          <Alert color="gray" variant="light" radius="lg" p="sm">
            <Text fz="sm">{T.offlineCached(cacheTimeText(cachedAt, now, t, currentLanguage()), t)}</Text>
          </Alert>
        ) : null}
        {waiting > 0 ? (
          <Alert color="yellow" variant="light" radius="lg" p="sm">
            <Group justify="space-between" gap="sm">
              <Text fz="sm">{T.awaitingPayment(waiting, t)}</Text>
              <Button size="xs" variant="white" color="dark" onClick={() => setHistory(true)}>
                {t(T.showHistory)}
              </Button>
            </Group>
          </Alert>
        ) : null}
        <ListingsBody state={state} shown={shown} history={history} soldOnly={soldOnly} leads={leads} onEdit={onEdit} onDelete={actions.setConfirming} onSold={actions.setSelling} />
      </Stack>

      <ListingConfirmModal action="sold" vehicle={actions.selling} busy={actions.markingSold} onCancel={() => actions.setSelling(null)} onConfirm={() => void actions.confirmSold()} />
      <ListingConfirmModal action="delete" vehicle={actions.confirming} busy={actions.deleting} onCancel={() => actions.setConfirming(null)} onConfirm={() => void actions.confirmDelete()} />
    </section>
  );
}
