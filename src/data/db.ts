import Dexie, { type EntityTable } from 'dexie';
import type { Vehicle } from '../domain/vehicle';
import type { AppConfig } from './api';

/** What the device keeps between visits: the public listings, the sync cursor and the server's configuration. */
export interface MetaRow {
  key: 'sync' | 'config';
  revision?: number;
  syncedAt?: string;
  config?: AppConfig;
}

export class MotokariDb extends Dexie {
  vehicles!: EntityTable<Vehicle, 'id'>;
  meta!: EntityTable<MetaRow, 'key'>;

  constructor(name = 'motokari') {
    super(name);
    this.version(1).stores({
      vehicles: 'id, vehicle_type, make, created_at',
      meta: 'key',
    });
  }
}

export const db = new MotokariDb();
