import { Badge, Group, Radio, Stack, Text } from '@mantine/core';
import { ADVERTISING_PLANS, MOST_POPULAR, type AdvertisingPlanId } from '@/domain/payments/advertisingPlans';
import { ADVERTISING_PLAN_TERMS, PLAN_CHOICE_TEXTS as T } from '@/domain/payments/boosts';
import { formatUsd, PLAN_TERMS, type SubscriptionPlan } from '@/domain/payments/fees';
import { t } from '@/app/shared/i18n/language';

const FEE = 'fee';

/** One choice: its name and what it gives on the left, its price on the right. */
function Choice({ value, name, detail, price, popular, disabled }: { value: string; name: string; detail: string; price: string; popular?: boolean; disabled: boolean }) {
  return (
    <Radio.Card value={value} radius="md" p="sm" disabled={disabled} data-plan-choice={value} style={disabled ? { opacity: 0.5 } : undefined}>
      <Group wrap="nowrap" gap="sm" align="center">
        <Radio.Indicator />
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6}>
            <Text fw={700} fz="sm">
              {name}
            </Text>
            {popular ? (
              <Badge size="xs" color="gold.6" c="dark.9">
                {t(MOST_POPULAR)}
              </Badge>
            ) : null}
          </Group>
          <Text fz="xs" c="dimmed">
            {detail}
          </Text>
        </Stack>
        <Text fw={800} fz="md" style={{ flexShrink: 0 }}>
          {price}
        </Text>
      </Group>
    </Radio.Card>
  );
}

/**
 * The payment screen's choice (issue 38): the listing's 7-day fee, or one of the advertising plans of
 * spec 2.10 with its duration and boosts. A live listing can only buy a plan; a payment request made
 * already (`locked`) keeps its choice.
 */
export function PlanChoice({
  value,
  plan,
  live,
  locked,
  onChange,
}: {
  value: AdvertisingPlanId | null;
  plan: SubscriptionPlan;
  live: boolean;
  locked: boolean;
  onChange(v: AdvertisingPlanId | null): void;
}) {
  const fee = PLAN_TERMS[plan];
  return (
    <Radio.Group value={value ?? (live ? null : FEE)} onChange={(v) => onChange(v === FEE ? null : (v as AdvertisingPlanId))} label={t(T.label)} description={live ? t(T.livePlan) : undefined}>
      <Stack gap={6} mt="xs">
        <Choice value={FEE} name={T.fee(fee.days, t)} detail={t(T.feeDescription)} price={formatUsd(fee.priceCents)} disabled={live || (locked && value !== null)} />
        {ADVERTISING_PLANS.map((p) => (
          <Choice
            key={p.id}
            value={p.id}
            name={p.name}
            detail={`${t(p.duration)} · ${T.boosts(ADVERTISING_PLAN_TERMS[p.id].boostsPerMonth, t)}`}
            price={formatUsd(p.price * 100)}
            popular={p.isPopular}
            disabled={locked && value !== p.id}
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}
