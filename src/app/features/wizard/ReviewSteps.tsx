import type { ReactNode } from 'react';
import { Alert, AspectRatio, Badge, Button, Card, Checkbox, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { BODY_TYPE_LABELS, CONDITION_LABELS, PLACEHOLDER_IMAGE, VEHICLE_TYPE_LABELS, type BodyType, type Condition } from '@/domain/core/constants';
import { capitalise, fuelText, priceText } from '@/domain/listing/display';
import { formatUsd, PLAN_TERMS } from '@/domain/payments/fees';
import { asksEnginePower, asksOperatingHours, expiryText, FIELD_LABELS, listingLocation, planOf, WIZARD_TEXTS, type Declared, type WizardField, type WizardForm } from '@/domain/listing/listingWizard';
import { wholeNumberText } from '@/domain/core/numbers';
import { CONTACT_CHOICE_TEXTS, CONTACT_CHOICES } from '@/domain/messages/contactChoice';
import type { WizardPhoto } from './wizardPhoto';
import { currentLanguage, t } from '@/app/shared/i18n/language';

function money(text: string): string {
  const n = Number(text.replace(/,/g, ''));
  return text.trim() && Number.isFinite(n) ? priceText(n) : '';
}

function categoryLabel(form: WizardForm): string {
  if (!form.category) return '';
  return form.vehicle_type === 'car' && form.category in BODY_TYPE_LABELS ? t(BODY_TYPE_LABELS[form.category as BodyType]) : capitalise(form.category);
}

export function listingTitle(form: WizardForm): string {
  return [form.year, form.make, form.model, form.variant].filter((s) => s.trim()).join(' ') || t(/*i18n*/ 'Your vehicle');
}

const declaredText = (v: Declared): string => t(v === 'yes' ? /*i18n*/ 'Yes' : v === 'no' ? /*i18n*/ 'No' : WIZARD_TEXTS.notSure);

function Row({ field, value }: { field: WizardField | string; value: string }) {
  const text = t(field in FIELD_LABELS ? FIELD_LABELS[field as WizardField] : field);
  return (
    <Group justify="space-between" wrap="nowrap" gap="md" py={4} style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
      <Text fz="sm" c="dimmed">
        {text}
      </Text>
      <Text fz="sm" fw={500} ta="right" style={{ overflowWrap: 'anywhere' }}>
        {value || '—'}
      </Text>
    </Group>
  );
}

function Section({ title, step, onEdit, children }: { title: string; step: number; onEdit(step: number): void; children: ReactNode }) {
  return (
    <Card padding="md" radius="md">
      <Group justify="space-between" mb={6}>
        <Title order={4} fz="md">
          {t(title)}
        </Title>
        <Button size="compact-sm" variant="subtle" onClick={() => onEdit(step)} aria-label={t(/*i18n*/ 'Edit {section}', { section: t(title) })}>
          {t(/*i18n*/ 'Edit')}
        </Button>
      </Group>
      {children}
    </Card>
  );
}

/** Step 6: everything the listing will show, each part with a way back to its step. */
export function ReviewStep({ form, photos, onEdit }: { form: WizardForm; photos: WizardPhoto[]; onEdit(step: number): void }) {
  const plan = planOf(form);
  return (
    <Stack gap="sm">
      <Section title={/*i18n*/ 'Vehicle Details'} step={1} onEdit={onEdit}>
        <Row field="vehicle_type" value={t(VEHICLE_TYPE_LABELS[form.vehicle_type])} />
        <Row field="make" value={form.make} />
        <Row field="model" value={form.model} />
        <Row field="variant" value={form.variant} />
        <Row field="year" value={form.year} />
        <Row field="fuel_type" value={form.fuel_type ? fuelText(form.fuel_type) : ''} />
        <Row field="transmission" value={capitalise(form.transmission)} />
        <Row field="mileage" value={form.mileage ? `${wholeNumberText(Number(form.mileage))} km` : ''} />
        <Row field="color" value={form.color} />
        <Row field={form.vehicle_type === 'car' ? 'category' : /*i18n*/ 'Category'} value={categoryLabel(form)} />
        <Row field="engine_size" value={form.engine_size ? `${form.engine_size} L` : ''} />
        {asksEnginePower(form.vehicle_type) ? <Row field="engine_power_hp" value={form.engine_power_hp ? `${wholeNumberText(Number(form.engine_power_hp))} HP` : ''} /> : null}
        {asksOperatingHours(form.vehicle_type) ? <Row field="operating_hours" value={form.operating_hours ? `${wholeNumberText(Number(form.operating_hours.replace(/,/g, '')))} hrs` : ''} /> : null}
      </Section>
      <Section title={/*i18n*/ 'Subscription'} step={2} onEdit={onEdit}>
        <Row
          field="subscription_plan"
          value={plan ? t(/*i18n*/ '{plan}: {price} / {days} days', { plan: capitalise(plan), price: formatUsd(PLAN_TERMS[plan].priceCents), days: PLAN_TERMS[plan].days }) : ''}
        />
      </Section>
      <Section title={/*i18n*/ 'Ad Details'} step={3} onEdit={onEdit}>
        <Row field="price" value={money(form.price)} />
        <Row field="condition" value={form.condition in CONDITION_LABELS ? t(CONDITION_LABELS[form.condition as Condition]) : form.condition} />
        <Row field="duty_paid" value={declaredText(form.duty_paid)} />
        <Row field="papers_ready" value={declaredText(form.papers_ready)} />
        <Row field="features" value={form.features.join(', ')} />
        <Text fz="sm" c="dimmed" mt={6}>
          {t(FIELD_LABELS.description)}
        </Text>
        <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {form.description.trim() || '—'}
        </Text>
      </Section>
      <Section title={/*i18n*/ 'Contact Info'} step={4} onEdit={onEdit}>
        <Row field="seller_email" value={form.seller_email} />
        <Row field="seller_phone" value={form.seller_phone} />
        <Row field="region" value={form.region} />
        <Row field="area" value={form.area} />
        <Row field="contact_preference" value={t(CONTACT_CHOICES.find((c) => c.value === form.contact_preference)?.label ?? CONTACT_CHOICE_TEXTS.sameAsAccount)} />
      </Section>
      <Section title={/*i18n*/ 'Photos'} step={5} onEdit={onEdit}>
        <PhotoStrip photos={photos} />
      </Section>
    </Stack>
  );
}

function PhotoStrip({ photos }: { photos: WizardPhoto[] }) {
  if (!photos.length) {
    return (
      <Text fz="sm" c="dimmed">
        {t(/*i18n*/ 'No photos: the listing shows a placeholder image.')}
      </Text>
    );
  }
  return (
    <SimpleGrid cols={{ base: 4, sm: 8 }} spacing={6}>
      {photos.map((p, i) => (
        <AspectRatio key={p.id} ratio={4 / 3}>
          <Image src={p.preview} alt={i === 0 ? t(/*i18n*/ 'Main photo') : t(/*i18n*/ 'Photo {n}', { n: i + 1 })} radius="sm" fit="cover" />
        </AspectRatio>
      ))}
    </SimpleGrid>
  );
}

export interface FreeOffer {
  expiresAt: string;
  activeCount: number;
}

/** Step 7: the summary to confirm, the admin-only feature switch, and the free-listing offer. */
export function VerifyStep({
  form,
  photos,
  isAdmin,
  onFeatured,
  freeOffer,
  onFree,
  busy,
}: {
  form: WizardForm;
  photos: WizardPhoto[];
  isAdmin: boolean;
  onFeatured(v: boolean): void;
  freeOffer: FreeOffer | null;
  onFree(): void;
  busy: boolean;
}) {
  const plan = planOf(form);
  return (
    <Stack gap="md">
      <Card padding={0} radius="md">
        <Group wrap="nowrap" align="stretch" gap={0}>
          <AspectRatio ratio={4 / 3} w={{ base: 120, sm: 200 }} style={{ flex: '0 0 auto' }}>
            <Image src={photos[0]?.preview ?? PLACEHOLDER_IMAGE} alt={t(/*i18n*/ 'Main photo')} fit="cover" />
          </AspectRatio>
          <Stack gap={4} p="sm" style={{ minWidth: 0 }}>
            <Text fw={700} lineClamp={2}>
              {listingTitle(form)}
            </Text>
            <Text fw={800} fz="lg" c="brand.7">
              {money(form.price)}
            </Text>
            <Text fz="sm" c="dimmed" lineClamp={1}>
              {listingLocation(form) ?? ''}
            </Text>
            <Text fz="xs" c="dimmed">
              {photos.length === 1 ? t(/*i18n*/ '{count} photo', { count: 1 }) : t(/*i18n*/ '{count} photos', { count: photos.length })}
              {plan ? ` · ${t(/*i18n*/ '{plan} plan, {price} / {days} days', { plan: capitalise(plan), price: formatUsd(PLAN_TERMS[plan].priceCents), days: PLAN_TERMS[plan].days })}` : ''}
            </Text>
          </Stack>
        </Group>
      </Card>
      <Text fz="sm">
        {t(/*i18n*/ '‘Create listing’ sends your listing; you then pay the listing fee to publish it. If you are offline, it is kept on this device and sent when the connection returns.')}
      </Text>
      {isAdmin ? (
        <Card padding="sm" radius="md" bg="gold.0">
          <Group gap="sm" wrap="nowrap">
            <Checkbox label={t(FIELD_LABELS.featured)} checked={form.featured} onChange={(e) => onFeatured(e.currentTarget.checked)} />
            <Badge color="gold" c="dark" variant="filled" size="sm">
              {t(/*i18n*/ 'ADMIN ONLY')}
            </Badge>
          </Group>
        </Card>
      ) : null}
      {freeOffer ? (
        <Alert color="brand" variant="light" title={t(/*i18n*/ 'You can list this vehicle for free')}>
          <Stack gap="xs">
            <Text fz="sm">
              {freeOffer.activeCount === 1
                ? t(/*i18n*/ 'You have {count} active listing, so this one can be published now at no cost. It shares their expiry date: {date}.', {
                    count: 1,
                    date: expiryText(freeOffer.expiresAt, currentLanguage()),
                  })
                : t(/*i18n*/ 'You have {count} active listings, so this one can be published now at no cost. It shares their expiry date: {date}.', {
                    count: freeOffer.activeCount,
                    date: expiryText(freeOffer.expiresAt, currentLanguage()),
                  })}
            </Text>
            <Button onClick={onFree} loading={busy} w="fit-content">
              {t(/*i18n*/ 'Publish for free')}
            </Button>
          </Stack>
        </Alert>
      ) : null}
    </Stack>
  );
}
