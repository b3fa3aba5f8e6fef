import type { FastifyBaseLogger } from 'fastify';
import { EXPIRY_REMINDER_MS, expiryReminderNotification, listingLiveNotification, savedSearchMatchNotification, type PushPayload } from '@/domain/account/notifications';
import { isPublic } from '@/domain/listing/vehicle';
import { favouriteGoneNotification, favouritePriceDropNotification } from '@/domain/listing/favourites';
import { claimGoneAlerts, claimPriceDropAlerts } from '../repositories/favourites.repo';
import type { Db } from '../db/client';
import { alertingSavedSearches, claimExpiryReminder, deleteSubscriptionById, dueExpiryReminders, subscriptionsOf, type SavedSearchRow } from '../repositories/push.repo';
import { toApiVehicle } from '../repositories/vehicles/rows';
import { findVehicle } from '../repositories/vehicles/reads';
import { enqueueListingWebhook } from '../webhooks/webhooks';
import { savedQueryMatches } from './savedSearchRules';
import type { PushSender } from './sender';
import type { Translator } from '@/domain/i18n/translate';
import { translatorFor } from '../i18n/translators';
import { languagesOf } from '../repositories/users.repo';

const HOUR_S = 3600;
/** How long a push service keeps a message for a device that is offline (phones out of coverage for days). */
const LIVE_TTL_S = 24 * HOUR_S;
const MATCH_TTL_S = 3 * 24 * HOUR_S;
/** Pushes in flight at once: enough to fan out quickly, few enough not to flood a push service. */
const PARALLEL_SENDS = 8;
/** Users served between two records of a publication's progress: a retry after a crash repeats at most one group. */
const USERS_PER_GROUP = 32;

/** A notification for one user, worded when it is sent, in the language they chose (issue 39). */
export interface PushJob {
  userId: string;
  payload: (words: Translator) => PushPayload;
  ttl: number;
}

/** Who has been told of a listing's publication, kept by the job that tells them, so a retry skips them. */
export interface NotifiedProgress {
  notified: readonly string[];
  record(notified: string[]): Promise<void>;
}

/**
 * The notification triggers, run by the background jobs (src/server/jobs): a listing's publication is a
 * job written in the transaction that publishes it, the expiry reminders a recurring job. Errors reach
 * the job runner, which records them and retries.
 */
export class PushNotifier {
  constructor(
    private readonly db: Db,
    private readonly sender: PushSender,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date,
  ) {}

  /**
   * A listing went public. A payment's seller hears it is live; on its first publication, buyers whose
   * saved search it matches hear of it (not its own seller, and once per buyer however many searches
   * match). Users in `progress.notified` were told by an earlier attempt and are skipped.
   */
  async notifyPublished(vehicleId: string, paid: boolean, progress: NotifiedProgress): Promise<void> {
    const row = await findVehicle(this.db, vehicleId);
    if (!row) return;
    const listing = toApiVehicle(row);
    if (!isPublic(listing)) return;
    const jobs: PushJob[] = [];
    if (paid) jobs.push({ userId: row.sellerId, payload: ({ t }) => listingLiveNotification(listing, t), ttl: LIVE_TTL_S });
    // A relisting (paid again after expiry) is not news to buyers who were told the first time.
    const firstPublication = !!row.publishedAt && row.firstPublishedAt?.getTime() === row.publishedAt.getTime();
    if (firstPublication) {
      const matched = new Map<string, SavedSearchRow>();
      for (const search of await alertingSavedSearches(this.db, row)) {
        if (!matched.has(search.userId) && savedQueryMatches(search.query, listing)) matched.set(search.userId, search);
      }
      for (const search of matched.values()) jobs.push({ userId: search.userId, payload: ({ t }) => savedSearchMatchNotification(listing, search.name, t), ttl: MATCH_TTL_S });
    }
    const notified = new Set(progress.notified);
    await this.deliverAll(
      jobs.filter((j) => !notified.has(j.userId)),
      async (users) => {
        for (const u of users) notified.add(u);
        await progress.record([...notified]);
      },
    );
  }

