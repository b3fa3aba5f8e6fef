/** The search forms' make, model and variant selects (spec section 5). */
export const SEARCH_FIELD_TEXTS = {
  selectMakeFirst: /*i18n*/ 'Select make first',
  selectModelFirst: /*i18n*/ 'Select model first',
  modelUnavailable: /*i18n*/ 'Model unavailable in inventory',
  notInInventory: /*i18n*/ '⚠️ This model is not available in our inventory',
  notInDealerInventory: /*i18n*/ '⚠️ This model is not available in our dealer inventory',
  noOptions: /*i18n*/ 'No options available',
} as const;
