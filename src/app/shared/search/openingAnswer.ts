import type { SearchInput } from '@/domain/search/filters';
import { STORAGE_KEYS, VEHICLE_TYPES, type VehicleType } from '@/domain/core/constants';
import { BROWSE_DATA_ID, OPENING_PAGE, browseOpeningHtml, openingItem, type BrowseOpening } from '@/domain/search/browseOpening';
import { SCREEN_PATHS } from '@/domain/content/screens';
import type { Vehicle } from '@/domain/listing/vehicle';
import { browseOpeningScreenHtml } from '@/app/openingScreen';
import { currentLanguage, t } from '@/app/shared/i18n/language';

// A browse screen's opening answer (src/domain/search/browseOpening.ts): the first results shown before the
// device or the server has answered this visit's search. On a first visit the server wrote them into
// the page; on a later start they are the device's own last answer, kept in local storage with the
// HTML the page's first script draws before the app runs (openingScreen.ts). Either stands only until
// this visit's answer arrives.

/** What local storage keeps: the address, the HTML the page's first script draws, the answer itself. */
interface KeptOpening {
  path: string;
  html: string;
  opening: BrowseOpening;
}

const fields = (req: SearchInput) => Object.entries(req).filter(([, v]) => v !== undefined && v !== null && v !== '');
/** Fields that do not change which listings a browse screen's first page shows. */
const NEUTRAL = new Set(['vehicle_type', 'sort', 'limit', 'buyer_lat', 'buyer_lon']);

/** The vehicle type whose opening answers `req`: a type's newest listings, unfiltered, first page; else null. */
export function openingType(req: SearchInput): VehicleType | null {
  if (fields(req).some(([k]) => !NEUTRAL.has(k))) return null;
  if ((req.sort ?? 'newest') !== 'newest' || Number(req.limit ?? OPENING_PAGE) > OPENING_PAGE) return null;
  return (VEHICLE_TYPES as readonly unknown[]).includes(req.vehicle_type) ? (req.vehicle_type as VehicleType) : null;
}

const pathOf = (type: VehicleType) => `/${SCREEN_PATHS.browse[type]}`;

let embedded: BrowseOpening | null | undefined;
/** The address the app opened on: the page's opening is for its screen only (the home page's list is not /cars' page). */
const openedOn = typeof location === 'undefined' ? null : location.pathname;
/** The opening the server wrote into the page the app opened on, while the app is still on that address. */
function pageOpening(): BrowseOpening | null {
  if (typeof location !== 'undefined' && location.pathname !== openedOn) return null;
  if (embedded === undefined) {
    try {
      const text = typeof document === 'undefined' ? null : document.getElementById(BROWSE_DATA_ID)?.textContent;
      embedded = text ? (JSON.parse(text) as BrowseOpening) : null;
    } catch {
      embedded = null;
    }
  }
  return embedded;
}

function keptOpening(): KeptOpening | null {
  try {
    return JSON.parse(localStorage.getItem(STORAGE_KEYS.browseOpening) ?? 'null') as KeptOpening | null;
  } catch {
    return null;
  }
}

/** The opening of a vehicle type: the page's own, else the device's last answer for it. */
export function openingOf(type: VehicleType): BrowseOpening | null {
  const page = pageOpening();
  if (page?.vehicle_type === type) return page;
  const kept = keptOpening()?.opening;
  return kept?.vehicle_type === type && Array.isArray(kept.items) ? kept : null;
}

/** The opening answer to `req`, or null when it has none. */
export function openingAnswer(req: SearchInput): { items: Vehicle[]; total: number } | null {
  const type = openingType(req);
  const opening = type ? openingOf(type) : null;
  if (!opening) return null;
  return { items: opening.items.slice(0, Number(req.limit ?? OPENING_PAGE)), total: opening.total };
}

let keptSignature: string | null = null;
/** Keeps the device's answer to an opening request for the next start (after the answer is drawn, off its path). */
export function keepOpeningAnswer(req: SearchInput, answer: { items: Vehicle[]; total: number }): void {
  const type = openingType(req);
  if (!type) return;
  const items = answer.items.slice(0, OPENING_PAGE);
  const signature = `${currentLanguage()}|${type}|${answer.total}|${items.map((v) => `${v.id}:${v.price}`).join(',')}`;
  if (signature === keptSignature) return;
  keptSignature = signature;
  setTimeout(() => {
    const opening: BrowseOpening = { vehicle_type: type, total: answer.total, items: items.map(openingItem) };
    const kept: KeptOpening = { path: pathOf(type), html: browseOpeningScreenHtml(browseOpeningHtml(opening, t)), opening };
    try {
      localStorage.setItem(STORAGE_KEYS.browseOpening, JSON.stringify(kept));
    } catch {
      // Storage full or refused: the next start shows the startup screen instead, as before.
    }
  }, 0);
}
