import { wholeNumberText } from '@/domain/core/numbers';
import { t } from '@/app/shared/i18n/language';

/** Texts with a count: for one, and for more or none ({n} is the count). Whole sentences: word order differs between languages. */
export type CountTexts = readonly [one: string, many: string];

/** A text with a count, in the language of the moment: '1 car in stock', '12 cars in stock'. */
export const countText = (n: number, [one, many]: CountTexts): string => t(n === 1 ? one : many, { n: wholeNumberText(n) });

/** The whole stock of a dealer: '1 vehicle in stock', '12 vehicles in stock'. */
export const VEHICLES_IN_STOCK: CountTexts = [/*i18n*/ '{n} vehicle in stock', /*i18n*/ '{n} vehicles in stock'];
