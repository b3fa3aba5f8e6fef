import { BODY_TYPES, BODY_TYPE_LABELS, COLOUR_FAMILIES, CONDITIONS, CONDITION_LABELS, DRIVE_TYPES, FUEL_TYPES, TRANSMISSIONS, type VehicleType } from '../core/constants';
import { capitalise, fuelText } from '../listing/display';
import { isAttributeField, type AttributeField } from './fields';

// The screens' words for each attribute filter of fields.ts (the second part of its declaration): the
// filter dialog's section, the options and how a value reads on its option, its chip and a saved
// search's name. Keyed by field, so a field added to fields.ts without its words here is a type error.

export interface AttributeWords {
  /** The filter dialog's section title and the select's accessible name. */
  readonly label: string;
  /** The select's placeholder: what no choice means. */
  readonly any: string;
  readonly options: readonly string[];
  /** A value in words: the option's label, the chip's and a saved search's. */
  readonly text: (value: string) => string;
  /** The browse screens whose dialog offers it; every type when absent. */
  readonly types?: readonly VehicleType[];
}

export const ATTRIBUTE_WORDS: Readonly<Record<AttributeField, AttributeWords>> = {
  category: {
    label: 'Body type',
    any: 'All body types',
    options: BODY_TYPES,
    text: (v) => BODY_TYPE_LABELS[v as keyof typeof BODY_TYPE_LABELS] ?? capitalise(v),
    types: ['car'],
  },
  fuel_type: { label: 'Fuel', any: 'Any fuel', options: FUEL_TYPES, text: (v) => fuelText(v) },
  transmission: { label: 'Transmission', any: 'Any transmission', options: TRANSMISSIONS, text: capitalise },
  condition: { label: 'Condition', any: 'Any condition', options: CONDITIONS, text: (v) => CONDITION_LABELS[v as keyof typeof CONDITION_LABELS] ?? capitalise(v) },
  drive_type: { label: 'Drive type', any: 'Any drive', options: DRIVE_TYPES, text: (v) => v.toUpperCase() },
  color: { label: 'Colour', any: 'Any colour', options: COLOUR_FAMILIES, text: capitalise },
};

/** An attribute filter's words by its field; undefined for any other name. */
export const attributeWords = (field: string): AttributeWords | undefined => (isAttributeField(field) ? ATTRIBUTE_WORDS[field] : undefined);
