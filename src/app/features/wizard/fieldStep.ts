import { FIELD_LABELS, type WizardField, type WizardForm } from '@/domain/listing/listingWizard';
import { t } from '@/app/shared/i18n/language';

/** What every step of fields gets: the form, its fields' errors, and the change of one field. */
export interface FieldStepProps {
  form: WizardForm;
  errors: Partial<Record<WizardField, string>>;
  onChange<K extends WizardField>(field: K, value: WizardForm[K]): void;
}

/** The options with the current value added when the list lacks it (a listing older than the catalogue). */
export function withValue(options: string[], value: string): string[] {
  if (!value || options.some((o) => o.toLowerCase() === value.toLowerCase())) return options;
  return [value, ...options];
}

/** A field's label in the language the app speaks (called while drawing). */
export const label = (field: WizardField) => t(FIELD_LABELS[field]);
