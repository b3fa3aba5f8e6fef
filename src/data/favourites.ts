import { titleOf } from '../domain/listing/display';
import { mergeFavourites, type AccountFavourite, type DeviceFavourite } from '../domain/listing/favourites';
import type { Vehicle } from '../domain/listing/vehicle';
import type { Mirror } from './mirror';

/** The account's favourites, as GET/PUT/DELETE /api/favourites serve them. */
export interface FavouritesAccount {
  list(): Promise<AccountFavourite[]>;
  /** False when the server does not know the listing (it never was public): it cannot be saved. */
  put(vehicleId: string, saved: { saved_price: number | null; saved_at: string }): Promise<boolean>;
  remove(vehicleId: string): Promise<void>;
}

/** Refused by the account: the session is no longer valid, so the device keeps its changes for the next one. */
export class FavouritesAuthError extends Error {}

/** The account's favourites through the API, with a signed-in user's token. */
export function favouritesAccount(token: string, fetchFn: typeof fetch = (...args) => fetch(...args)): FavouritesAccount {
  const call = async (method: string, path: string, body?: unknown): Promise<Response> => {
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetchFn(`/api/favourites${path}`, { method, headers, ...(body !== undefined && { body: JSON.stringify(body) }) });
    if (res.status === 401) throw new FavouritesAuthError('signed out');
    return res;
  };
  const expectOk = (res: Response) => {
    if (!res.ok) throw new Error(`favourites: HTTP ${res.status}`);
    return res;
  };
  return {
    list: async () => (await expectOk(await call('GET', '')).json()) as AccountFavourite[],
    put: async (id, saved) => {
      const res = await call('PUT', `/${id}`, saved);
      if (res.status === 404) return false;
      expectOk(res);
      return true;
    },
    remove: async (id) => void expectOk(await call('DELETE', `/${id}`)),
  };
}

/**
 * The favourites on this device: saved signed in or not, offline too, each with its listing's full record
 * kept. When signed in they are merged into the account: each change made here is marked pending and sent
 * at the next sync (on sign-in, app start, reconnect and after each change), then the device takes the
 * account's list with its own unsent changes over it (`mergeFavourites`). The device's writes go one at a
 * time, so a tap during a sync is never lost.
 */
export class Favourites {
  private chain: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly mirror: Mirror,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The saved listings' favourites, newest first. */
  async list(): Promise<DeviceFavourite[]> {
    return (await this.mirror.favourites()).filter((f) => !f.removed).sort((a, b) => b.saved_at.localeCompare(a.saved_at));
  }

  /** Saves a listing with the price it shows now, and keeps its record (when the device has it in full). */
  save(vehicle: Vehicle): Promise<void> {
    return this.serial(async () => {
      const row: DeviceFavourite = { vehicle_id: vehicle.id, title: titleOf(vehicle), saved_at: this.now().toISOString(), saved_price: vehicle.price, removed: false, pending: true };
      await this.mirror.putFavourite(row, vehicle.summary_only ? null : vehicle);
    });
  }

  /** Removes a favourite; the removal is kept until the account hears of it. */
  remove(vehicleId: string): Promise<void> {
    return this.serial(async () => {
      const row = (await this.mirror.favourites()).find((f) => f.vehicle_id === vehicleId);
      if (!row || row.removed) return;
      await this.mirror.putFavourite({ ...row, removed: true, pending: true }, null);
    });
  }

  /**
   * Sends this device's unsent changes to the account, then merges the account's list in. A change that
   * cannot be sent (offline) stays pending and the merge keeps it; so does a tap made while the requests
   * were out (only the stored outcome waits for the taps, never the network). The account's answer also
   * refreshes the kept records and says which listings are gone.
   */
  async sync(account: FavouritesAccount): Promise<void> {
    /** The changes the account has taken (true) or cannot take (false: a listing it does not know), as they were sent. */
    const answered = new Map<string, { row: DeviceFavourite; taken: boolean }>();
    for (const row of await this.mirror.favourites()) {
      if (!row.pending) continue;
      if (row.removed) await account.remove(row.vehicle_id);
      const taken = row.removed || (await account.put(row.vehicle_id, { saved_price: row.saved_price, saved_at: row.saved_at }));
      answered.set(row.vehicle_id, { row, taken });
    }
    const listed = await account.list();
    const vehicles = listed.flatMap((f) => (f.vehicle ? [f.vehicle] : []));
    await this.serial(async () => {
      const rows: DeviceFavourite[] = [];
      for (const row of await this.mirror.favourites()) {
        const sent = answered.get(row.vehicle_id);
        // Changed again since it was sent: still to send.
        if (!sent || sent.row.removed !== row.removed || sent.row.saved_at !== row.saved_at) rows.push(row);
        else if (sent.taken && !row.removed) rows.push({ ...row, pending: false });
      }
      await this.mirror.replaceFavourites(mergeFavourites(rows, listed), vehicles);
    });
  }

  private serial<T>(run: () => Promise<T>): Promise<T> {
    const next = this.chain.then(run, run);
    this.chain = next.catch(() => undefined);
    return next;
  }
}
