import { Accordion, Button, Checkbox, Group, Modal, Select, Stack } from '@mantine/core';
import { CONSTRUCTION_ENGINE_POWER_BANDS, type VehicleType } from '@/domain/core/constants';
import { BROWSE_ENGINE_CC_OPTIONS, BROWSE_HOURS_OPTIONS, BROWSE_MILEAGE_OPTIONS_KM, BROWSE_PRICE_OPTIONS } from '@/domain/core/screenChoices';
import { CatalogueSelects } from '@/app/shared/search/CatalogueSelects';
import { usdText, wholeNumberText } from '@/domain/core/numbers';
import { TRUST_FILTER_LABELS } from '@/domain/search/browseFilters';
import { ATTRIBUTE_FIELDS, type AttributeField } from '@/domain/search/fields';
import { ATTRIBUTE_WORDS } from '@/domain/search/fieldWords';
import { t } from '@/app/shared/i18n/language';

type Fields = Record<string, string | undefined>;

const PRICE_OPTIONS = BROWSE_PRICE_OPTIONS.map((p) => ({ value: String(p), label: usdText(p) }));
const MILEAGE_TOP = BROWSE_MILEAGE_OPTIONS_KM[BROWSE_MILEAGE_OPTIONS_KM.length - 1]!;
/** "Up to" each mileage, then the last as "and more": a minimum mileage, the one option that sets `min_mileage`. */
const mileageOptions = () => [
  ...BROWSE_MILEAGE_OPTIONS_KM.map((m) => ({ value: String(m), label: t(/*i18n*/ 'Up to {count} km', { count: wholeNumberText(m) }) })),
  { value: `${MILEAGE_TOP}+`, label: `${wholeNumberText(MILEAGE_TOP)}+ km` },
];
const HOURS_TOP = BROWSE_HOURS_OPTIONS[BROWSE_HOURS_OPTIONS.length - 1]!;
/** Equipment's operating hours, as mileage: "up to" each, then the last as "and more", the one option that sets `min_hours`. */
const hoursOptions = () => [
  ...BROWSE_HOURS_OPTIONS.map((h) => ({ value: String(h), label: t(/*i18n*/ 'Up to {count} hrs', { count: wholeNumberText(h) }) })),
  { value: `${HOURS_TOP}+`, label: t(/*i18n*/ '{count}+ hrs', { count: wholeNumberText(HOURS_TOP) }) },
];
const CC_TOP = BROWSE_ENGINE_CC_OPTIONS[BROWSE_ENGINE_CC_OPTIONS.length - 1]!;
const engineCcOptions = () => [
  ...BROWSE_ENGINE_CC_OPTIONS.map((cc) => ({ value: String(cc), label: t(/*i18n*/ 'Up to {count} cc', { count: wholeNumberText(cc) }) })),
  { value: `${CC_TOP}+`, label: t(/*i18n*/ '{count} cc and more', { count: wholeNumberText(CC_TOP) }) },
];
/** Construction and farming equipment's engine power (spec section 9's bands): each band, inclusive, in horsepower. */
const ENGINE_POWER_OPTIONS = CONSTRUCTION_ENGINE_POWER_BANDS.map((b) => ({ value: b, label: `${b} HP` }));

/** An attribute filter's section (search/fields.ts): one select of its options, on the browse screens it is offered on. */
function AttributeSection({ field, type, draft, set }: { field: AttributeField; type: VehicleType; draft: Fields; set: (field: string) => (value: string | null) => void }) {
  const words = ATTRIBUTE_WORDS[field];
  if (words.types && !words.types.includes(type)) return null;
  return (
    <Accordion.Item value={field}>
      <Accordion.Control>{t(words.label)}</Accordion.Control>
      <Accordion.Panel>
        <Select
          placeholder={t(words.any)}
          aria-label={t(words.label)}
          data={words.options.map((v) => ({ value: v, label: words.text(v, t) }))}
          value={draft[field] ?? null}
          onChange={set(field)}
          clearable
        />
      </Accordion.Panel>
    </Accordion.Item>
  );
}

