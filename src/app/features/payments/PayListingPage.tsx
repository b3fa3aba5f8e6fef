import { useCallback } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Anchor, Badge, Button, Card, Divider, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { defaultPlan, formatUsd, PLAN_TERMS, type SubscriptionPlan } from '@/domain/payments/fees';
import { LISTING_MESSAGES, PAYMENT_MESSAGES } from '@/domain/core/messages';
import { PAYMENT_TEXTS } from '@/domain/payments/payments';
import { Page } from '@/app/shared/shell/Page';
import { SignInRequired } from '@/app/shared/session/SignInRequired';
import { useSession } from '@/app/shared/session/session';
import { toast } from '@/app/shared/toasts/toasts';
import { PaymentPanel } from './PaymentPanel';
import { PlanChoice } from './PlanChoice';
import { usePlanChoice } from './usePlanChoice';
import type { AdvertisingPlanId } from '@/domain/payments/advertisingPlans';
import { ADVERTISING_PLAN_TERMS } from '@/domain/payments/boosts';
import { useListing, type Loaded } from './useListing';
import { knownText, t } from '@/app/shared/i18n/language';

/**
 * /pay/:listingId: pays the fee of one of the seller's listings (the dashboard's 'Pay now', a listing
 * left unpaid in the wizard, an expired one to relist). Signed-in only, like the dashboard.
 */
export default function PayListingPage() {
  const { listingId = '' } = useParams();
  const { signedIn, restoring, user } = useSession();
  const navigate = useNavigate();
  const { loaded, reload } = useListing(listingId, signedIn);
  const { choice: advertising, choose, locked } = usePlanChoice(listingId);
  // The outcome is shown on the dashboard as one of its toasts: a failure in red, the rest in green.
  const toDashboard = useCallback(
    (notice?: string) => {
      if (notice) toast(notice === PAYMENT_MESSAGES.draftSaved ? 'error' : 'success', knownText(notice));
      navigate('/dashboard');
    },
    [navigate],
  );

  if (!signedIn) {
    return (
      <Page title={t(PAYMENT_TEXTS.page.title)} size="sm">
        <Card padding="xl">
          {restoring ? (
            <Group justify="center">
              <Loader />
            </Group>
          ) : (
            <SignInRequired />
          )}
        </Card>
      </Page>
    );
  }

  const plan = loaded.kind === 'ready' ? (loaded.plan ?? defaultPlan(user?.user_type === 'dealer' ? 'dealer' : 'private')) : null;

  return (
    <Page title={t(PAYMENT_TEXTS.page.title)} subtitle={t(PAYMENT_TEXTS.page.subtitle)} size="sm">
      <Stack gap="md">
        <Card padding="lg">
          {loaded.kind === 'loading' ? (
            <Group justify="center" py="xl">
              <Loader />
            </Group>
          ) : loaded.kind === 'missing' ? (
            <Stack align="center" ta="center" gap="xs" py="md">
              <Title order={3} fz="h4">
                {t(LISTING_MESSAGES.notFound)}
              </Title>
              <Text c="dimmed" fz="sm">
                {t(LISTING_MESSAGES.notFoundText)}
              </Text>
            </Stack>
          ) : loaded.kind === 'offline' ? (
            <Stack align="center" ta="center" gap="sm" py="md">
              <Text>{t(PAYMENT_TEXTS.page.offline)}</Text>
              <Button variant="light" onClick={reload}>
                {t(PAYMENT_TEXTS.page.retry)}
              </Button>
            </Stack>
          ) : (
            <Stack gap="md">
              <ListingFee listing={loaded} plan={plan} advertising={advertising} />
              {plan ? <PlanChoice value={advertising} plan={plan} live={loaded.paid} locked={locked} onChange={choose} /> : null}
              <Divider />
              {loaded.paid && !advertising ? (
                <Stack align="center" ta="center" gap="sm" py="sm">
                  <Text fw={600}>{t(PAYMENT_TEXTS.alreadyPaid)}</Text>
                  <Button onClick={() => toDashboard()}>{t(PAYMENT_TEXTS.page.backToDashboard)}</Button>
                </Stack>
              ) : (
                <PaymentPanel listingId={listingId} plan={plan} advertisingPlan={advertising} onPaid={() => toDashboard(LISTING_MESSAGES.paid)} onSavedAsDraft={toDashboard} />
              )}
            </Stack>
          )}
        </Card>
        <Anchor component={Link} to="/dashboard" fz="sm" ta="center">
          {t(PAYMENT_TEXTS.page.backToDashboard)}
        </Anchor>
      </Stack>
    </Page>
  );
}

/** The listing's title, its plan and badges, and the price of what is paid for: its plan's fee, or the advertising plan chosen. */
function ListingFee({ listing, plan, advertising }: { listing: Extract<Loaded, { kind: 'ready' }>; plan: SubscriptionPlan | null; advertising: AdvertisingPlanId | null }) {
  // A live listing pays only for a plan: until one is chosen there is no price to show.
  const fee = plan && !listing.paid ? PLAN_TERMS[plan] : null;
  const terms = advertising ? ADVERTISING_PLAN_TERMS[advertising] : fee;
  const named = advertising ?? (fee ? plan : null);
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
      <Stack gap={4} miw={0}>
        {listing.title ? (
          <Title order={2} fz="h3" data-listing-title>
            {listing.title}
          </Title>
        ) : null}
        <Group gap={6}>
          {named ? (
            <Badge variant="light" color="brand">
              {PAYMENT_TEXTS.page.plan(named, t)}
            </Badge>
          ) : null}
          {fee?.featured ? (
            <Badge variant="light" color="gold">
              {t(PAYMENT_TEXTS.page.featured)}
            </Badge>
          ) : null}
          {listing.onDevice ? (
            <Badge variant="outline" color="gray">
              {t(PAYMENT_TEXTS.page.onDevice)}
            </Badge>
          ) : null}
        </Group>
      </Stack>
      {terms ? (
        <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
          <Text fz="xs" c="dimmed" tt="uppercase" fw={600} lts={0.5}>
            {t(PAYMENT_TEXTS.page.fee)}
          </Text>
          <Text fz={28} fw={800} lh={1.1} data-listing-fee>
            {formatUsd(terms.priceCents)}
          </Text>
          <Text fz="xs" c="dimmed">
            {PAYMENT_TEXTS.page.period(terms.days, t)}
          </Text>
        </Stack>
      ) : null}
    </Group>
  );
}
