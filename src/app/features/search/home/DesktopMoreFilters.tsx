import { Group, Select, Slider, Stack, Text } from '@mantine/core';
import { ENGINE_SIZE_BANDS, FUEL_TYPES, REGIONS, YEAR_MIN, type VehicleType } from '@/domain/core/constants';
import { DISTANCE_OPTIONS_KM, HOME_PRICE_SLIDER } from '@/domain/core/screenChoices';
import { ATTRIBUTE_WORDS } from '@/domain/search/fieldWords';
import { usdText } from '@/domain/core/numbers';
import { t } from '@/app/shared/i18n/language';

const currentYear = new Date().getFullYear();
const YEARS = Array.from({ length: currentYear - YEAR_MIN + 1 }, (_, i) => String(currentYear - i));

/**
 * The desktop search panel's further filters, level by level: fuel and distance; engine size and the
 * maximum price; region and years. Fuel and engine size are for cars only.
 */
export function DesktopMoreFilters({ tab, level, form, set }: { tab: VehicleType; level: number; form: Record<string, string | undefined>; set: (k: string) => (v: string | null) => void }) {
  return (
    <>
      {level >= 1 && tab === 'car' ? (
        <Select
          label={t(/*i18n*/ 'Fuel type')}
          placeholder={t(/*i18n*/ 'Any fuel')}
          data={FUEL_TYPES.map((f) => ({ value: f, label: ATTRIBUTE_WORDS.fuel_type.text(f, t) }))}
          value={form.fuel_type ?? null}
          onChange={set('fuel_type')}
          clearable
        />
      ) : null}
      {level >= 1 ? (
        <Select
          label={t(/*i18n*/ 'Distance')}
          data={[{ value: '', label: t(/*i18n*/ 'Countrywide') }, ...DISTANCE_OPTIONS_KM.map((d) => ({ value: String(d), label: t(/*i18n*/ 'Within {km} km', { km: d }) }))]}
          value={form.distance ?? ''}
          onChange={(v) => set('distance')(v || null)}
          allowDeselect={false}
        />
      ) : null}
      {level >= 2 && tab === 'car' ? (
        <Select
          label={t(/*i18n*/ 'Engine size')}
          placeholder={t(/*i18n*/ 'Any size')}
          data={ENGINE_SIZE_BANDS.map((b) => ({ value: b, label: `${b} L` }))}
          value={form.engine_size ?? null}
          onChange={set('engine_size')}
          clearable
        />
      ) : null}
      {level >= 2 ? (
        <Stack gap={4}>
          <Text fz="sm" fw={500}>
            {t(/*i18n*/ 'Maximum price: {price}', { price: usdText(Number(form.max_price ?? HOME_PRICE_SLIDER.max)) })}
          </Text>
          <Slider
            aria-label={t(/*i18n*/ 'Maximum price')}
            min={HOME_PRICE_SLIDER.min}
            max={HOME_PRICE_SLIDER.max}
            step={HOME_PRICE_SLIDER.step}
            value={Number(form.max_price ?? HOME_PRICE_SLIDER.max)}
            onChange={(v) => set('max_price')(String(v))}
            label={null}
          />
        </Stack>
      ) : null}
      {level >= 3 ? <Select label={t(/*i18n*/ 'Region')} placeholder={t(/*i18n*/ 'All regions')} data={[...REGIONS]} value={form.region ?? null} onChange={set('region')} clearable /> : null}
      {level >= 3 ? (
        <Group grow gap="xs">
          <Select label={t(/*i18n*/ 'Year from')} placeholder={t(/*i18n*/ 'Any')} data={YEARS} value={form.year_from ?? null} onChange={set('year_from')} clearable />
          <Select label={t(/*i18n*/ 'Year to')} placeholder={t(/*i18n*/ 'Any')} data={YEARS} value={form.year_to ?? null} onChange={set('year_to')} clearable />
        </Group>
      ) : null}
    </>
  );
}
