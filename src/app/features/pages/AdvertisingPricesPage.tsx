import { useState } from 'react';
import { Alert, Badge, Box, Button, Card, Group, List, Select, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link, useNavigate } from 'react-router-dom';
import {
  ADVERTISING_FILTER_OPTIONS,
  ADVERTISING_PLANS,
  DEFAULT_ADVERTISING_FILTERS,
  MOST_POPULAR,
  formatPlanPrice,
  selectedPlanRecord,
  type AdvertisingFilters,
  type AdvertisingPlan,
  type FilterOption,
} from '@/domain/payments/advertisingPlans';
import { STORAGE_KEYS } from '@/domain/core/constants';
import { useSupportEmail } from '@/app/shared/config/useConfig';
import { Page } from '@/app/shared/shell/Page';
import { knownText, t } from '@/app/shared/i18n/language';
import type { Translate } from '@/domain/i18n/text';
import { CtaCard, EmailSupportButton, ICON_LIST_STYLES, SupportReply, WRAPPING_BUTTON, checkIcon } from './contentParts';
import { withPageText } from './withPageText';

const FILTER_LABELS: Record<keyof AdvertisingFilters, string> = {
  vehicleType: /*i18n*/ 'Vehicle type',
  showingPricesFor: /*i18n*/ 'Showing prices for',
  sellerType: /*i18n*/ 'Seller type',
  vehicleValue: /*i18n*/ 'Vehicle value',
};

/** A filter's option in the reader's language (place names and amounts as they are). */
const labelOf = <V extends string>(opts: FilterOption<V>[], value: V): string => knownText(opts.find((o) => o.value === value)?.label ?? value);
const inLanguage = <V extends string>(opts: FilterOption<V>[]): FilterOption<V>[] => opts.map((o) => ({ value: o.value, label: knownText(o.label) }));

function PlanCard({ plan, onSelect, tr }: { plan: AdvertisingPlan; onSelect: (plan: AdvertisingPlan) => void; tr: Translate }) {
  const headingId = `plan-${plan.id}`;
  return (
    <Card
      component="article"
      aria-labelledby={headingId}
      padding="lg"
      shadow={plan.isPopular ? 'md' : 'xs'}
      style={plan.isPopular ? { borderColor: 'var(--mantine-color-brand-7)', borderWidth: 2 } : undefined}
    >
      <Group justify="space-between" align="center" gap="xs" mb="xs">
        <Title order={3} id={headingId} fz="xl">
          {plan.name}
        </Title>
        {plan.isPopular ? (
          <Badge color="gold.4" c="dark.9" size="md" radius="sm" tt="none">
            {t(MOST_POPULAR)}
          </Badge>
        ) : null}
      </Group>
      <Text c="gray.7" fz="sm" lh={1.5} mih={{ lg: 63 }}>
        {t(plan.description)}
      </Text>

      <Group gap="xs" align="baseline" mt="md" wrap="nowrap">
        <Text fz={40} fw={800} lh={1} c="brand.8">
          {formatPlanPrice(plan.price)}
        </Text>
        <Text component="s" fz="lg" c="gray.7">
          <VisuallyHidden>{tr(/*i18n*/ 'was')} </VisuallyHidden>
          {formatPlanPrice(plan.originalPrice)}
        </Text>
      </Group>
      <List spacing="xs" size="sm" icon={checkIcon} mt="lg" mb="lg" styles={ICON_LIST_STYLES}>
        {plan.features.map((f) => (
          <List.Item key={f}>{t(f)}</List.Item>
        ))}
      </List>

      <Button mt="auto" fullWidth size="md" variant={plan.isPopular ? 'filled' : 'outline'} onClick={() => onSelect(plan)} {...WRAPPING_BUTTON}>
        {tr(/*i18n*/ 'Select This Plan')}
        <VisuallyHidden> ({plan.name})</VisuallyHidden>
      </Button>
    </Card>
  );
}

