// A model belongs to its make and a variant to its model (spec sections 4 and 5). Wherever the three
// are chosen (the browse screens' and the home page's filter panels, the dealer page, the listing
// wizard) and wherever a filter's chip is removed, a new make clears the model and the variant, and
// a new model clears the variant.

/** The fields a change of `field` clears. */
export function fieldsClearedBy(field: string): readonly ('model' | 'variant')[] {
  if (field === 'make') return ['model', 'variant'];
  if (field === 'model') return ['variant'];
  return [];
}

/**
 * The fields with `field` set to `value` and the fields it clears set to `empty` (the form's "not
 * chosen": '' or undefined); a field the record does not have stays out of it.
 */
export function withCatalogueChoice<T extends object, K extends keyof T & string>(fields: T, field: K, value: T[K], empty: '' | undefined): T {
  const next: Record<string, unknown> = { ...fields, [field]: value };
  for (const cleared of fieldsClearedBy(field)) if (cleared in next) next[cleared] = empty;
  return next as T;
}
