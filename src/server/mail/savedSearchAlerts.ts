import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { DIGEST_PERIOD_MS, UNSUBSCRIBE_PATH } from '@/domain/account/emailAlerts';
import { savedSearchEmail } from '@/domain/account/notifications';
import { isPublic } from '@/domain/listing/vehicle';
import type { Db } from '../db/client';
import { sameHash } from '../passwords';
import { savedQueryMatches } from '../push/savedSearchRules';
import { dueDigests, emailSavedSearches, markEmailed, recordMatches, unsentMatches, type EmailSearch } from '../repositories/emailAlerts.repo';
import { toApiVehicle } from '../repositories/vehicles/rows';
import { findVehicle } from '../repositories/vehicles/reads';
import { translatorFor } from '../i18n/translators';
import type { Mailer } from './mailer';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const signature = (secret: string, savedSearchId: string) => createHmac('sha256', secret).update(`unsubscribe:${savedSearchId}`).digest('base64url');

/** The token of a saved search's unsubscribe link: its id and the id's HMAC with the server's secret. */
export function unsubscribeToken(secret: string, savedSearchId: string): string {
  return `${savedSearchId}.${signature(secret, savedSearchId)}`;
}

/** The saved search a token names, or null when it was not signed with this secret. */
export function savedSearchOfToken(secret: string, token: string): string | null {
  const [id, mac, ...rest] = token.split('.');
  if (!id || !mac || rest.length || !UUID.test(id)) return null;
  return sameHash(mac, signature(secret, id)) ? id : null;
}

/**
 * Saved-search alerts by email, sent by the background jobs: on a listing's first publication each
 * matching search that wants email records the match, and an instant one is mailed at once; the daily
 * digests go out from a recurring job. A match is marked emailed only after its email went, so a
 * retried job sends what a failed attempt did not.
 */
export class EmailAlerts {
  constructor(
    private readonly db: Db,
    private readonly mailer: () => Mailer,
    private readonly opts: { secret: string; publicUrl: string; product: string; log: FastifyBaseLogger },
    private readonly now: () => Date,
  ) {}

  private unsubscribeUrl(search: EmailSearch): string {
    return `${this.opts.publicUrl}${UNSUBSCRIBE_PATH}?token=${unsubscribeToken(this.opts.secret, search.id)}`;
  }

  private async send(search: EmailSearch, listings: Parameters<typeof savedSearchEmail>[0]['listings'], digest: boolean): Promise<void> {
    const unsubscribeUrl = this.unsubscribeUrl(search);
    const oneClick = `${this.opts.publicUrl}/api/saved-searches/unsubscribe?token=${unsubscribeToken(this.opts.secret, search.id)}`;
    // In the language the person chose (issue 39).
    const mail = savedSearchEmail({ searchName: search.name, listings, site: this.opts.publicUrl, product: this.opts.product, unsubscribeUrl, digest }, translatorFor(search.userLanguage).t);
    await this.mailer().send({
      to: search.userEmail,
      ...mail,
      // RFC 8058: mail apps offer their own unsubscribe button, which posts to this address.
      headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
  }

  async listingPublished(vehicleId: string): Promise<void> {
    const row = await findVehicle(this.db, vehicleId);
    if (!row) return;
    const listing = toApiVehicle(row);
    const firstPublication = !!row.publishedAt && row.firstPublishedAt?.getTime() === row.publishedAt.getTime();
    if (!isPublic(listing, this.now()) || !firstPublication) return;
    const matched = (await emailSavedSearches(this.db, row)).filter((s) => savedQueryMatches(s.query, listing));
    await recordMatches(
      this.db,
      matched.map((s) => s.id),
      row.id,
      this.now(),
    );
    const instant = matched.filter((s) => s.emailFrequency === 'instant');
    const unsent = await unsentMatches(
      this.db,
      instant.map((s) => s.id),
      row.id,
    );
    for (const search of instant) {
      if (!unsent.has(search.id)) continue;
      await this.send(search, [listing], false);
      await markEmailed(this.db, search.id, [row.id], this.now());
    }
  }

  /** Sends each digest whose oldest waiting match is a day old: the matches since that search's last email. */
  async sendDigests(): Promise<number> {
    const now = this.now();
    let sent = 0;
    for (const { search, listings } of await dueDigests(this.db, new Date(now.getTime() - DIGEST_PERIOD_MS))) {
      const live = listings.filter((l) => l.isPublic).map((l) => toApiVehicle(l));
      if (live.length) {
        await this.send(search, live, true);
        sent += 1;
      }
      await markEmailed(
        this.db,
        search.id,
        listings.map((l) => l.id),
        now,
      );
    }
    if (sent) this.opts.log.info({ sent }, 'saved-search digests sent');
    return sent;
  }
}
