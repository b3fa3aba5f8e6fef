import * as Comlink from 'comlink';
import { catalogue } from './listings/catalogue';
import { contact, saveContact } from './listings/contacts';
import { dealers } from './listings/dealers';
import { favouriteIds, removeFavourite, saveFavourite, savedListings, syncFavourites } from './listings/favourites';
import { inventory } from './listings/inventory';
import { replayOutbox, setReplayAuth } from './listings/outbox';
import { prefs, setPrefs } from './listings/prefs';
import { get, keep } from './listings/records';
import { search } from './listings/search';
import { dataStatus, size } from './listings/status';
import { load, sync } from './listings/sync';

// The device's data, off the main thread: the summary of the public listings in the scope the person
// chose and its delta sync, the full records of the listings opened here, the reference catalogue,
// and the listing index loaded from the stored summary and kept current by each page the sync stores,
// answering every search the summary can answer. The mirror is IndexedDB itself (src/data/mirror.ts):
// neither the screens' first load nor this worker's carries Dexie or the query validation; Dexie comes
// with the seller's outbox, on first use.
//
// One module per concern in ./listings/ (they share the index and the mirror through state.ts), behind
// this one Comlink surface. The types they answer with are the domain's.

const listingsApi = {
  load,
  sync,
  catalogue,
  search,
  inventory,
  dealers,
  replayOutbox,
  setReplayAuth,
  get,
  keep,
  favouriteIds,
  saveFavourite,
  removeFavourite,
  syncFavourites,
  savedListings,
  contact,
  saveContact,
  size,
  prefs,
  setPrefs,
  dataStatus,
};

/** What the app calls through Comlink (src/app/shared/sync/searchClient.ts). */
export type ListingsApi = typeof listingsApi;
Comlink.expose(listingsApi);
