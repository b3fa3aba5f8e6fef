import { NumberInput, SegmentedControl, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { BODY_TYPE_LABELS, TRANSMISSIONS, VEHICLE_TYPE_LABELS, VEHICLE_TYPES, YEAR_MIN, yearMax, type BodyType, type VehicleType } from '@/domain/core/constants';
import { CATEGORIES_BY_TYPE, WIZARD_FUEL_TYPES } from '@/domain/core/screenChoices';
import { capitalise, fuelText } from '@/domain/listing/display';
import { acceptsMileage, acceptsOperatingHours, asksEnginePower, asksOperatingHours } from '@/domain/listing/listingWizard';
import { SEARCH_FIELD_TEXTS } from '@/domain/search/searchFieldTexts';
import { useCatalogueOptions, type CatalogueOptions } from '@/app/shared/search/catalogueOptions';
import { label, withValue, type FieldStepProps } from './fieldStep';
import { t } from '@/app/shared/i18n/language';

/** Step 1: the vehicle's type, make, model and details. */
export function VehicleStep({ form, errors, onChange }: FieldStepProps) {
  const options = useCatalogueOptions(form.vehicle_type);
  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label={label('vehicle_type')}
        value={form.vehicle_type}
        onChange={(v) => onChange('vehicle_type', v as VehicleType)}
        data={VEHICLE_TYPES.map((v) => ({ value: v, label: t(VEHICLE_TYPE_LABELS[v]) }))}
        fullWidth
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
        <CatalogueFields form={form} errors={errors} onChange={onChange} options={options} />
        <RequiredDetails form={form} errors={errors} onChange={onChange} />
        <OptionalDetails form={form} errors={errors} onChange={onChange} />
      </SimpleGrid>
    </Stack>
  );
}

/** Make, model and variant, from the catalogue of the vehicle's type. */
function CatalogueFields({ form, errors, onChange, options }: FieldStepProps & { options: CatalogueOptions }) {
  const models = form.make ? options.models(form.make) : [];
  const variants = form.make && form.model ? options.variants(form.make, form.model) : [];
  return (
    <>
      <Select
        label={label('make')}
        placeholder={t(/*i18n*/ 'Choose a make')}
        data={withValue(options.makes, form.make)}
        value={form.make || null}
        onChange={(v) => onChange('make', v ?? '')}
        searchable
        required
        error={errors.make}
        nothingFoundMessage={t(SEARCH_FIELD_TEXTS.noOptions)}
      />
      <Select
        label={label('model')}
        placeholder={t(form.make ? /*i18n*/ 'Choose a model' : SEARCH_FIELD_TEXTS.selectMakeFirst)}
        data={withValue(models, form.model)}
        value={form.model || null}
        onChange={(v) => onChange('model', v ?? '')}
        disabled={!form.make}
        searchable
        required
        error={errors.model}
        nothingFoundMessage={t(SEARCH_FIELD_TEXTS.noOptions)}
      />
      <Select
        label={label('variant')}
        placeholder={t(form.model ? (variants.length ? /*i18n*/ 'Choose a variant (optional)' : SEARCH_FIELD_TEXTS.noOptions) : SEARCH_FIELD_TEXTS.selectModelFirst)}
        data={withValue(variants, form.variant)}
        value={form.variant || null}
        onChange={(v) => onChange('variant', v ?? '')}
        disabled={!form.model}
        searchable
        clearable
      />
    </>
  );
}

/** Year, fuel, transmission, mileage and colour. */
function RequiredDetails({ form, errors, onChange }: FieldStepProps) {
  return (
    <>
      <NumberInput
        label={label('year')}
        placeholder={t(/*i18n*/ '{min} to {max}', { min: YEAR_MIN, max: yearMax() })}
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
        placeholder={t(/*i18n*/ 'Choose fuel type')}
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
        placeholder={t(/*i18n*/ 'Choose transmission')}
        data={TRANSMISSIONS.map((v) => ({ value: v, label: capitalise(v) }))}
        value={form.transmission || null}
        onChange={(v) => onChange('transmission', v ?? '')}
        required
        error={errors.transmission}
      />
      <TextInput
        label={t(/*i18n*/ '{label} (km)', { label: label('mileage') })}
        placeholder={t(/*i18n*/ 'e.g. 84000')}
        value={form.mileage}
        onChange={(e) => acceptsMileage(e.currentTarget.value) && onChange('mileage', e.currentTarget.value)}
        inputMode="numeric"
        autoComplete="off"
        required
        error={errors.mileage}
      />
      <TextInput
        label={label('color')}
        placeholder={t(/*i18n*/ 'e.g. White')}
        value={form.color}
        onChange={(e) => onChange('color', e.currentTarget.value)}
        autoComplete="off"
        required
        error={errors.color}
      />
    </>
  );
}

/** Category, engine size, and the engine's power or operating hours where the vehicle's type has them. */
function OptionalDetails({ form, errors, onChange }: FieldStepProps) {
  const categories = CATEGORIES_BY_TYPE[form.vehicle_type];
  return (
    <>
      <Select
        label={form.vehicle_type === 'car' ? label('category') : t(/*i18n*/ 'Category')}
        placeholder={t(/*i18n*/ 'Optional')}
        data={withValue([...categories], form.category).map((c) => ({ value: c, label: form.vehicle_type === 'car' && c in BODY_TYPE_LABELS ? t(BODY_TYPE_LABELS[c as BodyType]) : capitalise(c) }))}
        value={form.category || null}
        onChange={(v) => onChange('category', v ?? '')}
        clearable
      />
      <TextInput
        label={t(/*i18n*/ '{label} (litres)', { label: label('engine_size') })}
        placeholder={t(/*i18n*/ 'Optional, e.g. 2.8')}
        value={form.engine_size}
        onChange={(e) => /^\d*\.?\d*$/.test(e.currentTarget.value) && onChange('engine_size', e.currentTarget.value)}
        inputMode="decimal"
        autoComplete="off"
        error={errors.engine_size}
      />
      {asksEnginePower(form.vehicle_type) ? (
        <TextInput
          label={label('engine_power_hp')}
          placeholder={t(/*i18n*/ 'Optional, e.g. 150')}
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
          placeholder={t(/*i18n*/ 'Optional, e.g. 1,200')}
          value={form.operating_hours}
          onChange={(e) => acceptsOperatingHours(e.currentTarget.value) && onChange('operating_hours', e.currentTarget.value)}
          inputMode="numeric"
          autoComplete="off"
          error={errors.operating_hours}
        />
      ) : null}
    </>
  );
}
