import { BODY_TYPES, BODY_TYPE_LABELS, COLOUR_FAMILIES, CONDITIONS, CONDITION_LABELS, DRIVE_TYPES, FUEL_TYPES, TRANSMISSIONS, type VehicleType } from '../core/constants';
import { EQUIPMENT_WORDS, FUEL_WORDS, TRANSMISSION_WORDS, capitalise } from '../listing/display';
import { english, type Translate } from '../i18n/text';
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
  /**
   * A value in words: the option's label, the chip's and a saved search's, in the language of `tr`
   * (English without one; a number, the index Array.map passes, counts as none).
   */
  readonly text: (value: string, tr?: Translate | number) => string;
  /** The browse screens whose dialog offers it; every type when absent. */
  readonly types?: readonly VehicleType[];
}

const COLOUR_LABELS: Readonly<Record<string, string>> = {
  white: /*i18n*/ 'White',
  silver: /*i18n*/ 'Silver',
  grey: /*i18n*/ 'Grey',
  black: /*i18n*/ 'Black',
  blue: /*i18n*/ 'Blue',
  red: /*i18n*/ 'Red',
  green: /*i18n*/ 'Green',
  yellow: /*i18n*/ 'Yellow',
  orange: /*i18n*/ 'Orange',
  brown: /*i18n*/ 'Brown',
  beige: /*i18n*/ 'Beige',
  gold: /*i18n*/ 'Gold',
};

/** A value's words from a table of marked texts, translated; a value the table lacks as `otherwise` says, untranslated. */
const fromTable =
  (table: Readonly<Record<string, string>>, otherwise: (v: string) => string) =>
  (v: string, tr: Translate = english): string => {
    const text = Object.prototype.hasOwnProperty.call(table, v) ? table[v] : undefined;
    return text === undefined ? otherwise(v) : tr(text);
  };

/** A value's words as AttributeWords gives them. */
const worded = (words: (v: string, tr: Translate) => string): Pick<AttributeWords, 'text'> => ({ text: (v, tr) => words(v, typeof tr === 'function' ? tr : english) });

/** A category in words: a car's body type or an equipment category ('Sedan', 'Excavator'). */
export const categoryWords = fromTable({ ...BODY_TYPE_LABELS, ...EQUIPMENT_WORDS }, capitalise);

export const ATTRIBUTE_WORDS: Readonly<Record<AttributeField, AttributeWords>> = {
  category: {
    label: /*i18n*/ 'Body type',
    any: /*i18n*/ 'All body types',
    options: BODY_TYPES,
    ...worded(categoryWords),
    types: ['car'],
  },
  fuel_type: { label: /*i18n*/ 'Fuel', any: /*i18n*/ 'Any fuel', options: FUEL_TYPES, ...worded(fromTable(FUEL_WORDS, capitalise)) },
  transmission: { label: /*i18n*/ 'Transmission', any: /*i18n*/ 'Any transmission', options: TRANSMISSIONS, ...worded(fromTable(TRANSMISSION_WORDS, capitalise)) },
  condition: { label: /*i18n*/ 'Condition', any: /*i18n*/ 'Any condition', options: CONDITIONS, ...worded(fromTable(CONDITION_LABELS, capitalise)) },
  drive_type: { label: /*i18n*/ 'Drive type', any: /*i18n*/ 'Any drive', options: DRIVE_TYPES, ...worded((v) => v.toUpperCase()) },
  color: { label: /*i18n*/ 'Colour', any: /*i18n*/ 'Any colour', options: COLOUR_FAMILIES, ...worded(fromTable(COLOUR_LABELS, capitalise)) },
};

/** An attribute filter's words by its field; undefined for any other name. */
export const attributeWords = (field: string): AttributeWords | undefined => (isAttributeField(field) ? ATTRIBUTE_WORDS[field] : undefined);
