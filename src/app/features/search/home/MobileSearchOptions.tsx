import { Button, Group, Modal, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { HOME_CONDITIONS, YEAR_MIN, yearMax } from '@/domain/core/constants';
import { HOME_PRICE_SLIDER } from '@/domain/core/screenChoices';
import { carsFoundText, HOME_CONDITION_LABELS, HOME_MOBILE_TEXTS, type HomeCondition, type MobileSearch } from '@/domain/content/home';
import type { SearchState } from '@/app/shared/search/useSearch';

/** The phone home page's 'Advanced Search Options' dialog (spec section 2.5), with the live count. */
export default function MobileSearchOptions({
  opened,
  onClose,
  search,
  update,
  live,
  options,
}: {
  opened: boolean;
  onClose: () => void;
  search: MobileSearch;
  update: (patch: Partial<MobileSearch>) => void;
  live: SearchState;
  /** How many of the dialog's options are set. */
  options: number;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={HOME_MOBILE_TEXTS.advancedSearchOptions} centered radius="lg" styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}>
      <Stack gap="sm">
        <NumberInput
          label="Maximum price"
          placeholder="Any price"
          prefix="$"
          thousandSeparator=","
          min={HOME_PRICE_SLIDER.min}
          max={HOME_PRICE_SLIDER.max}
          step={HOME_PRICE_SLIDER.step}
          allowNegative={false}
          allowDecimal={false}
          hideControls
          value={search.maxPrice ?? ''}
          onChange={(v) => update({ maxPrice: typeof v === 'number' ? v : undefined })}
        />
        <NumberInput
          label="Minimum year"
          placeholder={`Any year from ${YEAR_MIN}`}
          min={YEAR_MIN}
          max={yearMax()}
          allowNegative={false}
          allowDecimal={false}
          hideControls
          thousandSeparator={false}
          value={search.minYear ?? ''}
          onChange={(v) => update({ minYear: typeof v === 'number' ? v : undefined })}
        />
        <TextInput label="Location" placeholder="City or area, e.g. Harare" value={search.location ?? ''} onChange={(e) => update({ location: e.currentTarget.value || undefined })} />
        <Select
          label="Condition"
          placeholder="Any condition"
          data={HOME_CONDITIONS.map((c) => ({ value: c, label: HOME_CONDITION_LABELS[c] }))}
          value={search.condition ?? null}
          onChange={(v) => update({ condition: (v as HomeCondition | null) ?? undefined })}
          description="Sellers describe condition in each listing; it does not narrow the results."
          clearable
        />
        <Text fz="sm" c="dimmed" aria-live="polite">
          {live.searching && live.total === 0 ? 'Counting cars...' : `${carsFoundText(live.total)} with these options`}
        </Text>
        <Group justify="space-between" mt="xs">
          <Button variant="subtle" onClick={() => update({ maxPrice: undefined, minYear: undefined, location: undefined, condition: undefined })} disabled={!options}>
            Clear options
          </Button>
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