function AdvertisingPricesPage({ tr }: { tr: Translate }) {
  const navigate = useNavigate();
  const email = useSupportEmail();
  const [filters, setFilters] = useState<AdvertisingFilters>(() => ({ ...DEFAULT_ADVERTISING_FILTERS }));

  // History back; when the app has no earlier entry (the page was opened from a link or typed in),
  // Back goes home rather than leaving the app. The router keeps its entry index in history.state.
  const goBack = () => {
    const idx = (window.history.state as { idx?: unknown } | null)?.idx;
    if (typeof idx === 'number' && idx > 0) navigate(-1);
    else navigate('/');
  };

  const selectPlan = (plan: AdvertisingPlan) => {
    try {
      sessionStorage.setItem(STORAGE_KEYS.selectedAdvertisingPlan, JSON.stringify(selectedPlanRecord(plan, filters)));
    } catch (err) {
      console.warn('the selected plan could not be stored', err);
    }
    navigate('/dashboard');
  };

  const summary = [
    labelOf(ADVERTISING_FILTER_OPTIONS.vehicleType, filters.vehicleType),
    labelOf(ADVERTISING_FILTER_OPTIONS.showingPricesFor, filters.showingPricesFor),
    labelOf(ADVERTISING_FILTER_OPTIONS.sellerType, filters.sellerType),
    labelOf(ADVERTISING_FILTER_OPTIONS.vehicleValue, filters.vehicleValue),
  ].join(' · ');

  return (
    <Page title={tr(/*i18n*/ 'Advertising prices')} subtitle={tr(/*i18n*/ 'Choose how long your advert stays live and how often it is boosted to the top of search.')} size="lg">
      <Stack gap={40}>
        <Group>
          <Button variant="subtle" onClick={goBack} leftSection={<span aria-hidden>←</span>} px="xs">
            {tr(/*i18n*/ 'Back')}
          </Button>
        </Group>

        <Card component="section" aria-labelledby="price-filters" padding="lg" bg="gray.0">
          <Title order={2} id="price-filters" fz="lg" mb="md">
            {tr(/*i18n*/ 'Show prices for your vehicle')}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
            <Select
              label={tr(FILTER_LABELS.vehicleType)}
              data={inLanguage(ADVERTISING_FILTER_OPTIONS.vehicleType)}
              value={filters.vehicleType}
              onChange={(v) => v && setFilters((f) => ({ ...f, vehicleType: v }))}
              allowDeselect={false}
            />
            <Select
              label={tr(FILTER_LABELS.showingPricesFor)}
              data={inLanguage(ADVERTISING_FILTER_OPTIONS.showingPricesFor)}
              value={filters.showingPricesFor}
              onChange={(v) => v && setFilters((f) => ({ ...f, showingPricesFor: v }))}
              allowDeselect={false}
            />
            <Select
              label={tr(FILTER_LABELS.sellerType)}
              data={inLanguage(ADVERTISING_FILTER_OPTIONS.sellerType)}
              value={filters.sellerType}
              onChange={(v) => v && setFilters((f) => ({ ...f, sellerType: v }))}
              allowDeselect={false}
            />
            <Select
              label={tr(FILTER_LABELS.vehicleValue)}
              data={inLanguage(ADVERTISING_FILTER_OPTIONS.vehicleValue)}
              value={filters.vehicleValue}
              onChange={(v) => v && setFilters((f) => ({ ...f, vehicleValue: v }))}
              allowDeselect={false}
            />
          </SimpleGrid>
          {filters.sellerType === 'dealer' ? (
            <Alert role="status" color="brand" variant="light" mt="md" icon={checkIcon} title={tr(/*i18n*/ 'Dealer discount applied')}>
              <Text fz="sm" c="dark.7">
                {tr(/*i18n*/ 'You are viewing prices for professional dealers.')}
              </Text>
            </Alert>
          ) : null}
        </Card>

        <Box component="section" aria-labelledby="plans-heading">
          <Title order={2} id="plans-heading" mb={4}>
            {tr(/*i18n*/ 'Choose your plan')}
          </Title>
          <Text c="gray.7" mb="lg" aria-live="polite">
            {tr(/*i18n*/ 'Prices for: {summary}', { summary })}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
            {ADVERTISING_PLANS.map((plan) => (
              <PlanCard key={plan.id} plan={plan} onSelect={selectPlan} tr={tr} />
            ))}
          </SimpleGrid>
          <Text c="gray.7" fz="sm" mt="md">
            {tr(/*i18n*/ 'All prices are in US dollars. Every plan includes up to 8 photos.')}
          </Text>
        </Box>

        <CtaCard
          id="prices-help"
          title={tr(/*i18n*/ 'Need help choosing a plan?')}
          actions={
            <>
              <EmailSupportButton email={email} tr={tr} />
              <Button component={Link} to="/selling-guide" size="md" variant="outline">
                {tr(/*i18n*/ 'Read the selling guide')}
              </Button>
            </>
          }
        >
          <SupportReply email={email} tr={tr} /> {tr(/*i18n*/ 'Our selling guide also explains how to create a listing that sells.')}
        </CtaCard>
      </Stack>
    </Page>
  );
}

export default withPageText(AdvertisingPricesPage);
