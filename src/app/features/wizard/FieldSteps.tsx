import { Badge, Chip, Group, NumberInput, Radio, SegmentedControl, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { CONDITION_LABELS, CONDITIONS, REGIONS, type SellerType } from '@/domain/core/constants';
import { POPULAR_FEATURES } from '@/domain/core/screenChoices';
import { capitalise } from '@/domain/listing/display';
import { allowedPlans, formatUsd, PLAN_TERMS, type SubscriptionPlan } from '@/domain/payments/fees';
import { WIZARD_TEXTS, type Declared } from '@/domain/listing/listingWizard';
import { CONTACT_CHOICES, CONTACT_CHOICE_TEXTS } from '@/domain/messages/contactChoice';
import { useSession } from '@/app/shared/session/session';
import { label, withValue, type FieldStepProps } from './fieldStep';
import { t } from '@/app/shared/i18n/language';

export function SubscriptionStep({ form, errors, onChange, sellerType, locked }: FieldStepProps & { sellerType: SellerType; locked: boolean }) {
  const plans = allowedPlans(sellerType);
  return (
    <Stack gap="md">
      <Text fz="sm" c="dimmed">
        {t(/*i18n*/ 'A listing runs for {days} days from publication. You pay the fee at the last step, or later from your dashboard.', { days: PLAN_TERMS.standard.days })}
      </Text>
      <Radio.Group value={form.subscription_plan || null} onChange={(v) => onChange('subscription_plan', v)} label={t(/*i18n*/ 'Choose your plan')} withAsterisk error={errors.subscription_plan}>
        <Stack gap="sm" mt="xs">
          {plans.map((plan) => (
            <PlanCard key={plan} plan={plan} selected={form.subscription_plan === plan} disabled={locked} />
          ))}
        </Stack>
      </Radio.Group>
      {locked ? (
        <Text fz="sm" c="dimmed">
          {t(/*i18n*/ 'This listing is published: its plan applies until it expires.')}
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
      aria-label={t(/*i18n*/ '{plan} plan', { plan: capitalise(plan) })}
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
                {t(/*i18n*/ '/ {days} days', { days: terms.days })}
              </Text>
            </Text>
          </Group>
          <Text fz="sm" c="dimmed">
            {terms.featured ? t(/*i18n*/ 'Featured listing: shown in the featured collection and marked Featured.') : t(/*i18n*/ 'A standard listing in search results.')}
          </Text>
          {terms.featured ? (
            <Badge color="gold" c="dark" variant="filled" size="sm" w="fit-content">
              {t(/*i18n*/ 'Featured')}
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
        label={t(/*i18n*/ '{label} (USD)', { label: label('price') })}
        placeholder={t(/*i18n*/ 'e.g. 32,500')}
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
          data={CONDITIONS.map((c) => ({ value: c, label: t(CONDITION_LABELS[c]) }))}
          fullWidth
        />
      </Stack>
      <DeclaredQuestion question={t(WIZARD_TEXTS.dutyQuestion)} value={form.duty_paid} onChange={(v) => onChange('duty_paid', v)} />
      <DeclaredQuestion question={t(WIZARD_TEXTS.papersQuestion)} value={form.papers_ready} onChange={(v) => onChange('papers_ready', v)} />
      <Textarea
        label={label('description')}
        placeholder={t(/*i18n*/ 'Service history, defects, why you are selling…')}
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
        <Radio value="yes" label={t(/*i18n*/ 'Yes')} />
        <Radio value="no" label={t(/*i18n*/ 'No')} />
        <Radio value={NOT_SURE} label={t(WIZARD_TEXTS.notSure)} />
      </Group>
    </Radio.Group>
  );
}

export function ContactStep({ form, errors, onChange }: FieldStepProps) {
  // An untouched listing follows the account's choice (sent as null), shown as the account's.
  const accountChoice = useSession().user?.contact_preference ?? 'phone';
  return (
    <Stack gap="md">
      <Text fz="sm" c="dimmed">
        {t(/*i18n*/ 'How buyers reach you about this vehicle, and where they can see it.')}
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
          placeholder={t(/*i18n*/ 'Suburb or town, e.g. Avondale')}
          autoComplete="address-level2"
          value={form.area}
          onChange={(e) => onChange('area', e.currentTarget.value)}
          required
          error={errors.area}
        />
      </SimpleGrid>
      <Stack gap={4}>
        <Text fz="sm" fw={500} id="listing-contact-preference">
          {label('contact_preference')}
        </Text>
        <SegmentedControl
          aria-labelledby="listing-contact-preference"
          data-testid="listing-contact-preference"
          data={CONTACT_CHOICES.map((choice) => ({ ...choice, label: t(choice.label) }))}
          value={form.contact_preference || accountChoice}
          onChange={(v) => onChange('contact_preference', v === 'messages' ? 'messages' : 'phone')}
        />
        <Text fz="xs" c="dimmed">
          {t(CONTACT_CHOICE_TEXTS.listingHint)}
        </Text>
      </Stack>
    </Stack>
  );
}
