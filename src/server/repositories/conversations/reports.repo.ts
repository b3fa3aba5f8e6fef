import { asc, desc, inArray, isNotNull } from 'drizzle-orm';
import type { AdminReportGroup } from '@/domain/core/wire';
import type { Db } from '../../db/client';
import { conversations, messages, users, vehicles } from '../../db/schema';
import { toChatMessage, type MessageRow } from './messages.repo';

/**
 * The reported conversations as entries of the admin Reports tab (GET /api/admin/reports), newest
 * report first: the listing as the listing reports name it (from the conversation's kept title when the
 * listing is gone), and the conversation with who reported it, why, and every message.
 */
export async function reportedConversationGroups(db: Db): Promise<AdminReportGroup[]> {
  const rows = await db.select().from(conversations).where(isNotNull(conversations.reportedAt)).orderBy(desc(conversations.reportedAt));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [names, listings, all] = await Promise.all([
    db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(
        inArray(
          users.id,
          rows.flatMap((r) => [r.buyerId, r.sellerId]),
        ),
      ),
    db
      .select({ id: vehicles.id, year: vehicles.year, make: vehicles.make, model: vehicles.model, variant: vehicles.variant, sellerName: vehicles.sellerName, hidden: vehicles.hiddenForReviewAt })
      .from(vehicles)
      .where(
        inArray(
          vehicles.id,
          rows.map((r) => r.vehicleId),
        ),
      ),
    db.select().from(messages).where(inArray(messages.conversationId, ids)).orderBy(asc(messages.createdAt), asc(messages.id)),
  ]);
  const nameOf = new Map(names.map((n) => [n.id, n.name]));
  const listingOf = new Map(listings.map((l) => [l.id, l]));
  const messagesOf = new Map<string, MessageRow[]>();
  for (const m of all) messagesOf.set(m.conversationId, [...(messagesOf.get(m.conversationId) ?? []), m]);
  return rows.map((r) => {
    const l = listingOf.get(r.vehicleId);
    return {
      vehicle_id: r.vehicleId,
      year: l?.year ?? 0,
      make: l?.make ?? r.listingTitle,
      model: l?.model ?? '',
      variant: l?.variant ?? null,
      seller_name: l?.sellerName ?? nameOf.get(r.sellerId) ?? null,
      hidden_for_review: !!l?.hidden,
      count: 1,
      reports: [],
      conversation: {
        id: r.id,
        buyer_id: r.buyerId,
        seller_id: r.sellerId,
        buyer_name: nameOf.get(r.buyerId) ?? '',
        seller_name: nameOf.get(r.sellerId) ?? '',
        reason: r.reportReason ?? '',
        reported_by: r.reportedBy === r.buyerId ? 'buyer' : r.reportedBy === r.sellerId ? 'seller' : null,
        reported_message_id: r.reportedMessageId,
        reported_at: r.reportedAt!.toISOString(),
        listing_title: r.listingTitle,
        messages: (messagesOf.get(r.id) ?? []).map(toChatMessage),
      },
    };
  });
}
