// The bench listings in a database as the app's server keeps them: one account per seller, the
// listings with their dates moved by whole days so none has expired on the day of the run. Shared by
// bench:mirror, bench:api and the summary feed's size measurement. Batched inserts through the app's
// database (PGlite or PostgreSQL), or PostgreSQL's COPY through psql for a million listings.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { once } from 'node:events';
import { getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '@/server/db/client';
import { users, vehicles } from '@/server/db/schema';
import type { Vehicle } from '@/domain/listing/vehicle';
import { DAY, GENERATED_UNTIL, detailedListingStream, listingStream, type DetailShape } from './listings';

/** The generated listings' dates moved by whole days so the newest were published the day before the run (none expired yet). */
export const dateShift = (): number => Math.max(0, Math.floor((Date.now() - GENERATED_UNTIL) / DAY)) * DAY;

/** A generated listing's own columns as the table keeps them (not its id, words, photos, seller or dates). */
export function vehicleColumns(v: Vehicle) {
  return {
    vehicleType: v.vehicle_type,
    make: v.make,
    model: v.model,
    variant: v.variant,
    year: v.year,
    price: v.price,
    mileage: v.mileage,
    engineSize: v.engine_size,
    fuelType: v.fuel_type,
    transmission: v.transmission,
    condition: v.condition,
    category: v.category,
  };
}

/** The columns a listing takes from its seller (`v`: one of the seller's listings): who, and where. */
export function sellerColumns(v: Vehicle) {
  return {
    sellerId: v.seller_id,
    sellerName: v.seller_name,
    sellerLocation: v.seller_location,
    location: v.location,
    region: v.region,
    sellerType: v.seller_type,
    sellerLatitude: v.seller_latitude,
    sellerLongitude: v.seller_longitude,
  };
}

function toRow(v: Vehicle, shift: number) {
  const created = new Date(Date.parse(v.created_at) + shift);
  return {
    id: v.id,
    ...vehicleColumns(v),
    description: v.description,
    images: v.images,
    featured: v.featured,
    ...sellerColumns(v),
    isPublished: true,
    createdAt: created,
    updatedAt: created,
    publishedAt: created,
    firstPublishedAt: created,
    expiresAt: v.expires_at === null ? null : new Date(Date.parse(v.expires_at) + shift),
    revision: v.revision,
  };
}

/** The account of the `k`th seller (listing `v` is one of theirs). */
function sellerRow(v: Vehicle, k: number) {
  return {
    id: v.seller_id,
    name: v.seller_name ?? `Seller ${k}`,
    email: `seller-${k}@bench.invalid`,
    location: v.seller_location,
    region: v.region,
    latitude: v.seller_latitude,
    longitude: v.seller_longitude,
    userType: v.seller_type ?? 'private',
    businessName: v.seller_type === 'dealer' ? v.seller_name : null,
  };
}

/** The sellers of the generated listings, one account each (a seller's listings are consecutive). */
function* sellerRows(listings: Iterable<Vehicle>) {
  let last: string | null = null;
  let k = 0;
  for (const v of listings) {
    if (v.seller_id === last) continue;
    last = v.seller_id;
    yield sellerRow(v, k++);
  }
}

/** Inserts the sellers of `detailedListings(n)` (one account each) and the listings, in bulk. */
export async function seedListings(db: Database['db'], n: number, shape: DetailShape = {}): Promise<void> {
  const all = [...detailedListingStream(n, shape)];
  const shift = dateShift();
  const batch = 2000;
  const sellers = [...sellerRows(all)];
  for (let start = 0; start < sellers.length; start += batch) await db.insert(users).values(sellers.slice(start, start + batch));
  for (let start = 0; start < n; start += batch) await db.insert(vehicles).values(all.slice(start, start + batch).map((v) => toRow(v, shift)));
  await db.execute(`select setval('listing_revision_seq', ${n + 1})` as never);
  await db.execute('analyze' as never);
}

/** psql on the PATH, or the newest of Debian's PostgreSQL installs. */
function psqlPath(): string {
  const onPath = (process.env.PATH ?? '').split(':').find((dir) => existsSync(`${dir}/psql`));
  if (onPath) return `${onPath}/psql`;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(`${root}/${v}/bin/psql`)) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) throw new Error('psql not found (apt-get install postgresql-client)');
  return `${root}/${newest}/bin/psql`;
}

/** A value as a CSV field of COPY: NULL as nothing, text quoted, JSON for jsonb, ISO dates, t/f. */
function csvField(value: unknown, sqlType: string): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number') return String(value);
  const text = sqlType === 'jsonb' ? JSON.stringify(value) : String(value);
  return `"${text.replaceAll('"', '""')}"`;
}

/** Streams `rows` (objects keyed by the table's Drizzle field names) into `COPY table FROM STDIN` through psql. */
async function copyRows<T extends PgTable>(databaseUrl: string, table: T, tableName: string, rows: Iterable<Partial<T['$inferInsert']>>): Promise<void> {
  let fields: { key: string; name: string; sqlType: string }[] | null = null;
  let psql: ReturnType<typeof spawn> | null = null;
  let exited: Promise<unknown[]> | null = null;
  let chunk: string[] = [];
  const flush = async () => {
    if (!psql!.stdin!.write(chunk.join(''))) await once(psql!.stdin!, 'drain');
    chunk = [];
  };
  for (const row of rows) {
    if (!fields) {
      const columns = getTableColumns(table);
      fields = Object.keys(row).map((key) => ({ key, name: columns[key]!.name, sqlType: columns[key]!.getSQLType() }));
      const copy = `\\copy ${tableName} (${fields.map((f) => f.name).join(', ')}) from pstdin with (format csv)`;
      psql = spawn(psqlPath(), [databaseUrl, '-v', 'ON_ERROR_STOP=1', '-qc', copy], { stdio: ['pipe', 'inherit', 'inherit'] });
      exited = once(psql, 'exit');
    }
    const record = row as Record<string, unknown>;
    chunk.push(`${fields.map((f) => csvField(record[f.key], f.sqlType)).join(',')}\n`);
    if (chunk.length === 2000) await flush();
  }
  if (!psql) return;
  await flush();
  psql.stdin!.end();
  const [code] = await exited!;
  if (code !== 0) throw new Error(`psql's COPY into ${tableName} failed (exit ${String(code)})`);
}

/**
 * The same sellers and listings as `seedListings`, written to PostgreSQL with COPY (psql streaming
 * CSV), for a million listings in minutes; `databaseUrl`'s schema must be migrated already.
 */
export async function copyListings(databaseUrl: string, n: number, shape: DetailShape = {}): Promise<void> {
  const shift = dateShift();
  await copyRows(databaseUrl, users, 'users', sellerRows(listingStream(n, shape)));
  await copyRows(
    databaseUrl,
    vehicles,
    'vehicles',
    (function* () {
      for (const v of detailedListingStream(n, shape)) yield toRow(v, shift);
    })(),
  );
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`select setval('listing_revision_seq', ${n + 1})`);
    await client.query('analyze');
  } finally {
    await client.end();
  }
}
