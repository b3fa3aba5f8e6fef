import { Badge, Chip, Group, NumberInput, Radio, SegmentedControl, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  BODY_TYPE_LABELS,
  CATEGORIES_BY_TYPE,
  CONDITION_LABELS,
  CONDITIONS,
  POPULAR_FEATURES,
  REGIONS,
  TRANSMISSIONS,
  VEHICLE_TYPE_LABELS,
  VEHICLE_TYPES,
  WIZARD_FUEL_TYPES,
  YEAR_MIN,
  yearMax,
  type BodyType,
  type SellerType,
  type VehicleType,
} from '@/domain/core/constants';
import { capitalise, fuelText } from '@/domain/listing/display';
import { allowedPlans, formatUsd, PLAN_TERMS, type SubscriptionPlan } from '@/domain/payments/fees';
import {
  acceptsMileage,
  acceptsOperatingHours,
  asksEnginePower,
  asksOperatingHours,
  FIELD_LABELS,
  WIZARD_TEXTS,
  type Declared,
  type WizardField,
  type WizardForm,
} from '@/domain/listing/listingWizard';
import { SEARCH_FIELD_TEXTS } from '@/domain/search/searchFieldTexts';
import { useCatalogueOptions } from '@/app/shared/search/catalogueOptions';

export interface FieldStepProps {
  form: WizardForm;
  errors: Partial<Record<WizardField, string>>;
  onChange<K extends WizardField>(field: K, value: WizardForm[K]): void;
}

/** The options with the current value added when the list lacks it (a listing older than the catalogue). */
function withValue(options: string[], value: string): string[] {
  if (!value || options.some((o) => o.toLowerCase() === value.toLowerCase())) return options;
  return [value, ...options];
}

const label = (field: WizardField) => FIELD_LABELS[field];

