import type { FastifyBaseLogger } from 'fastify';
import {
  EXPIRY_REMINDER_MS,
  expiryReminderNotification,
  listingLiveNotification,
  savedSearchMatchNotification,
  type PushPayload,
} from '../../domain/notifications';
import { isPublic } from '../../domain/vehicle';
import type { Db } from '../db/client';
import {
  alertingSavedSearches,
  claimExpiryReminder,
  deleteSubscriptionById,
  dueExpiryReminders,
  subscriptionsOf,
  type SavedSearchRow,
} from '../repositories/push.repo';
import { findVehicle, toApiVehicle } from '../repositories/vehicles.repo';
import { savedQueryMatches } from './savedSearchRules';
import type { PushSender } from './sender';

const HOUR_S = 3600;
/** How long a push service keeps a message for a device that is offline (phones out of coverage for days). */
const LIVE_TTL_S = 24 * HOUR_S;
const MATCH_TTL_S = 3 * 24 * HOUR_S;
/** Pushes in flight at once: enough to fan out quickly, few enough not to flood a push service. */
const PARALLEL_SENDS = 8;

/**
 * The notification triggers. Each runs after the write that caused it has committed and never makes
 * that request wait or fail: its errors are logged. `idle()` waits for what is in flight (shutdown, tests).
 */
export class PushNotifier {
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    private readonly db: Db,
    private readonly sender: PushSender,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date,
  ) {}

  /**
   * A listing went public. A payment's seller hears it is live; on its first publication, buyers whose
   * saved search it matches hear of it (not its own seller, and once per buyer however many searches match).
   */
  listingPublished(vehicleId: string, opts: { paid: boolean }): void {
    this.track(this.onPublished(vehicleId, opts.paid), 'listing published');
  }

  /** Reminds sellers of listings that expire within two days, once per listing and expiry date. */
  sendExpiryReminders(): Promise<number> {
    return this.track(this.remindExpiring(), 'expiry reminders').then((n) => n ?? 0);
  }

  async idle(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }

  private track<T>(work: Promise<T>, what: string): Promise<T | undefined> {
    const p = work.catch((err: unknown) => {
      this.log.warn({ err }, `push notifications failed: ${what}`);
      return undefined;
    });
    this.inFlight.add(p);
    void p.finally(() => this.inFlight.delete(p));
    return p;
  }

  private async onPublished(vehicleId: string, paid: boolean): Promise<void> {
    const row = await findVehicle(this.db, vehicleId);
    if (!row) return;
    const listing = toApiVehicle(row);
    if (!isPublic(listing)) return;
    const jobs: Array<{ userId: string; payload: PushPayload; ttl: number }> = [];
    if (paid) jobs.push({ userId: row.sellerId, payload: listingLiveNotification(listing), ttl: LIVE_TTL_S });
    // A relisting (paid again after expiry) is not news to buyers who were told the first time.
    const firstPublication = !!row.publishedAt && row.firstPublishedAt?.getTime() === row.publishedAt.getTime();
    if (firstPublication) {
      const matched = new Map<string, SavedSearchRow>();
      for (const search of await alertingSavedSearches(this.db, row)) {
        if (!matched.has(search.userId) && savedQueryMatches(search.query, listing)) matched.set(search.userId, search);
      }
      for (const search of matched.values()) jobs.push({ userId: search.userId, payload: savedSearchMatchNotification(listing, search.name), ttl: MATCH_TTL_S });
    }
    await this.deliverAll(jobs);
  }

  private async remindExpiring(): Promise<number> {
    const now = this.now();
    const due = await dueExpiryReminders(this.db, now, new Date(now.getTime() + EXPIRY_REMINDER_MS));
    const jobs: Array<{ userId: string; payload: PushPayload; ttl: number }> = [];
    for (const l of due) {
      // Claimed before sending: of two instances (or a restart mid-way), only one sends it.
      if (!(await claimExpiryReminder(this.db, l.id, l.expiresAt))) continue;
      // Useless once the listing has expired, so the push service may drop it then.
      jobs.push({ userId: l.sellerId, payload: expiryReminderNotification(l, l.expiresAt), ttl: (l.expiresAt.getTime() - now.getTime()) / 1000 });
    }
    await this.deliverAll(jobs);
    return jobs.length;
  }

  /** Sends each payload to every device of its user, a few at a time; forgets devices the push service no longer knows. */
  private async deliverAll(jobs: Array<{ userId: string; payload: PushPayload; ttl: number }>): Promise<void> {
    if (!jobs.length) return;
    const subs = await subscriptionsOf(this.db, [...new Set(jobs.map((j) => j.userId))]);
    const sends = jobs.flatMap((j) => subs.filter((s) => s.userId === j.userId).map((s) => ({ sub: s, job: j })));
    let next = 0;
    const worker = async () => {
      while (next < sends.length) {
        const { sub, job } = sends[next++]!;
        const outcome = await this.sender.send(sub, job.payload, job.ttl);
        if (outcome.kind === 'gone') {
          await deleteSubscriptionById(this.db, sub.id);
          this.log.info({ status: outcome.status, userId: sub.userId }, 'push subscription expired; removed');
        } else if (outcome.kind === 'failed') {
          this.log.warn({ status: outcome.status, reason: outcome.reason, userId: sub.userId }, 'push not delivered');
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_SENDS, sends.length) }, worker));
  }
}
