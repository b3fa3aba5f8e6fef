import { Button, Group, Input, Select, SimpleGrid, Slider, Text } from '@mantine/core';
import { ENGINE_SIZE_BANDS, REGIONS } from '@/domain/core/constants';
import { DEALER_PRICE_SLIDER, DISTANCE_OPTIONS_KM } from '@/domain/core/screenChoices';
import { DEALER_FILTER_LEVEL, DEALER_FILTER_LEVEL_MAX, DEALER_FUEL_TYPES, DEALER_PAGE_TEXTS } from './dealerPage';
import { ATTRIBUTE_WORDS } from '@/domain/search/fieldWords';
import { usdText } from '@/domain/core/numbers';
import { CatalogueSelects } from '@/app/shared/search/CatalogueSelects';
import { FilterChips } from '@/app/shared/search/FilterChips';
import { countText } from './countText';
import type { DealerField, DealerInventory } from './useDealerInventory';
import { t } from '@/app/shared/i18n/language';

/** Under the tabs: the cars' filter form and the applied filters' chips, or a line saying what another tab lists. */
export function DealerFilters({ dealerId, inventory: { tabs, form, chips, results } }: { dealerId: string; inventory: DealerInventory }) {
  const { car, setCar, level, price, setPrice, yearsFrom, yearsTo } = form;
  const meta = tabs.meta;
  return tabs.shown === 'car' ? (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm" verticalSpacing="sm">
        <CatalogueSelects
          vehicleType="car"
          sellerId={dealerId}
          dealer
          value={{ make: car.make || undefined, model: car.model || undefined, variant: car.variant || undefined }}
          onChange={(field, v) => setCar(field, v ?? '')}
        />
        {level >= DEALER_FILTER_LEVEL.fuelAndEngine ? (
          <>
            <Select
              label={t(/*i18n*/ 'Fuel Type')}
              placeholder={t(/*i18n*/ 'All fuel types')}
              data={DEALER_FUEL_TYPES.map((f) => ({ value: f, label: ATTRIBUTE_WORDS.fuel_type.text(f, t) }))}
              value={car.fuel_type || null}
              onChange={(v) => setCar('fuel_type', v ?? '')}
              clearable
            />
            <Select
              label={t(/*i18n*/ 'Engine Size')}
              placeholder={t(/*i18n*/ 'All engine sizes')}
              data={ENGINE_SIZE_BANDS.map((b) => ({ value: b, label: `${b} L` }))}
              value={car.engine_size || null}
              onChange={(v) => setCar('engine_size', v ?? '')}
              clearable
            />
          </>
        ) : null}
        {level >= DEALER_FILTER_LEVEL.priceAndYear ? (
          <>
            <Input.Wrapper label={t(/*i18n*/ 'Maximum Price: {price}', { price: price >= DEALER_PRICE_SLIDER.max ? t(/*i18n*/ 'Any price') : usdText(price) })}>
              <Slider
                thumbLabel={t(/*i18n*/ 'Maximum Price')}
                min={DEALER_PRICE_SLIDER.min}
                max={DEALER_PRICE_SLIDER.max}
                step={DEALER_PRICE_SLIDER.step}
                value={price}
                onChange={setPrice}
                onChangeEnd={(v) => setCar('max_price', v)}
                label={usdText}
                mt={12}
              />
            </Input.Wrapper>
            <Group grow gap="xs" align="flex-start">
              <Select label={t(/*i18n*/ 'Year From')} placeholder={t(/*i18n*/ 'Any')} data={yearsFrom} value={car.year_from || null} onChange={(v) => setCar('year_from', v ?? '')} clearable />
              <Select label={t(/*i18n*/ 'Year To')} placeholder={t(/*i18n*/ 'Any')} data={yearsTo} value={car.year_to || null} onChange={(v) => setCar('year_to', v ?? '')} clearable />
            </Group>
          </>
        ) : null}
        {level >= DEALER_FILTER_LEVEL.regionAndDistance ? (
          <>
            <Select label={t(/*i18n*/ 'Region')} placeholder={t(/*i18n*/ 'All regions')} data={[...REGIONS]} value={car.region || null} onChange={(v) => setCar('region', v ?? '')} clearable />
            <Select
              label={t(/*i18n*/ 'Distance')}
              data={[{ value: '', label: t(/*i18n*/ 'Countrywide') }, ...DISTANCE_OPTIONS_KM.map((d) => ({ value: String(d), label: t(/*i18n*/ 'Within {km} km', { km: d }) }))]}
              value={car.distance}
              onChange={(v) => setCar('distance', v ?? '')}
              allowDeselect={false}
            />
          </>
        ) : null}
      </SimpleGrid>

      <Group mt="md" justify="space-between" gap="sm">
        <Button variant="subtle" px="xs" onClick={form.nextLevel}>
          {level >= DEALER_FILTER_LEVEL_MAX ? t(DEALER_PAGE_TEXTS.hideAllFilters) : t(/*i18n*/ 'Show more filters')}
        </Button>
        <Group gap="sm">
          <Button variant="default" onClick={form.reset}>
            {t(/*i18n*/ 'Reset')}
          </Button>
          <Button onClick={form.submit} disabled={results.loading}>
            {form.liveCount === null ? t(meta.show) : countText(form.liveCount, meta.showCount)}
          </Button>
        </Group>
      </Group>

      <FilterChips chips={chips.shown} onRemove={(field) => chips.remove(field as DealerField)} mt="md" aria-label={t(/*i18n*/ 'Active filters')} />
    </>
  ) : (
    <Text c="dimmed" fz="sm">
      {t(meta.every)}
    </Text>
  );
}
