import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '@/server/db/client';
import { apiKeys, dealerWebhooks } from '@/server/db/schema';
import type { ApiKey, ApiKeyScope } from '@/domain/account/stockApi';

// A dealer's API keys and webhook (issue 38).

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type WebhookRow = typeof dealerWebhooks.$inferSelect;

export function toApiKey(r: ApiKeyRow): ApiKey {
  return { id: r.id, name: r.name, scope: r.scope as ApiKeyScope, prefix: r.prefix, created_at: r.createdAt.toISOString(), last_used_at: r.lastUsedAt?.toISOString() ?? null };
}

export async function insertApiKey(db: Db | Tx, key: Pick<ApiKeyRow, 'userId' | 'name' | 'scope' | 'prefix' | 'keyHash'>): Promise<ApiKeyRow> {
  const [row] = await db.insert(apiKeys).values(key).returning();
  return row!;
}

/** A dealer's keys still in force, newest first. */
export function listApiKeys(db: Db, userId: string): Promise<ApiKeyRow[]> {
  return db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

export async function countApiKeys(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
  return row?.n ?? 0;
}

/** Revokes one of a dealer's keys; false when the dealer has no such key in force. */
export async function revokeApiKey(db: Db, userId: string, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: at })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

/** The key in force whose hash this is, or null. */
export async function findApiKeyByHash(db: Db, keyHash: string): Promise<ApiKeyRow | null> {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)))
    .limit(1);
  return row ?? null;
}

/** Notes a key's use, at most once a minute (a busy integration should not write on every request). */
export async function touchApiKey(db: Db, id: string, at: Date): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: at })
    .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(at.getTime() - 60_000)))));
}

export async function findWebhook(db: Db | Tx, userId: string): Promise<WebhookRow | null> {
  const [row] = await db.select().from(dealerWebhooks).where(eq(dealerWebhooks.userId, userId)).limit(1);
  return row ?? null;
}

export async function saveWebhook(db: Db, userId: string, url: string, secret: string): Promise<WebhookRow> {
  const [row] = await db
    .insert(dealerWebhooks)
    .values({ userId, url, secret })
    .onConflictDoUpdate({ target: dealerWebhooks.userId, set: { url, secret, createdAt: new Date() } })
    .returning();
  return row!;
}

export async function deleteWebhook(db: Db, userId: string): Promise<void> {
  await db.delete(dealerWebhooks).where(eq(dealerWebhooks.userId, userId));
}
