import { startTransition, useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { SortOrder, VehicleType } from '@/domain/core/constants';
import { withCatalogueChoice } from '@/domain/catalogue/makeModel';
import { filterChips, navigationFilters, urlParamsOf, withoutChip } from '@/domain/search/browseFilters';
import { browseCountTexts, OPENING_PAGE as PAGE } from '@/domain/search/browseOpening';
import { locationStore } from '@/app/shared/location/locationStore';
import { buildRequest } from '@/app/shared/search/query';
import { searchAhead } from '@/app/shared/search/deviceSearch';
import { useTransitionSnapshot } from '@/app/shared/useTransitionSnapshot';
import { t } from '@/app/shared/i18n/language';

type Fields = Record<string, string | undefined>;
type Filters = { initial: Fields; fields: Fields; draft: Fields };
const emptyFilters = (): Filters => ({ initial: {}, fields: {}, draft: {} });
/** A navigation between the tabs: each tab keeps its own filters (spec section 2.6). */
const TAB_SWITCH = { keep: true } as const;
/** How long an applied dialog waits for its results before it closes anyway. */
const DIALOG_CLOSE_WAIT_MS = 400;

/** Each tab's filters: those the navigation brought, those applied, and the dialog's draft. */
function useTabFilters(type: VehicleType) {
  const location = useLocation();
  const [params] = useSearchParams();
  // Filters arrive from the home page (navigation state) or from a "Browse by type" tile (the URL).
  const initial = useMemo<Fields>(() => navigationFilters((location.state as { filters?: Fields } | null)?.filters ?? {}, Object.fromEntries([...params.entries()])), [location.state, params]);
  // Filter state per category (spec section 2.6): the tabs share this screen, not their filters.
  const [byType, setByType] = useState<Record<VehicleType, Filters>>(() => ({
    car: emptyFilters(),
    construction: emptyFilters(),
    farming: emptyFilters(),
    [type]: { initial, fields: initial, draft: initial },
  }));
  // A navigation that brings filters (a tile, the home page, a saved search) starts its tab afresh with them;
  // a switch between the tabs keeps what each had.
  const [seen, setSeen] = useState(location.key);
  if (seen !== location.key) {
    setSeen(location.key);
    if (!(location.state as typeof TAB_SWITCH | null)?.keep) setByType((b) => ({ ...b, [type]: { initial, fields: initial, draft: initial } }));
  }
  const { fields, draft } = byType[type];
  const update = useCallback((change: (f: Filters) => Filters) => setByType((b) => ({ ...b, [type]: change(b[type]) })), [type]);
  return { fields, draft, update };
}

/**
 * The browse screen's state and what its controls do: each tab's filters (applied, and the dialog's
 * draft), the sort, how many results, the filter-and-sort dialog, and the search they make.
 */
export function useBrowse(type: VehicleType) {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const { fields, draft, update } = useTabFilters(type);
  const [sort, setSort] = useState<SortOrder>('newest');
  const [limit, setLimit] = useState(PAGE);
  const [open, setOpen] = useState(false);
  /** The dialog's code loads when it is first opened, then it stays mounted (it animates, reopens at once). */
  const [dialogMounted, setDialogMounted] = useState(false);
  const { position } = useTransitionSnapshot(locationStore, (s) => ({ position: s.position }));
  const req = useMemo(() => buildRequest({ ...fields, vehicle_type: type }, sort, position, limit), [fields, type, sort, position, limit]);
  // The dialog's handlers keep their identity, so drawing the page (a new count, new results) does
  // not draw the open dialog again.
  const set = useCallback((k: string) => (v: string | null) => update((f) => ({ ...f, draft: withCatalogueChoice(f.draft, k, v ?? undefined, undefined) })), [update]);
  // Apply: the search goes first and its results are drawn under the dialog, which closes on them
  // (or after a moment if they are slow): on a slow phone, closing the dialog is as much work as
  // drawing the results, and the count is what the person waits for.
  const [closing, setClosing] = useState(false);
  const apply = useCallback(() => {
    // The device's search starts at the tap, while the screen draws what was applied.
    searchAhead(buildRequest({ ...draft, vehicle_type: type }, sort, position, PAGE));
    update((f) => ({ ...f, fields: f.draft }));
    setLimit(PAGE);
    setClosing(true);
  }, [update, draft, type, sort, position]);
  const closeAfterApply = useCallback(() => {
    setClosing(false);
    startTransition(() => setOpen(false));
  }, []);
  useEffect(() => {
    if (!closing) return;
    const timer = setTimeout(closeAfterApply, DIALOG_CLOSE_WAIT_MS);
    return () => clearTimeout(timer);
  }, [closing, closeAfterApply]);
  const closeDialog = useCallback(() => setOpen(false), []);
  const resetDialog = useCallback(() => {
    update((f) => ({ ...f, fields: f.initial, draft: f.initial }));
    setLimit(PAGE);
    setOpen(false);
  }, [update]);
  const openDialog = () => {
    setDialogMounted(true);
    setOpen(true);
  };
  const showMore = useCallback(() => setLimit((l) => l + PAGE), []);
  const clearAll = () => {
    update((f) => ({ ...f, fields: {}, draft: {} }));
    setLimit(PAGE);
  };
  /** The address's search parameters changed as given, in place, keeping the tabs' filters. */
  const replaceParams = (change: (next: URLSearchParams) => void) => {
    const next = new URLSearchParams(params);
    change(next);
    if (next.toString() !== params.toString()) navigate({ pathname: location.pathname, search: next.toString() }, { replace: true, state: TAB_SWITCH });
  };
  /** Words searched for: a filter like the others, kept in the address too. */
  const searchWords = (words: string) => {
    update((f) => ({ ...f, fields: { ...f.fields, q: words || undefined }, draft: { ...f.draft, q: words || undefined } }));
    setLimit(PAGE);
    replaceParams((next) => (words ? next.set('q', words) : next.delete('q')));
  };
  const removeChip = (field: string) => {
    update((f) => ({ ...f, fields: withoutChip(f.fields, field), draft: withoutChip(f.draft, field) }));
    setLimit(PAGE);
    // A filter the address set goes from the address too, so a reload does not bring it back.
    replaceParams((next) => {
      for (const p of urlParamsOf(field)) next.delete(p);
    });
  };
  /** Another tab: its own filters, from the first page of results. */
  const switchTab = (path: string) => {
    setLimit(PAGE);
    navigate(path, { state: TAB_SWITCH });
  };

  return {
    fields,
    draft,
    chips: filterChips(fields, t),
    counts: browseCountTexts(type),
    req,
    sort,
    setSort,
    dialog: { open, mounted: dialogMounted, openDialog, closeDialog, resetDialog, apply, set, closing, closeAfterApply },
    showMore,
    clearAll,
    searchWords,
    removeChip,
    switchTab,
    goBack: () => navigate(-1),
  };
}