export function VehicleStep({ form, errors, onChange }: FieldStepProps) {
  const options = useCatalogueOptions(form.vehicle_type);
  const models = form.make ? options.models(form.make) : [];
  const variants = form.make && form.model ? options.variants(form.make, form.model) : [];
  const categories = CATEGORIES_BY_TYPE[form.vehicle_type];
  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label={label('vehicle_type')}
        value={form.vehicle_type}
        onChange={(v) => onChange('vehicle_type', v as VehicleType)}
        data={VEHICLE_TYPES.map((t) => ({ value: t, label: VEHICLE_TYPE_LABELS[t] }))}
        fullWidth
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
        <Select
          label={label('make')}
          placeholder="Choose a make"
          data={withValue(options.makes, form.make)}
          value={form.make || null}
          onChange={(v) => onChange('make', v ?? '')}
          searchable
          required
          error={errors.make}
          nothingFoundMessage={SEARCH_FIELD_TEXTS.noOptions}
        />
        <Select
          label={label('model')}
          placeholder={form.make ? 'Choose a model' : SEARCH_FIELD_TEXTS.selectMakeFirst}
          data={withValue(models, form.model)}
          value={form.model || null}
          onChange={(v) => onChange('model', v ?? '')}
          disabled={!form.make}
          searchable
          required
          error={errors.model}
          nothingFoundMessage={SEARCH_FIELD_TEXTS.noOptions}
        />
        <Select
          label={label('variant')}
          placeholder={form.model ? (variants.length ? 'Choose a variant (optional)' : SEARCH_FIELD_TEXTS.noOptions) : SEARCH_FIELD_TEXTS.selectModelFirst}
          data={withValue(variants, form.variant)}
          value={form.variant || null}
          onChange={(v) => onChange('variant', v ?? '')}
          disabled={!form.model}
          searchable
          clearable
        />
        <NumberInput
          label={label('year')}
          placeholder={`${YEAR_MIN} to ${yearMax()}`}
          value={form.year}
          onChange={(v) => onChange('year', String(v))}
          min={YEAR_MIN}
          max={yearMax()}
          clampBehavior="none"
          allowDecimal={false}
          allowNegative={false}
          hideControls
          inputMode="numeric"
          required
          error={errors.year}
        />
        <Select
          label={label('fuel_type')}
          placeholder="Choose fuel type"
          data={withValue(
            WIZARD_FUEL_TYPES.map((f) => f as string),
            form.fuel_type,
          ).map((f) => ({ value: f, label: fuelText(f) }))}
          value={form.fuel_type || null}
          onChange={(v) => onChange('fuel_type', v ?? '')}
          required
          error={errors.fuel_type}
        />
        <Select
          label={label('transmission')}
          placeholder="Choose transmission"
          data={TRANSMISSIONS.map((t) => ({ value: t, label: capitalise(t) }))}
          value={form.transmission || null}
          onChange={(v) => onChange('transmission', v ?? '')}
          required
          error={errors.transmission}
        />
        <TextInput
          label={`${label('mileage')} (km)`}
          placeholder="e.g. 84000"
          value={form.mileage}
          onChange={(e) => acceptsMileage(e.currentTarget.value) && onChange('mileage', e.currentTarget.value)}
          inputMode="numeric"
          autoComplete="off"
          required
          error={errors.mileage}
        />
        <TextInput label={label('color')} placeholder="e.g. White" value={form.color} onChange={(e) => onChange('color', e.currentTarget.value)} autoComplete="off" required error={errors.color} />
        <Select
          label={form.vehicle_type === 'car' ? label('category') : 'Category'}
          placeholder="Optional"
          data={withValue([...categories], form.category).map((c) => ({ value: c, label: form.vehicle_type === 'car' && c in BODY_TYPE_LABELS ? BODY_TYPE_LABELS[c as BodyType] : capitalise(c) }))}
          value={form.category || null}
          onChange={(v) => onChange('category', v ?? '')}
          clearable
        />
        <TextInput
          label={`${label('engine_size')} (litres)`}
          placeholder="Optional, e.g. 2.8"
          value={form.engine_size}
          onChange={(e) => /^\d*\.?\d*$/.test(e.currentTarget.value) && onChange('engine_size', e.currentTarget.value)}
          inputMode="decimal"
          autoComplete="off"
          error={errors.engine_size}
        />
        {asksEnginePower(form.vehicle_type) ? (
          <TextInput
            label={label('engine_power_hp')}
            placeholder="Optional, e.g. 150"
            value={form.engine_power_hp}
            onChange={(e) => /^\d*$/.test(e.currentTarget.value) && onChange('engine_power_hp', e.currentTarget.value)}
            inputMode="numeric"
            autoComplete="off"
            error={errors.engine_power_hp}
          />
        ) : null}
        {asksOperatingHours(form.vehicle_type) ? (
          <TextInput
            label={label('operating_hours')}
            placeholder="Optional, e.g. 1,200"
            value={form.operating_hours}
            onChange={(e) => acceptsOperatingHours(e.currentTarget.value) && onChange('operating_hours', e.currentTarget.value)}
            inputMode="numeric"
            autoComplete="off"
            error={errors.operating_hours}
          />
        ) : null}
      </SimpleGrid>
    </Stack>
  );
}

export function SubscriptionStep({ form, errors, onChange, sellerType, locked }: FieldStepProps & { sellerType: SellerType; locked: boolean }) {
  const plans = allowedPlans(sellerType);
  return (
    <Stack gap="md">
      <Text fz="sm" c="dimmed">
        A listing runs for {PLAN_TERMS.standard.days} days from publication. You pay the fee at the last step, or later from your dashboard.
      </Text>
      <Radio.Group value={form.subscription_plan || null} onChange={(v) => onChange('subscription_plan', v)} label="Choose your plan" withAsterisk error={errors.subscription_plan}>
        <Stack gap="sm" mt="xs">
          {plans.map((plan) => (
            <PlanCard key={plan} plan={plan} selected={form.subscription_plan === plan} disabled={locked} />
          ))}
        </Stack>
      </Radio.Group>
      {locked ? (
        <Text fz="sm" c="dimmed">
          This listing is published: its plan applies until it expires.
        </Text>
      ) : null}
    </Stack>
  );
}

function PlanCard({ plan, selected, disabled }: { plan: SubscriptionPlan; selected: boolean; disabled: boolean }) {
  const terms = PLAN_TERMS[plan];
  return (
    <Radio.Card
      value={plan}
      radius="md"
      p="md"
      disabled={disabled}
      aria-label={`${capitalise(plan)} plan`}
      style={selected ? { borderColor: 'var(--mantine-color-brand-6)', background: 'var(--mantine-color-brand-0)' } : undefined}
    >
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Radio.Indicator mt={4} />
        <Stack gap={2} style={{ flex: 1 }}>
          <Group justify="space-between" gap="xs">
            <Text fw={700}>{capitalise(plan)}</Text>
            <Text fw={800} fz="lg" c="brand.7">
              {formatUsd(terms.priceCents)}
              <Text span fz="sm" fw={500} c="dimmed">
                {' '}
                / {terms.days} days
              </Text>
            </Text>
          </Group>
          <Text fz="sm" c="dimmed">
            {terms.featured ? 'Featured listing: shown in the featured collection and marked Featured.' : 'A standard listing in search results.'}
          </Text>
          {terms.featured ? (
            <Badge color="gold" c="dark" variant="filled" size="sm" w="fit-content">
              Featured
            </Badge>
          ) : null}
        </Stack>
      </Group>
    </Radio.Card>
  );
}

