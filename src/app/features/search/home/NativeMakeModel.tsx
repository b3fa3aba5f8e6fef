import { NativeSelect } from '@mantine/core';
import { SEARCH_FIELD_TEXTS } from '@/domain/search/searchFieldTexts';
import { useCatalogueOptions } from '@/app/shared/search/catalogueOptions';
import type { CatalogueValue } from '@/app/shared/search/CatalogueSelects';
import { t } from '@/app/shared/i18n/language';

/**
 * Make and model for the phone home page, as the phone's own pickers: on a cheap phone the system
 * list opens at once, scrolls smoothly through 150 makes and needs no script of ours, so the first
 * screen loads none of the searchable dropdown's code (CatalogueSelects keeps that on wider screens
 * and in the filter dialogs). Same catalogue and rules: a model needs a make (spec section 5).
 */
export function NativeMakeModel({ vehicleType, value, onChange }: { vehicleType: string; value: CatalogueValue; onChange: (field: 'make' | 'model', value: string | null) => void }) {
  const options = useCatalogueOptions(vehicleType);
  const { make, model } = value;
  const models = make ? options.models(make) : [];
  return (
    <>
      <NativeSelect
        label={t(/*i18n*/ 'Make')}
        data={[{ value: '', label: t(/*i18n*/ 'All makes') }, ...options.makes]}
        value={make ?? ''}
        onChange={(e) => onChange('make', e.currentTarget.value || null)}
      />
      <NativeSelect
        label={t(/*i18n*/ 'Model')}
        data={[{ value: '', label: make ? t(/*i18n*/ 'All models') : t(SEARCH_FIELD_TEXTS.selectMakeFirst) }, ...models]}
        value={model ?? ''}
        onChange={(e) => onChange('model', e.currentTarget.value || null)}
        disabled={!make}
      />
    </>
  );
}
