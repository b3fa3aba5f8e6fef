import { Accordion, Button, Group, Modal, Select, Stack } from '@mantine/core';
import { BODY_TYPES, BODY_TYPE_LABELS, CONDITIONS, CONDITION_LABELS, DRIVE_TYPES, FUEL_TYPES, TRANSMISSIONS, type VehicleType } from '../../domain/constants';
import { capitalise, fuelText } from '../../domain/display';
import { CatalogueSelects } from './CatalogueSelects';
import { wholeNumberText } from '../../domain/numbers';

type Fields = Record<string, string | undefined>;

const PRICE_OPTIONS = [1000, 2000, 5000, 10_000, 15_000, 20_000, 30_000, 50_000, 75_000, 100_000].map((p) => ({ value: String(p), label: `$${wholeNumberText(p)}` }));
const MILEAGE_OPTIONS = [10_000, 25_000, 50_000, 75_000, 100_000, 150_000, 200_000, 300_000].map((m) => ({ value: String(m), label: `Up to ${wholeNumberText(m)} km` }));
const ENGINE_CC_OPTIONS = [
  ...[1000, 1500, 2000, 2500, 3000].map((cc) => ({ value: String(cc), label: `Up to ${wholeNumberText(cc)} cc` })),
  { value: '4000+', label: '4,000 cc and more' },
];
const options = (values: readonly string[], label: (v: string) => string = capitalise) => values.map((v) => ({ value: v, label: label(v) }));

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
            <Select label="Maximum mileage" placeholder="Any" data={MILEAGE_OPTIONS} value={draft.max_mileage ?? null} onChange={set('max_mileage')} clearable />
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
        {type === 'car' ? (
          <Accordion.Item value="body">
            <Accordion.Control>Body type</Accordion.Control>
            <Accordion.Panel>
              <Select placeholder="All body types" aria-label="Body type" data={options(BODY_TYPES, (b) => BODY_TYPE_LABELS[b as keyof typeof BODY_TYPE_LABELS])} value={draft.category ?? null} onChange={set('category')} clearable />
            </Accordion.Panel>
          </Accordion.Item>
        ) : null}
        <Accordion.Item value="condition">
          <Accordion.Control>Condition</Accordion.Control>
          <Accordion.Panel>
            <Select placeholder="Any condition" aria-label="Condition" data={options(CONDITIONS, (c) => CONDITION_LABELS[c as keyof typeof CONDITION_LABELS])} value={draft.condition ?? null} onChange={set('condition')} clearable />
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="fuel">
          <Accordion.Control>Fuel</Accordion.Control>
          <Accordion.Panel>
            <Select placeholder="Any fuel" aria-label="Fuel" data={options(FUEL_TYPES, (f) => fuelText(f))} value={draft.fuel_type ?? null} onChange={set('fuel_type')} clearable />
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="transmission">
          <Accordion.Control>Transmission</Accordion.Control>
          <Accordion.Panel>
            <Select placeholder="Any transmission" aria-label="Transmission" data={options(TRANSMISSIONS)} value={draft.transmission ?? null} onChange={set('transmission')} clearable />
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="engine">
          <Accordion.Control>Engine CC</Accordion.Control>
          <Accordion.Panel>
            <Select placeholder="Any engine" aria-label="Engine CC" data={ENGINE_CC_OPTIONS} value={draft.engine_cc ?? null} onChange={set('engine_cc')} clearable />
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="drive">
          <Accordion.Control>Drive type</Accordion.Control>
          <Accordion.Panel>
            <Select placeholder="Any drive" aria-label="Drive type" data={options(DRIVE_TYPES, (d) => d.toUpperCase())} value={draft.drive_type ?? null} onChange={set('drive_type')} clearable />
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
