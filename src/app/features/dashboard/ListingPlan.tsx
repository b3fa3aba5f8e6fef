import { Button, Group, Text, VisuallyHidden } from '@mantine/core';
import { ADVERTISING_PLANS } from '@/domain/payments/advertisingPlans';
import { ADVERTISING_PLAN_TERMS, BOOST_TEXTS, boostedUntilText, boostsLeftText, isBoosted } from '@/domain/payments/boosts';
import { DASHBOARD_TEXTS as T } from '@/domain/listing/dashboard';
import type { HistoryListing } from '@/app/shared/seller/useMyListings';
import { BoostedBadge } from '@/app/shared/vehicleCard/BoostedBadge';
import { useBoost } from './useBoost';
import { currentLanguage, t } from '@/app/shared/i18n/language';

/**
 * A live listing's advertising plan on the dashboard (issue 38): its name, the boosts left this month
 * and 'Boost to top', or while boosted the badge and until when. Nothing for a listing without a plan.
 */
export function ListingPlan({ v, live, offline, title, onChanged }: { v: HistoryListing; live: boolean; offline: boolean; title: string; onChanged(v: HistoryListing): void }) {
  const { boosting, boost } = useBoost(v, onChanged);
  const plan = v.advertising_plan ?? null;
  if (!plan || !live) return null;
  const name = ADVERTISING_PLANS.find((p) => p.id === plan)?.name ?? plan;
  const boosts = ADVERTISING_PLAN_TERMS[plan].boostsPerMonth > 0;
  const left = v.boosts_left ?? 0;
  const boosted = isBoosted(v);
  return (
    <Group gap={8} wrap="wrap" data-advertising-plan={plan}>
      <Text fz="xs" fw={700} c="brand.8">
        {name} {t(BOOST_TEXTS.planLabel)}
      </Text>
      {boosts ? (
        <Text fz="xs" c="dimmed" data-boosts-left={left}>
          {boostsLeftText(plan, left, t)}
        </Text>
      ) : null}
      {boosted && v.boosted_until ? (
        <Group gap={6} wrap="wrap">
          <BoostedBadge size="sm" />
          <Text fz="xs" c="dimmed">
            {boostedUntilText(v.boosted_until, currentLanguage(), t)}
          </Text>
        </Group>
      ) : boosts ? (
        <Button
          size="compact-xs"
          color="orange.8"
          variant="light"
          loading={boosting}
          disabled={offline || left === 0}
          title={offline ? t(T.needsConnection) : left === 0 ? t(BOOST_TEXTS.noneLeft) : undefined}
          onClick={() => void boost()}
        >
          {t(BOOST_TEXTS.button)}
          <VisuallyHidden> {title}</VisuallyHidden>
        </Button>
      ) : null}
    </Group>
  );
}
