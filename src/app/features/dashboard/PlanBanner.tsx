import { useState } from 'react';
import { CloseButton, Group, Paper, Text, VisuallyHidden } from '@mantine/core';
import { ADVERTISING_FILTER_OPTIONS, formatPlanPrice } from '@/domain/payments/advertisingPlans';
import { clearSelectedPlan as clearPlan, readSelectedPlan as readPlan } from '@/app/shared/payments/selectedPlan';
import { DASHBOARD_TEXTS as T } from '@/domain/listing/dashboard';
import { t } from '@/app/shared/i18n/language';

const label = <V extends string>(options: { value: V; label: string }[], value: V) => t(options.find((o) => o.value === value)?.label ?? value);

export function PlanBanner() {
  const [plan, setPlan] = useState(readPlan);
  if (!plan) return null;
  const f = plan.selectedFilters;
  const filters = [
    label(ADVERTISING_FILTER_OPTIONS.vehicleType, f.vehicleType),
    label(ADVERTISING_FILTER_OPTIONS.showingPricesFor, f.showingPricesFor),
    label(ADVERTISING_FILTER_OPTIONS.sellerType, f.sellerType),
    label(ADVERTISING_FILTER_OPTIONS.vehicleValue, f.vehicleValue),
  ].join(' · ');
  return (
    <Paper component="section" aria-label={t(T.planBannerTitle)} p="md" radius="lg" bg="gold.0" style={{ border: '1px solid var(--mantine-color-gold-3)' }}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Text fz="xs" fw={700} tt="uppercase" c="gold.9" style={{ letterSpacing: 0.5 }}>
            {t(T.planBannerTitle)}
          </Text>
          <Group gap={8} align="baseline" mt={2}>
            <Text fw={750} fz="lg">
              {plan.name}
            </Text>
            <Text fw={750} c="brand.8">
              {formatPlanPrice(plan.price)}
            </Text>
            <Text component="s" fz="sm" c="gray.7">
              <VisuallyHidden>{t(T.was)} </VisuallyHidden>
              {formatPlanPrice(plan.originalPrice)}
            </Text>
            <Text fz="sm" c="dark.6">
              · {plan.duration}
            </Text>
          </Group>
          <Text fz="xs" c="dimmed" mt={4}>
            {filters}
          </Text>
        </div>
        <CloseButton
          aria-label={t(T.clearPlan)}
          onClick={() => {
            clearPlan();
            setPlan(null);
          }}
        />
      </Group>
    </Paper>
  );
}
