import { Button, Group, Modal, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { HOME_CONDITIONS, YEAR_MIN, yearMax } from '@/domain/core/constants';
import { HOME_PRICE_SLIDER } from '@/domain/core/screenChoices';
import { HOME_CONDITION_LABELS, HOME_MOBILE_TEXTS, type HomeCondition, type MobileSearch } from '@/domain/content/home';
import type { SearchState } from '@/app/shared/search/useSearch';
import { t } from '@/app/shared/i18n/language';
import { wholeNumberText } from '@/domain/core/numbers';

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
    <Modal opened={opened} onClose={onClose} title={t(HOME_MOBILE_TEXTS.advancedSearchOptions)} centered radius="lg" styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}>
      <Stack gap="sm">
        <NumberInput
          label={t(/*i18n*/ 'Maximum price')}
          placeholder={t(/*i18n*/ 'Any price')}
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
          label={t(/*i18n*/ 'Minimum year')}
          placeholder={t(/*i18n*/ 'Any year from {year}', { year: YEAR_MIN })}
          min={YEAR_MIN}
          max={yearMax()}
          allowNegative={false}
          allowDecimal={false}
          hideControls
          thousandSeparator={false}
          value={search.minYear ?? ''}
          onChange={(v) => update({ minYear: typeof v === 'number' ? v : undefined })}
        />
        <TextInput
          label={t(/*i18n*/ 'Location')}
          placeholder={t(/*i18n*/ 'City or area, e.g. Harare')}
          value={search.location ?? ''}
          onChange={(e) => update({ location: e.currentTarget.value || undefined })}
        />
        <Select
          label={t(/*i18n*/ 'Condition')}
          placeholder={t(/*i18n*/ 'Any condition')}
          data={HOME_CONDITIONS.map((c) => ({ value: c, label: t(HOME_CONDITION_LABELS[c]) }))}
          value={search.condition ?? null}
          onChange={(v) => update({ condition: (v as HomeCondition | null) ?? undefined })}
          description={t(/*i18n*/ 'Sellers describe condition in each listing; it does not narrow the results.')}
          clearable
        />
        <Text fz="sm" c="dimmed" aria-live="polite">
          {live.searching && live.total === 0
            ? t(/*i18n*/ 'Counting cars...')
            : live.total === 1
              ? t(/*i18n*/ '{count} car found with these options', { count: wholeNumberText(live.total) })
              : t(/*i18n*/ '{count} cars found with these options', { count: wholeNumberText(live.total) })}
        </Text>
        <Group justify="space-between" mt="xs">
          <Button variant="subtle" onClick={() => update({ maxPrice: undefined, minYear: undefined, location: undefined, condition: undefined })} disabled={!options}>
            {t(/*i18n*/ 'Clear options')}
          </Button>
          <Button onClick={onClose}>{t(/*i18n*/ 'Done')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
