import { and, type AnyColumn, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { vehicles } from '@/server/db/schema';
import { publicSql } from './rows';
import { ADVERTISING_PLAN_IDS } from '@/domain/payments/advertisingPlans';

// A public listing's answer (rows.ts's toApiVehicle) written as JSON text by PostgreSQL itself.

/** A timestamp as toISOString writes it (the columns keep milliseconds: precision 3). */
const isoSql = (column: AnyColumn) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * toApiVehicle's answer for a public listing, as a select list for PostgreSQL's row_to_json: the
 * same keys in the same order, each written by PostgreSQL from its column. A page of a search read
 * this way comes back as one text a listing, with no row to parse and no object to make in the server;
 * a test keeps it equal to toApiVehicle's for listings of every kind (tests/server/listingJson.test.ts).
 * Doubles are written with all their digits as PostgreSQL 12 and later do by default
 * (extra_float_digits 1): a role or pooler that lowers it would round prices and coordinates.
 */
const publicJsonColumns = sql.join(
  (
    [
      ['id', vehicles.id],
      ['vehicle_type', vehicles.vehicleType],
      ['make', vehicles.make],
      ['model', vehicles.model],
      ['variant', vehicles.variant],
      ['year', vehicles.year],
      ['price', vehicles.price],
      ['mileage', vehicles.mileage],
      ['operating_hours', vehicles.operatingHours],
      ['engine_size', vehicles.engineSize],
      ['engine_power_hp', vehicles.enginePowerHp],
      ['duty_paid', vehicles.dutyPaid],
      ['papers_ready', vehicles.papersReady],
      ['verified_dealer', vehicles.verifiedDealer],
      ['phone_verified', vehicles.phoneVerified],
      ['fuel_type', vehicles.fuelType],
      ['transmission', vehicles.transmission],
      ['drive_type', vehicles.driveType],
      ['condition', vehicles.condition],
      ['category', vehicles.category],
      ['car_category', sql`case when ${vehicles.vehicleType} = 'car' then ${vehicles.category} end`],
      ['color', vehicles.color],
      ['description', vehicles.description],
      ['images', vehicles.images],
      ['features', vehicles.features],
      ['featured', vehicles.featured],
      ['subscription_plan', vehicles.subscriptionPlan],
      ['seller_id', vehicles.sellerId],
      ['seller_name', vehicles.sellerName],
      ['seller_location', vehicles.sellerLocation],
      ['location', vehicles.location],
      ['region', vehicles.region],
      ['seller_type', vehicles.sellerType],
      ['seller_latitude', vehicles.sellerLatitude],
      ['seller_longitude', vehicles.sellerLongitude],
      ['is_published', vehicles.isPublished],
      ['is_expired', sql`(${vehicles.isExpired} or coalesce(${vehicles.expiresAt} <= now(), false))`],
      ['is_free_update', vehicles.isFreeUpdate],
      ['created_at', isoSql(vehicles.createdAt)],
      ['updated_at', isoSql(vehicles.updatedAt)],
      ['published_at', isoSql(vehicles.publishedAt)],
      ['expires_at', isoSql(vehicles.expiresAt)],
      ['listing_expires_at', isoSql(vehicles.expiresAt)],
      ['views', vehicles.views],
      ['revision', vehicles.revision],
      ['sold_at', isoSql(vehicles.soldAt)],
      [
        'price_drop',
        sql`case when ${vehicles.priceDropAmount} is not null and ${vehicles.priceDroppedAt} is not null then json_build_object('amount', ${vehicles.priceDropAmount}, 'at', ${isoSql(vehicles.priceDroppedAt)}) end`,
      ],
      [
        'advertising_plan',
        sql`case when ${vehicles.advertisingPlan} in (${sql.join(
          ADVERTISING_PLAN_IDS.map((id) => sql`${id}`),
          sql`, `,
        )}) then ${vehicles.advertisingPlan} end`,
      ],
      ['boosted_until', isoSql(vehicles.boostedUntil)],
    ] as const
  ).map(([key, value]) => sql`${value} as ${sql.identifier(key)}`),
  sql`, `,
);

/** A public listing's JSON text as PostgreSQL writes it (publicJsonColumns), for a query over `vehicles`. */
export const listingJsonSql = sql<string>`(select row_to_json(j)::text from (select ${publicJsonColumns}) j)`;

/**
 * The query of publicListingsJson, its text written once per database handle (drizzle would build
 * the long select list anew for every read), sent unnamed: a pooler in transaction mode does not
 * keep named statements.
 */
const jsonByIdsQuery = (db: Db) =>
  db
    .select({ id: vehicles.id, json: listingJsonSql })
    .from(vehicles)
    .where(and(sql`${vehicles.id} = any(string_to_array(${sql.placeholder('ids')}, ',')::uuid[])`, publicSql))
    .prepare('');
const jsonByIds = new WeakMap<Db, ReturnType<typeof jsonByIdsQuery>>();

/**
 * The public listings of `ids` (those still public; in no order) as the JSON text of toApiVehicle's
 * answer, written by PostgreSQL (publicJsonColumns).
 */
export async function publicListingsJson(db: Db, ids: readonly string[]): Promise<{ id: string; json: string }[]> {
  let query = jsonByIds.get(db);
  if (!query) jsonByIds.set(db, (query = jsonByIdsQuery(db)));
  // One text of the ids joined by commas: node-postgres writes an array parameter element by element,
  // escaping each, a hundred ids at a time under load.
  return query.execute({ ids: ids.join(',') });
}