export function AdStep({ form, errors, onChange }: FieldStepProps) {
  return (
    <Stack gap="md">
      <NumberInput
        label={`${label('price')} (USD)`}
        placeholder="e.g. 32,500"
        value={form.price}
        onChange={(v) => onChange('price', String(v))}
        prefix="$"
        thousandSeparator=","
        allowNegative={false}
        decimalScale={2}
        hideControls
        inputMode="decimal"
        required
        error={errors.price}
      />
      <Stack gap={4}>
        <Text fz="sm" fw={500}>
          {label('condition')}
        </Text>
        <SegmentedControl
          aria-label={label('condition')}
          value={form.condition}
          onChange={(v) => onChange('condition', v)}
          data={CONDITIONS.map((c) => ({ value: c, label: CONDITION_LABELS[c] }))}
          fullWidth
        />
      </Stack>
      <DeclaredQuestion question={WIZARD_TEXTS.dutyQuestion} value={form.duty_paid} onChange={(v) => onChange('duty_paid', v)} />
      <DeclaredQuestion question={WIZARD_TEXTS.papersQuestion} value={form.papers_ready} onChange={(v) => onChange('papers_ready', v)} />
      <Textarea
        label={label('description')}
        placeholder="Service history, defects, why you are selling…"
        value={form.description}
        onChange={(e) => onChange('description', e.currentTarget.value)}
        autosize
        minRows={4}
        maxRows={10}
        maxLength={5000}
      />
      <Stack gap={6}>
        <Text fz="sm" fw={500}>
          {label('features')}
        </Text>
        <Chip.Group multiple value={form.features} onChange={(v) => onChange('features', v)}>
          <Group gap={6}>
            {POPULAR_FEATURES.map((f) => (
              <Chip key={f} value={f} size="sm" radius="sm">
                {f}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </Stack>
    </Stack>
  );
}

const NOT_SURE = 'not-sure';

/** A yes / no / not sure question about the vehicle's papers; not sure (the default) sends nothing. */
function DeclaredQuestion({ question, value, onChange }: { question: string; value: Declared; onChange(value: Declared): void }) {
  return (
    <Radio.Group label={question} value={value || NOT_SURE} onChange={(v) => onChange(v === 'yes' || v === 'no' ? v : '')}>
      <Group gap="lg" mt={6}>
        <Radio value="yes" label="Yes" />
        <Radio value="no" label="No" />
        <Radio value={NOT_SURE} label={WIZARD_TEXTS.notSure} />
      </Group>
    </Radio.Group>
  );
}

export function ContactStep({ form, errors, onChange }: FieldStepProps) {
  return (
    <Stack gap="md">
      <Text fz="sm" c="dimmed">
        How buyers reach you about this vehicle, and where they can see it.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
        <TextInput
          label={label('seller_email')}
          type="email"
          autoComplete="email"
          value={form.seller_email}
          onChange={(e) => onChange('seller_email', e.currentTarget.value)}
          required
          error={errors.seller_email}
        />
        <TextInput
          label={label('seller_phone')}
          type="tel"
          autoComplete="tel"
          placeholder="+263 77 123 4567"
          value={form.seller_phone}
          onChange={(e) => onChange('seller_phone', e.currentTarget.value)}
          required
          error={errors.seller_phone}
        />
        <Select
          label={label('region')}
          data={withValue([...REGIONS], form.region)}
          value={form.region || null}
          onChange={(v) => onChange('region', v ?? '')}
          searchable
          required
          error={errors.region}
        />
        <TextInput
          label={label('area')}
          placeholder="Suburb or town, e.g. Avondale"
          autoComplete="address-level2"
          value={form.area}
          onChange={(e) => onChange('area', e.currentTarget.value)}
          required
          error={errors.area}
        />
      </SimpleGrid>
    </Stack>
  );
}
