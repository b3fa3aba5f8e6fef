import { eq } from 'drizzle-orm';
import { effectiveContactPreference, type ContactPreference } from '@/domain/messages/apiMessages';
import type { Language } from '@/domain/i18n/languages';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { UserRow } from '../users.repo';
import type { VehicleRow } from '../vehicles/rows';

const asPreference = (v: string | null): ContactPreference | null => (v === 'phone' || v === 'messages' ? v : null);

/** How buyers reach a listing's seller (issue 37): the listing's own choice, else its seller's account's. */
export async function listingContactPreference(db: Db, row: Pick<VehicleRow, 'contactPreference' | 'sellerId'>, seller?: Pick<UserRow, 'contactPreference'> | null): Promise<ContactPreference> {
  const own = asPreference(row.contactPreference);
  if (own) return own;
  const account = seller !== undefined ? seller : ((await db.select({ contactPreference: users.contactPreference }).from(users).where(eq(users.id, row.sellerId)).limit(1))[0] ?? null);
  return effectiveContactPreference(own, asPreference(account?.contactPreference ?? null) ?? 'phone');
}

/** The account's settings of issues 37 and 39 (PUT /api/me/settings); the fields not given stay. */
export async function updateMessageSettings(
  db: Db,
  userId: string,
  s: { contactPreference?: ContactPreference | undefined; messageEmails?: boolean | undefined; language?: Language | undefined },
): Promise<UserRow> {
  const set = {
    ...(s.contactPreference !== undefined && { contactPreference: s.contactPreference }),
    ...(s.messageEmails !== undefined && { messageEmails: s.messageEmails }),
    ...(s.language !== undefined && { language: s.language }),
  };
  const [row] = Object.keys(set).length ? await db.update(users).set(set).where(eq(users.id, userId)).returning() : await db.select().from(users).where(eq(users.id, userId));
  return row!;
}
