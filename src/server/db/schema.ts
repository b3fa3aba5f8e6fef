import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, date, doublePrecision, index, integer, jsonb, pgSequence, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

// Timestamps keep milliseconds only, so the server's ordering and the app's (JavaScript dates) agree.
const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'date' });

/** Increases on every listing change; the offline sync reads changes since a revision. */
export const listingRevision = pgSequence('listing_revision_seq', { startWith: 1, increment: 1 });

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    location: text('location'),
    region: text('region'),
    area: text('area'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    userType: text('user_type').notNull().default('private'),
    businessName: text('business_name'),
    /** A dealer's business details for verification (PUT /api/me/business): registration number and address. */
    businessRegistration: text('business_registration'),
    businessAddress: text('business_address'),
    /** Null until a dealer submits business details; then 'pending', and 'verified' or 'rejected' once an administrator decides. */
    businessStatus: text('business_status'),
    businessSubmittedAt: ts('business_submitted_at'),
    /** Null for accounts that cannot sign in (the sample sellers). */
    passwordHash: text('password_hash'),
    /** In every token; a password reset or "Sign out on all devices" bumps it, so earlier tokens stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    /** Refundable account credit from double payments (spec section 9: credit, not cash; not transferable). */
    creditCents: integer('credit_cents').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    check('users_user_type_check', sql`${t.userType} in ('admin', 'dealer', 'private')`),
    check('users_business_status_check', sql`${t.businessStatus} is null or ${t.businessStatus} in ('pending', 'verified', 'rejected')`),
  ],
);

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
  },
  (t) => [
    uniqueIndex('vehicles_revision_key').on(t.revision),
    index('vehicles_seller_idx').on(t.sellerId),
    index('vehicles_public_created_idx')
      .on(t.createdAt.desc(), t.id)
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
      .on(sql`lower(${t.make})`, t.price, t.make, t.model, t.vehicleType, t.geoX, t.geoY, t.geoZ, t.createdAt, t.id, t.soldAt, t.hiddenForReviewAt, t.expiresAt)
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
    check('vehicles_vehicle_type_check', sql`${t.vehicleType} in ('car', 'construction', 'farming')`),
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

export const catalogueMakes = pgTable(
  'catalogue_makes',
  {
    id: serial('id').primaryKey(),
    vehicleType: text('vehicle_type').notNull(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('catalogue_makes_type_name_key').on(t.vehicleType, t.name)],
);

export const catalogueModels = pgTable(
  'catalogue_models',
  {
    id: serial('id').primaryKey(),
    makeId: integer('make_id')
      .notNull()
      .references(() => catalogueMakes.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('catalogue_models_make_name_key').on(t.makeId, t.name)],
);

export const catalogueVariants = pgTable(
  'catalogue_variants',
  {
    id: serial('id').primaryKey(),
    modelId: integer('model_id')
      .notNull()
      .references(() => catalogueModels.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('catalogue_variants_model_name_key').on(t.modelId, t.name)],
);

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    vehicleId: uuid('vehicle_id').notNull(),
    userId: uuid('user_id').notNull(),
    method: text('method').notNull(),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref').notNull(),
    pollUrl: text('poll_url'),
    /** The card provider's client secret, so a second create for the same open payment answers the same intent. */
    clientSecret: text('client_secret'),
    plan: text('plan').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status').notNull().default('pending'),
    msisdn: text('msisdn'),
    message: text('message'),
    testMode: boolean('test_mode').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_provider_ref_key').on(t.provider, t.providerRef),
    index('payments_vehicle_idx').on(t.vehicleId),
    // At most one open payment per listing, whichever instance creates it.
    uniqueIndex('payments_vehicle_pending_key')
      .on(t.vehicleId)
      .where(sql`${t.status} = 'pending'`),
    check('payments_status_check', sql`${t.status} in ('pending', 'succeeded', 'failed', 'cancelled', 'superseded')`),
  ],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    principal: text('principal').notNull(),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    responseBody: text('response_body'),
    responseType: text('response_type'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.principal, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/** Small facts the server keeps about itself (the catalogue version it loaded). */
export const meta = pgTable('meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** Browsers that accepted push notifications, per signed-in user; one row per push service endpoint. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
);

/** A buyer's saved search: the domain's normalised filters, matched against each new listing. */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    query: jsonb('query').$type<Record<string, string | number | boolean>>().notNull(),
    notify: boolean('notify').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** Alerts by email as well as (or instead of) push. */
    email: boolean('email').notNull().default(false),
    /** 'instant': an email per new match; 'daily': one digest a day of the matches since the last. */
    emailFrequency: text('email_frequency').notNull().default('instant'),
  },
  (t) => [index('saved_searches_user_idx').on(t.userId, t.createdAt)],
);

/**
 * A new listing a saved search's email alert has matched: claimed by inserting the row, so a retried
 * job never mails a match twice; `emailed_at` is null while it waits for the daily digest.
 */
export const savedSearchMatches = pgTable(
  'saved_search_matches',
  {
    savedSearchId: uuid('saved_search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    matchedAt: ts('matched_at').notNull(),
    emailedAt: ts('emailed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.savedSearchId, t.vehicleId] }),
    index('saved_search_matches_pending_idx')
      .on(t.matchedAt)
      .where(sql`${t.emailedAt} is null`),
  ],
);

/**
 * Expiry reminders sent: one per listing and expiry date, claimed by inserting the row, so a restart
 * or a second instance never sends the same reminder twice, and a relisted listing gets a new one.
 */
export const expiryReminders = pgTable(
  'expiry_reminders',
  {
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at').notNull(),
    sentAt: ts('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.vehicleId, t.expiresAt] })],
);

/**
 * Contact requests (leads): a signed-in buyer revealed a listing's contact. One row per buyer and
 * listing, however often they ask, so the seller's dashboard counts people, not clicks.
 */
export const contactRequests = pgTable(
  'contact_requests',
  {
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.vehicleId, t.buyerId] })],
);

/**
 * A signed-in user's report of a listing. Open until an admin dismisses it (or the listing goes): one
 * open report per person and listing, so the count of open reports is a count of different people.
 */
export const listingReports = pgTable(
  'listing_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    note: text('note'),
    createdAt: ts('created_at').notNull().defaultNow(),
    dismissedAt: ts('dismissed_at'),
  },
  (t) => [
    uniqueIndex('listing_reports_open_key')
      .on(t.vehicleId, t.reporterId)
      .where(sql`${t.dismissedAt} is null`),
    index('listing_reports_open_idx')
      .on(t.createdAt)
      .where(sql`${t.dismissedAt} is null`),
  ],
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

/**
 * Background work, run once across instances (src/server/jobs/runner.ts). A recurring job is one row
 * named after it that comes due again JOBS_INTERVAL_MS after each success; a one-off job (the pushes a
 * listing's publication sends, written in the transaction that publishes it) is deleted once done. An
 * instance claims a due job by setting a lease (`locked_until`) and commits before running it; when
 * that instance dies the lease lapses and any instance takes the job up again. `attempts` counts the
 * claims since the last success; `payload` also records a one-off job's progress.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    recurring: boolean('recurring').notNull().default(false),
    nextRunAt: ts('next_run_at').notNull().defaultNow(),
    lockedUntil: ts('locked_until'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('jobs_due_idx').on(t.nextRunAt)],
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

/** A listing's leads per day (UTC): views, contact requests, favourites and shares, one row per kind. */
export const listingEvents = pgTable(
  'listing_events',
  {
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.vehicleId, t.day, t.kind] }), check('listing_events_kind_check', sql`${t.kind} in ('view', 'contact', 'favourite', 'share')`)],
);

/**
 * A buyer's favourites (the Saved screen), one row per user and listing, with the price the listing had
 * when it was saved (a drop since is shown and pushed) and the price a drop was last pushed at (each drop
 * is pushed once), and whether its going away was pushed. No foreign key to the listing: a deleted listing's favourite stays and says it is no
 * longer available, as a sold or expired one does.
 */
export const favourites = pgTable(
  'favourites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vehicleId: uuid('vehicle_id').notNull(),
    /** The listing's title when saved ('2019 Toyota Hilux 2.8GD-6'): a deleted listing is still named. */
    title: text('title'),
    savedPrice: doublePrecision('saved_price'),
    notifiedPrice: doublePrecision('notified_price'),
    /** When its owner was told the listing is no longer public; cleared when it is public again. */
    goneNotifiedAt: ts('gone_notified_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.vehicleId] }), index('favourites_vehicle_idx').on(t.vehicleId)],
);