/** The 'Filter and Sort' dialog of the browse screens (spec section 2.6): its accordion sections, Reset and Apply. */
export default function FilterSortDialog({
  opened,
  onClose,
  type,
  draft,
  set,
  onReset,
  onApply,
}: {
  opened: boolean;
  onClose: () => void;
  type: VehicleType;
  /** The filters being chosen, applied only by Apply. */
  draft: Fields;
  set: (field: string) => (value: string | null) => void;
  onReset: () => void;
  onApply: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={t(/*i18n*/ 'Filter and Sort')} size="lg">
      <Accordion multiple defaultValue={['price', 'mileage']} variant="separated">
        <Accordion.Item value="price">
          <Accordion.Control>{t(/*i18n*/ 'Price')}</Accordion.Control>
          <Accordion.Panel>
            <Group grow>
              <Select label={t(/*i18n*/ 'Minimum price')} placeholder={t(/*i18n*/ 'Any')} data={PRICE_OPTIONS} value={draft.min_price ?? null} onChange={set('min_price')} clearable />
              <Select label={t(/*i18n*/ 'Maximum price')} placeholder={t(/*i18n*/ 'Any')} data={PRICE_OPTIONS} value={draft.max_price ?? null} onChange={set('max_price')} clearable />
            </Group>
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="mileage">
          <Accordion.Control>{t(/*i18n*/ 'Mileage')}</Accordion.Control>
          <Accordion.Panel>
            <Select
              label={t(/*i18n*/ 'Mileage')}
              placeholder={t(/*i18n*/ 'Any')}
              data={mileageOptions()}
              value={draft.min_mileage ? `${draft.min_mileage}+` : (draft.max_mileage ?? null)}
              onChange={(v) => {
                set('min_mileage')(v?.endsWith('+') ? v.slice(0, -1) : null);
                set('max_mileage')(v?.endsWith('+') ? null : v);
              }}
              clearable
            />
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="make">
          <Accordion.Control>{t(/*i18n*/ 'Make')}</Accordion.Control>
          <Accordion.Panel>
            <Stack gap="sm">
              <CatalogueSelects vehicleType={type} value={draft} onChange={(field, v) => set(field)(v)} />
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
        {ATTRIBUTE_FIELDS.map((field) => (
          <AttributeSection key={field} field={field} type={type} draft={draft} set={set} />
        ))}
        <Accordion.Item value="engine">
          <Accordion.Control>{t(/*i18n*/ 'Engine CC')}</Accordion.Control>
          <Accordion.Panel>
            <Select placeholder={t(/*i18n*/ 'Any engine')} aria-label={t(/*i18n*/ 'Engine CC')} data={engineCcOptions()} value={draft.engine_cc ?? null} onChange={set('engine_cc')} clearable />
          </Accordion.Panel>
        </Accordion.Item>
        {type !== 'car' ? (
          <Accordion.Item value="hours">
            <Accordion.Control>{t(/*i18n*/ 'Operating hours')}</Accordion.Control>
            <Accordion.Panel>
              <Select
                placeholder={t(/*i18n*/ 'Any hours')}
                aria-label={t(/*i18n*/ 'Operating hours')}
                data={hoursOptions()}
                value={draft.min_hours ? `${draft.min_hours}+` : (draft.max_hours ?? null)}
                onChange={(v) => {
                  set('min_hours')(v?.endsWith('+') ? v.slice(0, -1) : null);
                  set('max_hours')(v?.endsWith('+') ? null : v);
                }}
                clearable
              />
            </Accordion.Panel>
          </Accordion.Item>
        ) : null}
        {type !== 'car' ? (
          <Accordion.Item value="power">
            <Accordion.Control>{t(/*i18n*/ 'Engine power')}</Accordion.Control>
            <Accordion.Panel>
              <Select
                placeholder={t(/*i18n*/ 'Any power')}
                aria-label={t(/*i18n*/ 'Engine power')}
                data={ENGINE_POWER_OPTIONS}
                value={draft.engine_power ?? null}
                onChange={set('engine_power')}
                clearable
              />
            </Accordion.Panel>
          </Accordion.Item>
        ) : null}
        <Accordion.Item value="trust">
          <Accordion.Control>{t(/*i18n*/ 'Papers and dealer')}</Accordion.Control>
          <Accordion.Panel>
            <Stack gap="sm">
              {(Object.keys(TRUST_FILTER_LABELS) as (keyof typeof TRUST_FILTER_LABELS)[]).map((field) => (
                <Checkbox key={field} label={t(TRUST_FILTER_LABELS[field])} checked={draft[field] === 'true'} onChange={(e) => set(field)(e.currentTarget.checked ? 'true' : null)} />
              ))}
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
      <Group justify="space-between" mt="lg">
        <Button variant="default" onClick={onReset}>
          {t(/*i18n*/ 'Reset')}
        </Button>
        <Button onClick={onApply}>{t(/*i18n*/ 'Apply')}</Button>
      </Group>
    </Modal>
  );
}