  /**
   * A listing's price fell: the people who saved it at a higher price hear by how much, once per drop
   * (claimed in the database before sending, as expiry reminders are). Read when the job runs, so a
   * price that fell twice before then is told once, at the lower price.
   */
  async notifyFavouritePriceDrop(vehicleId: string): Promise<void> {
    const row = await findVehicle(this.db, vehicleId);
    if (!row || row.price === null) return;
    const listing = toApiVehicle(row);
    if (!isPublic(listing)) return;
    const claimed = await claimPriceDropAlerts(this.db, vehicleId, row.price);
    await this.deliverAll(claimed.map((c) => ({ userId: c.userId, payload: ({ t }) => favouritePriceDropNotification(listing, c.savedPrice - row.price!, t), ttl: MATCH_TTL_S })));
  }

  /**
   * Tells the owners of favourites whose listing is no longer public (sold, expired, unpublished,
   * deleted) that it is gone, once per going away (claimed in the database before sending).
   */
  async sendFavouriteGoneAlerts(): Promise<number> {
    const claimed = await claimGoneAlerts(this.db);
    await this.deliverAll(claimed.map((c) => ({ userId: c.userId, payload: ({ t }) => favouriteGoneNotification(c.vehicleId, c.title, t), ttl: MATCH_TTL_S })));
    return claimed.length;
  }

  /** Sends one notification to every device of a user (a new message: see jobs/messagePush.ts). */
  async notifyUser(push: PushJob | null): Promise<void> {
    if (push) await this.deliverAll([push]);
  }

  /** Reminds sellers of listings that expire within two days, once per listing and expiry date. */
  async sendExpiryReminders(): Promise<number> {
    const now = this.now();
    const due = await dueExpiryReminders(this.db, now, new Date(now.getTime() + EXPIRY_REMINDER_MS));
    const jobs: PushJob[] = [];
    for (const l of due) {
      // Claimed before sending: of two instances (or a restart mid-way), only one sends it. The dealer's webhook event is
      // written with the claim, so a failure between the two cannot leave the reminder claimed and the event never sent.
      const claimed = await this.db.transaction(async (tx) => {
        if (!(await claimExpiryReminder(tx, l.id, l.expiresAt))) return false;
        await enqueueListingWebhook(tx, l.id, 'listing.expiring', now, { expires_at: l.expiresAt.toISOString() });
        return true;
      });
      if (!claimed) continue;
      // Useless once the listing has expired, so the push service may drop it then.
      jobs.push({ userId: l.sellerId, payload: ({ t }) => expiryReminderNotification(l, l.expiresAt, t), ttl: (l.expiresAt.getTime() - now.getTime()) / 1000 });
    }
    await this.deliverAll(jobs);
    return jobs.length;
  }

  /**
   * Sends each payload to every device of its user, a few at a time; forgets devices the push service
   * no longer knows. After each group of users, `onUsersDone` hears who was served.
   */
  private async deliverAll(jobs: PushJob[], onUsersDone: (userIds: string[]) => Promise<void> = async () => undefined): Promise<void> {
    if (!jobs.length) return;
    const userIds = [...new Set(jobs.map((j) => j.userId))];
    const subs = await subscriptionsOf(this.db, userIds);
    const languages = await languagesOf(this.db, userIds);
    for (let from = 0; from < jobs.length; from += USERS_PER_GROUP) {
      const group = jobs.slice(from, from + USERS_PER_GROUP);
      const sends = group.flatMap((j) => {
        const devices = subs.filter((s) => s.userId === j.userId);
        const payload = devices.length ? j.payload(translatorFor(languages.get(j.userId))) : null;
        return devices.map((s) => ({ sub: s, job: { payload: payload!, ttl: j.ttl } }));
      });
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
      await onUsersDone(group.map((j) => j.userId));
    }
  }
}
