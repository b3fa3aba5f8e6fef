/** The search forms' make, model and variant selects (spec section 5). */
export const SEARCH_FIELD_TEXTS = {
  selectMakeFirst: 'Select make first',
  selectModelFirst: 'Select model first',
  modelUnavailable: 'Model unavailable in inventory',
  notInInventory: '⚠️ This model is not available in our inventory',
  notInDealerInventory: '⚠️ This model is not available in our dealer inventory',
  noOptions: 'No options available',
} as const;
