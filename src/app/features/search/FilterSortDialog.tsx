import { Accordion, Button, Checkbox, Group, Modal, Select, Stack } from '@mantine/core';
import { CONSTRUCTION_ENGINE_POWER_BANDS, type VehicleType } from '@/domain/core/constants';
import { BROWSE_ENGINE_CC_OPTIONS, BROWSE_HOURS_OPTIONS, BROWSE_MILEAGE_OPTIONS_KM, BROWSE_PRICE_OPTIONS } from '@/domain/core/screenChoices';
import { CatalogueSelects } from '@/app/shared/search/CatalogueSelects';
import { usdText, wholeNumberText } from '@/domain/core/numbers';
import { TRUST_FILTER_LABELS } from '@/domain/search/browseFilters';
import { ATTRIBUTE_FIELDS, type AttributeField } from '@/domain/search/fields';
import { ATTRIBUTE_WORDS } from '@/domain/search/fieldWords';

type Fields = Record<string, string | undefined>;

const PRICE_OPTIONS = BROWSE_PRICE_OPTIONS.map((p) => ({ value: String(p), label: usdText(p) }));
const MILEAGE_TOP = BROWSE_MILEAGE_OPTIONS_KM[BROWSE_MILEAGE_OPTIONS_KM.length - 1]!;
/** "Up to" each mileage, then the last as "and more": a minimum mileage, the one option that sets `min_mileage`. */
const MILEAGE_OPTIONS = [
  ...BROWSE_MILEAGE_OPTIONS_KM.map((m) => ({ value: String(m), label: `Up to ${wholeNumberText(m)} km` })),
  { value: `${MILEAGE_TOP}+`, label: `${wholeNumberText(MILEAGE_TOP)}+ km` },
];
const HOURS_TOP = BROWSE_HOURS_OPTIONS[BROWSE_HOURS_OPTIONS.length - 1]!;
/** Equipment's operating hours, as mileage: "up to" each, then the last as "and more", the one option that sets `min_hours`. */
const HOURS_OPTIONS = [...BROWSE_HOURS_OPTIONS.map((h) => ({ value: String(h), label: `Up to ${wholeNumberText(h)} hrs` })), { value: `${HOURS_TOP}+`, label: `${wholeNumberText(HOURS_TOP)}+ hrs` }];
const CC_TOP = BROWSE_ENGINE_CC_OPTIONS[BROWSE_ENGINE_CC_OPTIONS.length - 1]!;
const ENGINE_CC_OPTIONS = [
  ...BROWSE_ENGINE_CC_OPTIONS.map((cc) => ({ value: String(cc), label: `Up to ${wholeNumberText(cc)} cc` })),
  { value: `${CC_TOP}+`, label: `${wholeNumberText(CC_TOP)} cc and more` },
];
/** Construction and farming equipment's engine power (spec section 9's bands): each band, inclusive, in horsepower. */
const ENGINE_POWER_OPTIONS = CONSTRUCTION_ENGINE_POWER_BANDS.map((b) => ({ value: b, label: `${b} HP` }));

/** An attribute filter's section (search/fields.ts): one select of its options, on the browse screens it is offered on. */
function AttributeSection({ field, type, draft, set }: { field: AttributeField; type: VehicleType; draft: Fields; set: (field: string) => (value: string | null) => void }) {
  const words = ATTRIBUTE_WORDS[field];
  if (words.types && !words.types.includes(type)) return null;
  return (
    <Accordion.Item value={field}>
      <Accordion.Control>{words.label}</Accordion.Control>
      <Accordion.Panel>
        <Select placeholder={words.any} aria-label={words.label} data={words.options.map((v) => ({ value: v, label: words.text(v) }))} value={draft[field] ?? null} onChange={set(field)} clearable />
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
    <Modal opened={opened} onClose={onClose} title="Filter and Sort" size="lg">
      <Accordion multiple defaultValue={['price', 'mileage']} variant="separated">
        <Accordion.Item value="price">
          <Accordion.Control>Price</Accordion.Control>
          <Accordion.Panel>
            <Group grow>
              <Select label="Minimum price" placeholder="Any" data={PRICE_OPTIONS} value={draft.min_price ?? null} onChange={set('min_price')} clearable />
              <Select label="Maximum price" placeholder="Any" data={PRICE_OPTIONS} value={draft.max_price ?? null} onChange={set('max_price')} clearable />
            </Group>
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="mileage">
          <Accordion.Control>Mileage</Accordion.Control>
          <Accordion.Panel>
            <Select
              label="Mileage"
              placeholder="Any"
              data={MILEAGE_OPTIONS}
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
          <Accordion.Control>Make</Accordion.Control>
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
          <Accordion.Control>Engine CC</Accordion.Control>
          <Accordion.Panel>
            <Select placeholder="Any engine" aria-label="Engine CC" data={ENGINE_CC_OPTIONS} value={draft.engine_cc ?? null} onChange={set('engine_cc')} clearable />
          </Accordion.Panel>
        </Accordion.Item>
        {type !== 'car' ? (
          <Accordion.Item value="hours">
            <Accordion.Control>Operating hours</Accordion.Control>
            <Accordion.Panel>
              <Select
                placeholder="Any hours"
                aria-label="Operating hours"
                data={HOURS_OPTIONS}
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
            <Accordion.Control>Engine power</Accordion.Control>
            <Accordion.Panel>
              <Select placeholder="Any power" aria-label="Engine power" data={ENGINE_POWER_OPTIONS} value={draft.engine_power ?? null} onChange={set('engine_power')} clearable />
            </Accordion.Panel>
          </Accordion.Item>
        ) : null}
        <Accordion.Item value="trust">
          <Accordion.Control>Papers and dealer</Accordion.Control>
          <Accordion.Panel>
            <Stack gap="sm">
              {(Object.keys(TRUST_FILTER_LABELS) as (keyof typeof TRUST_FILTER_LABELS)[]).map((field) => (
                <Checkbox key={field} label={TRUST_FILTER_LABELS[field]} checked={draft[field] === 'true'} onChange={(e) => set(field)(e.currentTarget.checked ? 'true' : null)} />
              ))}
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
      <Group justify="space-between" mt="lg">
        <Button variant="default" onClick={onReset}>
          Reset
        </Button>
        <Button onClick={onApply}>Apply</Button>
      </Group>
    </Modal>
  );
}
