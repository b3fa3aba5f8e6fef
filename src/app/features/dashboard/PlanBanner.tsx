import { useState } from 'react';
import { CloseButton, Group, Paper, Text, VisuallyHidden } from '@mantine/core';
import { ADVERTISING_FILTER_OPTIONS, formatPlanPrice, parseSelectedPlan, type SelectedAdvertisingPlan } from '@/domain/payments/advertisingPlans';
import { STORAGE_KEYS } from '@/domain/core/constants';
import { DASHBOARD_TEXTS as T } from '@/domain/listing/dashboard';

// The plan chosen on /advertising-prices is kept for the browser session (spec 4) under
// STORAGE_KEYS.selectedAdvertisingPlan, as JSON; the banner shows it until it is cleared.

function readPlan(): SelectedAdvertisingPlan | null {
  try {
    return parseSelectedPlan(sessionStorage.getItem(STORAGE_KEYS.selectedAdvertisingPlan));
  } catch {
    return null;
  }
}

function clearPlan(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEYS.selectedAdvertisingPlan);
  } catch (err) {
    console.warn('the selected plan could not be cleared', err);
  }
}

const label = <V extends string>(options: { value: V; label: string }[], value: V) => options.find((o) => o.value === value)?.label ?? value;

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
    <Paper component="section" aria-label={T.planBannerTitle} p="md" radius="lg" bg="gold.0" style={{ border: '1px solid var(--mantine-color-gold-3)' }}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Text fz="xs" fw={700} tt="uppercase" c="gold.9" style={{ letterSpacing: 0.5 }}>
            {T.planBannerTitle}
          </Text>
          <Group gap={8} align="baseline" mt={2}>
            <Text fw={750} fz="lg">
              {plan.name}
            </Text>
            <Text fw={750} c="brand.8">
              {formatPlanPrice(plan.price)}
            </Text>
            <Text component="s" fz="sm" c="gray.7">
              <VisuallyHidden>{T.was} </VisuallyHidden>
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
          aria-label={T.clearPlan}
          onClick={() => {
            clearPlan();
            setPlan(null);
          }}
        />
      </Group>
    </Paper>
  );
}
