import type { z } from 'zod';
import { PLACEHOLDER_IMAGE } from '@/domain/core/constants';
import { LISTING_MESSAGES } from '@/domain/core/messages';
import { STOCK_API_MESSAGES } from '@/domain/account/stockApi';
import type { vehicleInputSchema } from '@/domain/listing/vehicleInput';
import type { AppContext } from './context';
import type { Tx } from './db/client';
import { conflict, forbidden } from './errors';
import { enqueueFavouritePriceDrop, enqueueListingPublished } from './jobs/listingJobs';
import { isAdmin } from './plugins/app/auth';
import { freeListingEligibility, inputToColumns, publishColumns, resolveCoordinates, resolveImages, resolveLocation, resolvePlan, sellerFields } from './listings';
import { recordLoosePhotos } from './repositories/uploads.repo';
import { findUserById, type UserRow } from './repositories/users.repo';
import { findVehicle, hasTombstone } from './repositories/vehicles/reads';
import type { NewVehicle, VehicleRow } from './repositories/vehicles/rows';
import { insertVehicle, recordPriceChange, updateVehicle, withListingWrite } from './repositories/vehicles/writes';
import { findByStockNumber } from './repositories/vehicles/stock';
import { graceEnd } from '@/domain/payments/dealerPlan';
import { planPaidUp } from './dealerPlan/standing';

// A seller's create and edit of a listing, as the listing routes and the Stock API (issue 38) both make them.

type VehicleInput = z.infer<typeof vehicleInputSchema>;
type Ctx = Pick<AppContext, 'db' | 'media' | 'config' | 'now' | 'jobs'>;

/**
 * Creates a listing: a draft until paid, or published at once on the free path (`free`, which the
 * caller has checked is asked for), or, for a dealer whose monthly plan is paid up, published at once
 * until the end of the plan's grace (issue 38). A create naming an id that exists is a replay of a listing made
 * offline: the same seller gets it back (`replayed`), nothing new is made. Asked again inside the
 * write's transaction (which holds the listing-write lock), so of racing creates with one id exactly
 * one inserts and the others are answered from its row. `user` is the seller; `actor`, the person
 * making it when not the seller (a dealer's staff), is kept as its maker.
 */
export async function createListing(ctx: Ctx, user: UserRow, input: VehicleInput, opts: { free: boolean; stockNumber?: string; actor?: UserRow }): Promise<{ row: VehicleRow; replayed: boolean }> {
  const { db, media, config } = ctx;
  if (input.featured && !isAdmin(user)) throw forbidden(LISTING_MESSAGES.featureAdminOnly);
  const replayOf = async (tx: Tx, id: string) => {
    const existing = await findVehicle(tx, id);
    if (existing) {
      if (existing.sellerId !== user.id) throw conflict(LISTING_MESSAGES.idTaken);
      return existing;
    }
    if (await hasTombstone(tx, id)) throw conflict(LISTING_MESSAGES.idDeleted);
    return null;
  };
  if (input.id) {
    const existing = await replayOf(db, input.id);
    if (existing) return { row: existing, replayed: true };
  }
  const plan = resolvePlan(user, input.subscription_plan);
  const eligibility = opts.free ? await freeListingEligibility(db, user.id) : null;
  if (opts.free && !eligibility?.eligible_for_free_listing) throw forbidden(LISTING_MESSAGES.notEligibleFree);
  const images = await resolveImages(input.images, { media, db, publicUrl: config.publicUrl, now: ctx.now() });
  const location = resolveLocation(input, user);
  const coords = resolveCoordinates({ location, seller_latitude: input.seller_latitude, seller_longitude: input.seller_longitude }, user);
  const now = ctx.now();
  const raced = { replayed: false, published: false };
  const row = await withListingWrite(db, async (tx, nextRevision) => {
    const replayed = input.id ? await replayOf(tx, input.id) : null;
    if (replayed) {
      raced.replayed = true;
      return replayed;
    }
    const base = {
      ...(inputToColumns(input) as Required<Pick<VehicleRow, 'make' | 'model' | 'year' | 'vehicleType'>>),
      ...(input.id && { id: input.id }),
      ...sellerFields(user),
      images: images.length ? images : [PLACEHOLDER_IMAGE],
      location,
      sellerLatitude: coords?.latitude ?? null,
      sellerLongitude: coords?.longitude ?? null,
      subscriptionPlan: plan,
      featured: input.featured && isAdmin(user),
      stockNumber: opts.stockNumber ?? null,
      createdBy: (opts.actor ?? user).id,
      updatedBy: (opts.actor ?? user).id,
      createdAt: now,
      updatedAt: now,
    };
    // Asked inside the write, so a plan's renewal or lapse is seen as it is at the insert.
    const onPlan = !opts.free && user.userType === 'dealer' ? await planPaidUp(tx, user.id, now) : null;
    const publish = { ...publishColumns({ firstPublishedAt: null, featured: base.featured }, plan, now) };
    const published = opts.free ? { ...publish, isFreeUpdate: true, expiresAt: new Date(eligibility!.expires_at!) } : onPlan ? { ...publish, expiresAt: graceEnd(onPlan.paidUntil) } : {};
    const inserted = await insertVehicle(tx, { ...base, ...published }, await nextRevision());
    // A free or plan listing is public at once: buyers whose saved searches it matches hear of it,
    // through a job committed with the listing.
    if (opts.free || onPlan) {
      raced.published = true;
      await enqueueListingPublished(tx, inserted.id, { paid: false });
    }
    return inserted;
  });
  if (raced.published && !raced.replayed) ctx.jobs.kick();
  return { row, replayed: raced.replayed };
}

