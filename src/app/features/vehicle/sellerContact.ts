import { useEffect } from 'react';
import { proxy, useSnapshot } from 'valtio';
import { HTTPError } from 'ky';
import { CONTACT_TEXTS } from '@/domain/account/contactTexts';
import { isSold, type SellerContact, type Vehicle } from '@/domain/listing/vehicle';
import { fetchContact } from '@/data/api';
import { contactKey } from '@/data/mirror';
import { listingsWorker } from '@/app/shared/sync/searchClient';
import { useSession } from '@/app/shared/session/session';

/**
 * Sellers' contacts (spec 2.7): public listings carry no phone or email, so a signed-in user asks
 * for one listing's (GET /api/vehicles/{id}/contact, a lead for the seller) the first time they want
 * it. The answer is kept on the device (IndexedDB, through the search worker), so it shows at once
 * on later visits and offline, and is not asked (nor counted) again. One store for the page, so the
 * price panel's buttons, Seller Information and More from {dealer} show the same contact.
 */
type ContactEntry = { state: 'checking' | 'hidden' | 'loading' } | { state: 'shown'; contact: SellerContact } | { state: 'failed'; error: string };

const contacts = proxy<Record<string, ContactEntry>>({});

async function errorText(err: unknown): Promise<string> {
  if (!(err instanceof HTTPError)) return typeof navigator !== 'undefined' && !navigator.onLine ? CONTACT_TEXTS.offline : CONTACT_TEXTS.failed;
  try {
    const detail: unknown = ((await err.response.json()) as { detail?: unknown }).detail;
    return typeof detail === 'string' && detail.trim() ? detail : CONTACT_TEXTS.failed;
  } catch {
    return CONTACT_TEXTS.failed;
  }
}

/** Reads the device's copy of a listing's contact for this user, once per page load. */
function lookUp(userId: string, vehicleId: string): void {
  const key = contactKey(userId, vehicleId);
  if (contacts[key]) return;
  contacts[key] = { state: 'checking' };
  listingsWorker
    .contact(userId, vehicleId)
    .catch(() => null)
    .then((row) => {
      if (contacts[key]?.state !== 'checking') return;
      contacts[key] = row ? { state: 'shown', contact: { seller_phone: row.seller_phone, seller_email: row.seller_email } } : { state: 'hidden' };
    });
}

/** Asks the server for the contact and keeps it on the device; resolves with it, or null when refused. */
async function reveal(userId: string, vehicleId: string): Promise<SellerContact | null> {
  const key = contactKey(userId, vehicleId);
  const entry = contacts[key];
  if (entry?.state === 'shown') return entry.contact;
  contacts[key] = { state: 'loading' };
  try {
    const contact = await fetchContact(vehicleId);
    contacts[key] = { state: 'shown', contact };
    await listingsWorker.saveContact({ id: key, userId, vehicleId, ...contact, revealedAt: new Date().toISOString() }).catch((err: unknown) => console.warn('contact not kept on the device', err));
    return contact;
  } catch (err) {
    contacts[key] = { state: 'failed', error: await errorText(err) };
    return null;
  }
}

/**
 * A listing's contact for the signed-in user: `offered` says whether the page offers it at all (not on
 * a sold listing, whose page says 'Sold', except to its seller and administrators, as GET
 * /api/vehicles/{id}/contact answers); `entry` whether it is known on this device, being asked for,
 * shown or refused; `reveal()` asks for it. Signed out or not offered, the entry is null: a contact
 * this device kept from before the sale is not shown either.
 */
export function useSellerContact(vehicle: Pick<Vehicle, 'id' | 'seller_id' | 'sold_at'>) {
  const { user, isAdmin } = useSession();
  const snap = useSnapshot(contacts);
  const vehicleId = vehicle.id;
  const offered = !isSold(vehicle) || (user !== null && (user.id === vehicle.seller_id || isAdmin));
  const userId = offered ? (user?.id ?? null) : null;
  useEffect(() => {
    if (userId) lookUp(userId, vehicleId);
  }, [userId, vehicleId]);
  if (!userId) return { offered, entry: null, reveal: async () => null };
  const entry = (snap[contactKey(userId, vehicleId)] as ContactEntry | undefined) ?? { state: 'checking' as const };
  return { offered, entry, reveal: () => reveal(userId, vehicleId) };
}
