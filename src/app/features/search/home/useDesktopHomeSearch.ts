import { useMemo, useRef, useState } from 'react';
import type { SortOrder, VehicleType } from '@/domain/core/constants';
import { withCatalogueChoice } from '@/domain/catalogue/makeModel';
import { filterChips, withoutChip } from '@/domain/search/browseFilters';
import { locationStore } from '@/app/shared/location/locationStore';
import { buildRequest } from '@/app/shared/search/query';
import { useSearch } from '@/app/shared/search/useSearch';
import { useTransitionSnapshot } from '@/app/shared/useTransitionSnapshot';
import { t } from '@/app/shared/i18n/language';

type Fields = Record<string, string | undefined>;

/**
 * The desktop home search (spec section 2.5): the panel's form, how many of its filters show, what
 * Search applied, the sort, and the search that makes (its first 24 results).
 */
export function useDesktopHomeSearch(tab: VehicleType, setTab: (t: VehicleType) => void) {
  const [form, setForm] = useState<Fields>({});
  const [applied, setApplied] = useState<Fields>({});
  const [level, setLevel] = useState(0);
  const [sort, setSort] = useState<SortOrder>('newest');
  const results = useRef<HTMLDivElement>(null);
  const { position } = useTransitionSnapshot(locationStore, (s) => ({ position: s.position }));
  const set = (k: string) => (v: string | null) => setForm((f) => withCatalogueChoice(f, k, v ?? undefined, undefined));
  // Fuel and engine apply to cars only (spec section 5).
  const effective = useMemo<Fields>(() => (tab === 'car' ? applied : { ...applied, fuel_type: undefined, engine_size: undefined }), [applied, tab]);
  const req = useMemo(() => buildRequest({ ...effective, vehicle_type: tab }, sort, position, 24), [effective, tab, sort, position]);
  const { items, total, searching } = useSearch(req);
  const chips = filterChips(applied, t);

  const submit = () => {
    setApplied(form);
    results.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  const reset = () => {
    setForm({});
    setApplied({});
    setLevel(0);
    setTab('car');
  };
  const removeChip = (field: string) => {
    setForm((f) => withoutChip(f, field));
    setApplied((f) => withoutChip(f, field));
  };
  /** 'Show more filters' shows three more levels of them, then 'Hide filters' none again. */
  const nextLevel = () => setLevel((l) => (l + 1) % 4);

  return { form, set, level, nextLevel, submit, reset, chips, removeChip, sort, setSort, results, effective, items, total, searching };
}