/** The columns an edit changes: the fields it names (`input` holds only those), as the listing's columns. */
export async function editColumns(ctx: Ctx, user: UserRow, row: VehicleRow, input: Partial<VehicleInput>): Promise<Partial<NewVehicle>> {
  const { db, media, config } = ctx;
  // Only asking to feature is refused: the edit form sends featured: false, which a non-admin cannot change anyway.
  if (input.featured === true && !row.featured && !isAdmin(user)) throw forbidden(LISTING_MESSAGES.featureAdminOnly);
  const patch = inputToColumns(input);
  if (input.images !== undefined) {
    const images = await resolveImages(input.images, { media, db, publicUrl: config.publicUrl, now: ctx.now() }, row.images);
    patch.images = images.length ? images : [PLACEHOLDER_IMAGE];
  }
  if (input.subscription_plan !== undefined && !row.isPublished) patch.subscriptionPlan = resolvePlan(user, input.subscription_plan);
  if (input.featured !== undefined && isAdmin(user)) patch.featured = input.featured;
  if (input.location !== undefined || input.region !== undefined) {
    const seller = (await findUserById(db, row.sellerId)) ?? user;
    patch.location = resolveLocation({ location: input.location ?? null, region: input.region ?? row.region, seller_location: null }, seller);
    const c = resolveCoordinates({ location: patch.location, seller_latitude: input.seller_latitude, seller_longitude: input.seller_longitude }, seller);
    patch.sellerLatitude = c?.latitude ?? null;
    patch.sellerLongitude = c?.longitude ?? null;
  } else if (input.seller_latitude != null && input.seller_longitude != null) {
    patch.sellerLatitude = input.seller_latitude;
    patch.sellerLongitude = input.seller_longitude;
  }
  return patch;
}

/**
 * Applies an edit's columns in one listing write: a new price is recorded (a drop becomes the
 * listing's price drop and tells the people who saved it), photos the listing no longer shows are
 * released, and `actor` is kept as who changed it last.
 */
export async function applyEdit(ctx: Ctx, row: VehicleRow, patch: Partial<NewVehicle>, actor: UserRow): Promise<VehicleRow> {
  let alerts = false;
  const updated = await withListingWrite(ctx.db, async (tx, next) => {
    // The price as it is inside the write's lock, so racing edits each record the change they made.
    const current = await findVehicle(tx, row.id);
    const drop = patch.price !== undefined && current ? await recordPriceChange(tx, current, patch.price, ctx.now()) : {};
    const after = await updateVehicle(tx, row.id, { ...patch, ...drop, updatedBy: actor.id }, await next());
    if (current && patch.images)
      await recordLoosePhotos(
        tx,
        current.images.filter((url) => !after.images.includes(url)),
        ctx.now(),
      );
    alerts = await enqueueFavouritePriceDrop(tx, row, after);
    return after;
  });
  if (alerts) ctx.jobs.kick();
  return updated;
}

/** The columns of an edit that differ from the row: none when the same vehicle is sent again. */
export function changedColumns(row: VehicleRow, patch: Partial<NewVehicle>): Partial<NewVehicle> {
  const changed = Object.entries(patch).filter(([column, value]) => JSON.stringify(value ?? null) !== JSON.stringify((row as Record<string, unknown>)[column] ?? null));
  return Object.fromEntries(changed) as Partial<NewVehicle>;
}

/** A unique index refused the insert (PostgreSQL's 23505), as drizzle and the drivers pass it on. */
function isUniqueViolation(e: unknown): boolean {
  for (let err = e as { code?: unknown; cause?: unknown } | undefined; err; err = err.cause as typeof err) if (err.code === '23505') return true;
  return false;
}

export type StockOutcome = 'created' | 'updated' | 'unchanged';

/**
 * A dealer's vehicle by its stock number (the Stock API's PUT, a stock file's row): made when the
 * number is new (a draft until paid, or free when `free`), else edited with the fields given (`input`
 * holds only those), and left alone when they are what the listing has. Racing makes of one number
 * end as one listing and its update.
 */
export async function upsertStock(
  ctx: Ctx,
  dealer: UserRow,
  actor: UserRow,
  stockNumber: string,
  input: { full: VehicleInput; given: Partial<VehicleInput> },
  opts: { free: boolean; existing?: VehicleRow | null },
): Promise<{ row: VehicleRow; outcome: StockOutcome }> {
  let existing = opts.existing === undefined ? await findByStockNumber(ctx.db, dealer.id, stockNumber) : opts.existing;
  for (let attempt = 0; ; attempt++) {
    if (existing) {
      const changed = changedColumns(existing, await editColumns(ctx, actor, existing, input.given));
      if (!Object.keys(changed).length) return { row: existing, outcome: 'unchanged' };
      return { row: await applyEdit(ctx, existing, changed, actor), outcome: 'updated' };
    }
    try {
      const { row } = await createListing(ctx, dealer, input.full, { free: opts.free, stockNumber, actor });
      return { row, outcome: 'created' };
    } catch (e) {
      // Another request made this stock number meanwhile: this one is then its update.
      if (!isUniqueViolation(e)) throw e;
      if (attempt > 0) throw conflict(STOCK_API_MESSAGES.stockNumberTaken);
      existing = await findByStockNumber(ctx.db, dealer.id, stockNumber);
    }
  }
}
