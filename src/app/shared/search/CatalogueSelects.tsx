import { Select, Stack, Text } from '@mantine/core';
import { SEARCH_FIELD_TEXTS } from '@/domain/search/searchFieldTexts';
import { useCatalogueOptions } from './catalogueOptions';
import { t } from '@/app/shared/i18n/language';

export interface CatalogueValue {
  make?: string | undefined;
  model?: string | undefined;
  variant?: string | undefined;
}

/**
 * Make, model and variant selects over the device's catalogue. A model needs a make, a variant a
 * model; a model with no listing here disables the variant and says so (spec section 5). The parent
 * clears model and variant when the make changes, and the variant when the model does.
 */
export function CatalogueSelects({
  vehicleType,
  sellerId,
  value,
  onChange,
  withVariant = true,
  dealer = false,
}: {
  vehicleType: string;
  /** Only this seller's listings count as inventory (the dealer page). */
  sellerId?: string;
  value: CatalogueValue;
  onChange: (field: 'make' | 'model' | 'variant', value: string | null) => void;
  withVariant?: boolean;
  /** The dealer page: only the dealer's own makes, and its texts (spec sections 4 and 5). */
  dealer?: boolean;
}) {
  const options = useCatalogueOptions(vehicleType, sellerId);
  const { make, model } = value;
  const unavailable = !!make && !!model && options.ready && !options.inInventory(make, model);
  return (
    <>
      <Select
        label={t(/*i18n*/ 'Make')}
        placeholder={t(/*i18n*/ 'All makes')}
        data={dealer ? options.stockMakes : options.makes}
        value={make ?? null}
        onChange={(v) => onChange('make', v)}
        clearable
        searchable
        nothingFoundMessage={t(SEARCH_FIELD_TEXTS.noOptions)}
      />
      <Select
        label={t(/*i18n*/ 'Model')}
        placeholder={make ? t(/*i18n*/ 'All models') : t(SEARCH_FIELD_TEXTS.selectMakeFirst)}
        data={make ? options.models(make) : []}
        value={model ?? null}
        onChange={(v) => onChange('model', v)}
        disabled={!make}
        clearable
        searchable
        nothingFoundMessage={t(SEARCH_FIELD_TEXTS.noOptions)}
      />
      {withVariant ? (
        <Stack gap={4}>
          <Select
            label={t(/*i18n*/ 'Variant')}
            placeholder={!make || !model ? t(SEARCH_FIELD_TEXTS.selectModelFirst) : unavailable ? t(SEARCH_FIELD_TEXTS.modelUnavailable) : t(/*i18n*/ 'All variants')}
            data={make && model && !unavailable ? options.variants(make, model) : []}
            value={unavailable ? null : (value.variant ?? null)}
            onChange={(v) => onChange('variant', v)}
            disabled={!make || !model || unavailable}
            clearable
          />
          {unavailable ? (
            <Text fz="xs" c="orange.8" role="status">
              {dealer ? t(SEARCH_FIELD_TEXTS.notInDealerInventory) : t(SEARCH_FIELD_TEXTS.notInInventory)}
            </Text>
          ) : null}
        </Stack>
      ) : null}
    </>
  );
}
