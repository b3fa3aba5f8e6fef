import type { ContactRow } from '@/data/mirror';
import { mirror } from './state';

// The sellers' contacts this device revealed: kept, so they show offline.

/** A listing's contact this user revealed on this device (null when not asked yet): it works offline. */
export async function contact(userId: string, vehicleId: string): Promise<ContactRow | null> {
  return (await mirror.contact(userId, vehicleId)) ?? null;
}

export function saveContact(row: ContactRow): Promise<void> {
  return mirror.putContact(row);
}
