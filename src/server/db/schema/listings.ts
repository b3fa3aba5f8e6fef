import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, doublePrecision, index, integer, jsonb, pgSequence, pgTable, serial, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { users } from './accounts';

// The listings and what the server keeps beside them: the revision sequence, their words, the tombstones of deleted ones, their price changes and the uploaded photos.

/** Increases on every listing change; the offline sync reads changes since a revision. */
export const listingRevision = pgSequence('listing_revision_seq', { startWith: 1, increment: 1 });

export const vehicles = pgTable(
  'vehicles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    vehicleType: text('vehicle_type').notNull(),
    make: text('make').notNull(),
    model: text('model').notNull(),
    variant: text('variant'),
    year: integer('year').notNull(),
    price: doublePrecision('price'),
    mileage: integer('mileage'),
    operatingHours: integer('operating_hours'),
    engineSize: doublePrecision('engine_size'),
    /** Construction equipment's engine power in horsepower (spec section 9's bands filter on it). */
    enginePowerHp: integer('engine_power_hp'),
    /** The seller's declarations (issue 20): duty paid (ZIMRA), police clearance and a registration book in their name; null when not said. */
    dutyPaid: boolean('duty_paid'),
    papersReady: boolean('papers_ready'),
    /** The seller is a dealer an administrator verified (users.business_status), kept on each listing so searches and the summary feed read it. */
    verifiedDealer: boolean('verified_dealer').notNull().default(false),
    /** The seller's phone was verified by an SMS code (users.phone_verified_at), kept on each listing like verifiedDealer. */
    phoneVerified: boolean('phone_verified').notNull().default(false),
    fuelType: text('fuel_type'),
    transmission: text('transmission'),
    driveType: text('drive_type'),
    condition: text('condition'),
    category: text('category'),
    color: text('color'),
    description: text('description'),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    features: jsonb('features').$type<string[]>().notNull().default([]),
    featured: boolean('featured').notNull().default(false),
    subscriptionPlan: text('subscription_plan'),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id),
    sellerName: text('seller_name'),
    sellerPhone: text('seller_phone'),
    /** How buyers reach the seller about this listing: 'phone' or 'messages' only; null follows the account's (users.contact_preference). */
    contactPreference: text('contact_preference'),
    sellerEmail: text('seller_email'),
    sellerLocation: text('seller_location'),
    location: text('location'),
    region: text('region'),
    sellerType: text('seller_type'),
    sellerLatitude: doublePrecision('seller_latitude'),
    sellerLongitude: doublePrecision('seller_longitude'),
    /** The seller's position as a unit vector (see unitVector in src/domain/geo/geo.ts), kept by PostgreSQL. */
    geoX: doublePrecision('geo_x').generatedAlwaysAs(sql`cos(radians(seller_latitude)) * cos(radians(seller_longitude))`),
    geoY: doublePrecision('geo_y').generatedAlwaysAs(sql`cos(radians(seller_latitude)) * sin(radians(seller_longitude))`),
    geoZ: doublePrecision('geo_z').generatedAlwaysAs(sql`sin(radians(seller_latitude))`),
    isPublished: boolean('is_published').notNull().default(false),
    isExpired: boolean('is_expired').notNull().default(false),
    isFreeUpdate: boolean('is_free_update').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    publishedAt: ts('published_at'),
    /** Set the first time the listing goes public; only such listings are ever sent as tombstones. */
    firstPublishedAt: ts('first_published_at'),
    expiresAt: ts('expires_at'),
    /** When its seller marked it sold: it leaves search (publicSql) but is not deleted. */
    soldAt: ts('sold_at'),
    /** The last price change when it was a drop (how much, when), kept with the row for cards and the summary feed; null after a rise. */
    priceDropAmount: doublePrecision('price_drop_amount'),
    priceDroppedAt: ts('price_dropped_at'),
    views: integer('views').notNull().default(0),
    revision: bigint('revision', { mode: 'number' }).notNull(),
    /**
     * The revision of the last change to the listing's summary other than its price and the sweep's
     * expired flag: kept by a trigger (migration 0017), so the summary feed sends a listing whose price
     * alone changed as its new price, and leaves out one that expired when the device knew it would.
     */
    summaryRevision: bigint('summary_revision', { mode: 'number' }),
    /** Set when open reports from enough different people hide the listing until an admin reviews it. */
    hiddenForReviewAt: ts('hidden_for_review_at'),
    /**
     * The listing's words (listingWordsTokens in src/domain/search/words.ts), which a words search finds
     * it by through a GIN index; null until the server writes them (search/listingWords.ts), and made
     * null again by a trigger (migration) whenever a words field changes.
     */
    wordsTokens: text('words_tokens').array(),
    /** The dealer's own reference for the vehicle (issue 38's Stock API): one listing per seller and stock number. */
    stockNumber: text('stock_number'),
    /** Who made the listing and who last changed it, when a dealer's staff did (issue 38): shown to the dealer. */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    /** The advertising plan (spec 2.10) a payment bought for the listing (issue 38): its boosts and, for Ultimate, its relists; null on the 7-day fee. */
    advertisingPlan: text('advertising_plan'),
    /** While boosted (issue 38): the boost's end, which is where the listing stands in newest-first order until then; cleared by a job after. */
    boostedUntil: ts('boosted_until'),
  },
  (t) => [
    uniqueIndex('vehicles_revision_key').on(t.revision),
    index('vehicles_seller_idx').on(t.sellerId),
    // Newest first (search/sqlFilters.ts `newestSql`: a boosted listing stands at its boost's end), then by id.
    index('vehicles_public_newest_idx')
      .on(sql`greatest(${t.createdAt}, ${t.boostedUntil}) desc`, t.id)
      .where(sql`${t.isPublished} and not ${t.isExpired}`),
    // The summary feed's first download: one type at a time, newest first (keyset paging).
    index('vehicles_public_type_created_idx')
      .on(t.vehicleType, t.createdAt.desc().nullsFirst(), t.id)
      .where(sql`${t.isPublished} and not ${t.isExpired}`),
    index('vehicles_public_make_model_idx')
      .on(sql`lower(${t.make})`, sql`lower(${t.model})`)
      .where(sql`${t.isPublished} and not ${t.isExpired}`),
    // A search by make answered by SQL (while the search index builds at start, and words searches):
    // every column such a search filters, ranks and counts on, so PostgreSQL reads the index alone, not
    // the rows. At a million listings the first search after a start on a cold page cache (Toyotas
    // under $60,000 by distance: 57,064 to count and rank) read 760 MB of rows in 5.9 s, this index
    // 17 MB in 0.06 s. The plain make, model and type are there for the index-only scan (PostgreSQL
    // cannot use an index's expression for the column it is made from).
    index('vehicles_public_make_cover_idx')
      .on(sql`lower(${t.make})`, t.price, t.make, t.model, t.vehicleType, t.geoX, t.geoY, t.geoZ, t.createdAt, t.boostedUntil, t.id, t.soldAt, t.hiddenForReviewAt, t.expiresAt)
      .where(sql`${t.isPublished} and not ${t.isExpired}`),
    index('vehicles_public_type_price_idx')
      .on(t.vehicleType, t.price)
      .where(sql`${t.isPublished} and not ${t.isExpired}`),
    index('vehicles_public_coords_idx')
      .on(t.sellerLatitude, t.sellerLongitude)
      .where(sql`${t.isPublished} and not ${t.isExpired}`),
    index('vehicles_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.isPublished} and not ${t.isExpired}`),
    index('vehicles_words_tokens_idx').using('gin', t.wordsTokens),
    // Whether any listing shows a photo (images @> '["/media/…"]'), asked by the orphan photos' purge
    // for each upload it considers: without it each question read every listing (1.8 GB at a million).
    index('vehicles_images_idx').using('gin', t.images.op('jsonb_path_ops')),
    // The listings whose words are still to be written: found without a pass over the table.
    index('vehicles_words_pending_idx')
      .on(t.id)
      .where(sql`${t.wordsTokens} is null`),
    // A deleted account's mark on listings is cleared (on delete set null) without a pass over every listing.
    // The boosts whose 24 hours are over, found by the job that clears them without a pass over every listing.
    index('vehicles_boosted_until_idx')
      .on(t.boostedUntil)
      .where(sql`${t.boostedUntil} is not null`),
    // Ultimate listings, renewed (relisted) by a job while unsold.
    index('vehicles_ultimate_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.advertisingPlan} = 'ultimate'`),
    index('vehicles_created_by_idx')
      .on(t.createdBy)
      .where(sql`${t.createdBy} is not null`),
    index('vehicles_updated_by_idx')
      .on(t.updatedBy)
      .where(sql`${t.updatedBy} is not null`),
    uniqueIndex('vehicles_seller_stock_number_key')
      .on(t.sellerId, t.stockNumber)
      .where(sql`${t.stockNumber} is not null`),
    check('vehicles_vehicle_type_check', sql`${t.vehicleType} in ('car', 'construction', 'farming')`),
    check('vehicles_contact_preference_check', sql`${t.contactPreference} is null or ${t.contactPreference} in ('phone', 'messages')`),
    check('vehicles_engine_power_hp_check', sql`${t.enginePowerHp} is null or ${t.enginePowerHp} between 1 and 5000`),
  ],
);

/**
 * Every token any listing's words ever held (vehicles.words_tokens), each numbered as it came, so each
 * server keeps them in memory and reads only the new ones (search/listingWords.ts).
 */
export const listingWords = pgTable(
  'listing_words',
  {
    token: text('token').primaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('listing_words_seq_key').on(t.seq)],
);

/** Listings deleted after they were once public, so offline mirrors drop them. */
export const vehicleTombstones = pgTable(
  'vehicle_tombstones',
  {
    vehicleId: uuid('vehicle_id').primaryKey(),
    revision: bigint('revision', { mode: 'number' }).notNull(),
    deletedAt: ts('deleted_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('vehicle_tombstones_revision_key').on(t.revision)],
);

/** Each change of a listing's price, written in the transaction of the edit that made it. */
export const priceChanges = pgTable(
  'price_changes',
  {
    id: serial('id').primaryKey(),
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    oldPrice: doublePrecision('old_price'),
    newPrice: doublePrecision('new_price'),
    changedAt: ts('changed_at').notNull().defaultNow(),
  },
  (t) => [index('price_changes_vehicle_idx').on(t.vehicleId, t.changedAt)],
);

/**
 * Photos stored through POST /api/uploads, by the URL of their full rendition (as listings' images hold it).
 * One that no listing's images reference a day after its (latest) upload is deleted with its files.
 */
export const uploads = pgTable(
  'uploads',
  {
    mediaKey: text('media_key').primaryKey(),
    uploaderId: uuid('uploader_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('uploads_created_idx').on(t.createdAt)],
);
