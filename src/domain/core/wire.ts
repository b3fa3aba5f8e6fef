import { z } from 'zod';
import { SELLER_TYPES, USER_TYPES, VEHICLE_TYPES } from './constants';
import { SUBSCRIPTION_PLANS } from '../payments/fees';
import { ADVERTISING_PLAN_IDS } from '../payments/advertisingPlans';
import { PRICE_BANDS } from '../search/priceBands';
import { BUSINESS_STATUSES } from '../account/business';
import { REPORT_NOTE_MAX, REPORT_REASONS } from '../listing/reports';
import { EMAIL_FREQUENCIES } from '../account/emailAlerts';
import { CONTACT_PREFERENCES } from '../messages/apiMessages';
import { LANGUAGES } from '../i18n/languages';

// The API's answers, each written once: the server declares them as its routes' `response` schemas
// (so /api/docs describes them, and an answer cannot carry a field not listed here), and the types
// the server, the data layer and the app use are inferred from them. Screens import the types only
// (`import type`), so zod stays out of their bundle. The summary feed's page: search/summaryWire.ts.

export const nullableString = z.string().nullable();
export const nullableNumber = z.number().nullable();

/** PUT /api/admin/zig-rate's answer, and the config's `zig_rate`. */
export const zigRateSchema = z.object({ rate: z.number(), set_at: z.string() });

/** A listing's price verdict (issue 20): its band, why in a few words, against how many listings, and the typical price. */
export const priceVerdictSchema = z.object({
  band: z.enum(PRICE_BANDS),
  why: z.string(),
  comparables: z.number(),
  typical_price: nullableNumber,
});

/** A vehicle listing as the API returns it (spec section 3). */
export const vehicleSchema = z.object({
  id: z.string(),
  vehicle_type: z.enum(VEHICLE_TYPES),
  make: z.string(),
  model: z.string(),
  variant: nullableString,
  year: z.number(),
  price: nullableNumber,
  mileage: nullableNumber,
  operating_hours: nullableNumber,
  engine_size: nullableNumber,
  /** Construction equipment's engine power in horsepower. */
  engine_power_hp: nullableNumber,
  /** The seller declared duty paid (ZIMRA); null when not said. */
  duty_paid: z.boolean().nullable(),
  /** The seller declared police clearance and a registration book in their name; null when not said. */
  papers_ready: z.boolean().nullable(),
  /** The seller is a dealer whose business details an administrator verified. */
  verified_dealer: z.boolean(),
  /** The seller's phone number was verified by an SMS code (issue 37); changing it takes the badge away until verified again. */
  phone_verified: z.boolean(),
  fuel_type: nullableString,
  transmission: nullableString,
  drive_type: nullableString,
  condition: nullableString,
  category: nullableString,
  car_category: nullableString,
  color: nullableString,
  description: nullableString,
  images: z.array(z.string()),
  features: z.array(z.string()),
  featured: z.boolean(),
  subscription_plan: z.enum(SUBSCRIPTION_PLANS).nullable(),
  seller_id: z.string(),
  seller_name: nullableString,
  seller_location: nullableString,
  location: nullableString,
  region: nullableString,
  seller_type: z.enum(SELLER_TYPES).nullable(),
  seller_latitude: nullableNumber,
  seller_longitude: nullableNumber,
  is_published: z.boolean(),
  is_expired: z.boolean(),
  is_free_update: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  published_at: nullableString,
  /** The listing's expiry; `null` for sample listings, which stay live. */
  expires_at: nullableString,
  listing_expires_at: nullableString,
  views: z.number(),
  revision: z.number(),
  /** When its seller marked it sold (it left search; its page still answers, to show 'Sold'); null while for sale. Absent on the device's summaries. */
  sold_at: nullableString.optional(),
  /** The listing's last price change when it was a drop: how much and when; null otherwise. */
  price_drop: z.object({ amount: z.number(), at: z.string() }).nullable().optional(),
  /** Present when the request carried the buyer's coordinates. */
  distance_km: nullableNumber.optional(),
  drive_time_minutes: nullableNumber.optional(),
  /** Only the device's summary of the listing (search/summary.ts): no description, features or further photos. */
  summary_only: z.literal(true).optional(),
  /**
   * How the price compares with similar public listings (search/priceVerdict.ts); null without a price.
   * Public listings carry it once the server's search index is built (not a seller's drafts).
   */
  price_verdict: priceVerdictSchema.nullable().optional(),
  /** Present (true) while open reports from several people hide the listing pending an admin's review. */
  hidden_for_review: z.literal(true).optional(),
  /** The advertising plan (spec 2.10) bought for the listing (issue 38); null on the 7-day fee. Absent on the device's summaries. */
  advertising_plan: z.enum(ADVERTISING_PLAN_IDS).nullable().optional(),
  /** While boosted (issue 38): when the boost ends; it stands in newest-first order at that instant until then, labelled 'Boosted'. */
  boosted_until: nullableString.optional(),
  /** How buyers reach the seller (issue 37), the listing's own or its seller's account's: 'messages' never sends the phone. On a listing's page (GET /api/vehicles/{id}). */
  contact_preference: z.enum(CONTACT_PREFERENCES).optional(),
});

/**
 * A listing's contact details. Public answers never carry them (they could be scraped); a signed-in
 * user asks for one listing's at a time (GET /api/vehicles/{id}/contact), and its seller reads them
 * on their own listings. The email is a dealer's business address; private sellers' is never shown.
 */
export const sellerContactSchema = z.object({ seller_phone: nullableString, seller_email: nullableString });

/** A listing as its seller (or an administrator) reads it: the public listing and its contact. */
export const ownVehicleSchema = vehicleSchema.extend(sellerContactSchema.shape);

/** A listing as one of the listing routes answers it: the seller's own (with the contact) or the public one. */
export const listingAnswerSchema = z.union([ownVehicleSchema, vehicleSchema]);

/** A user as the API returns it (spec section 3); never carries a password hash. */
export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: nullableString,
  location: nullableString,
  region: nullableString,
  area: nullableString,
  latitude: nullableNumber,
  longitude: nullableNumber,
  user_type: z.enum(USER_TYPES),
  business_name: nullableString,
  /** A dealer's business details for verification (PUT /api/me/business), and where their review stands. */
  business_registration: nullableString,
  business_address: nullableString,
  business_status: z.enum(BUSINESS_STATUSES).nullable(),
  /** How buyers reach this seller unless a listing says otherwise (issue 37); PUT /api/me/settings. */
  contact_preference: z.enum(CONTACT_PREFERENCES),
  /** An email digest of messages unread for 12 hours (opt-out). */
  message_emails: z.boolean(),
  /** The language chosen for this account (issue 39), followed by the app on a new device and by what is sent to the person; null until chosen. */
  language: z.enum(LANGUAGES).nullable(),
  /** The account's phone was verified by an SMS code (POST /api/auth/phone/verify) and has not changed since. */
  phone_verified: z.boolean(),
  created_at: z.string(),
  isAdmin: z.boolean(),
});

/** POST /api/auth/phone/send-code: the number the code went to (E.164) and when it stops working. */
export const phoneCodeSentSchema = z.object({ message: z.string(), phone: z.string(), expires_at: z.string() });

/** Sign-up and sign-in. */
export const authAnswerSchema = z.object({ access_token: z.string(), token_type: z.literal('bearer'), user: userSchema });

/** Answers that only say what happened. */
export const messageSchema = z.object({ message: z.string() });
/** A deletion's answer: what was deleted. */
export const deletedSchema = z.object({ message: z.string(), id: z.string() });

/** GET /api/users/{id}/listing-eligibility: whether the seller may list for free (spec section 4). */
export const eligibilitySchema = z.object({
  eligible_for_free_listing: z.boolean(),
  active_listings_count: z.number(),
  expires_at: nullableString,
});

/** A row of GET /api/users/{id}/listing-history: the seller's listing with its status. */
export const historyEntrySchema = ownVehicleSchema.extend({
  status: z.enum(['Expired', 'Active', 'Pending', 'Sold']),
  days_left: nullableNumber,
  contact_requests: z.number(),
  /** Who made the listing and who last changed it (issue 38: a dealer's staff); null when not known (listings from before). */
  created_by: nullableString.optional(),
  updated_by: nullableString.optional(),
  /** When it was first published (days on market count from it); null for a draft never published. */
  first_published_at: nullableString.optional(),
  /** The dealer's own stock number (Stock API, stock files); null when it has none. */
  stock_number: nullableString.optional(),
  /** Boosts its advertising plan has left this Harare calendar month (issue 38); 0 without a plan that boosts. */
  boosts_left: z.number().optional(),
});

const dailyCounts = z.array(z.number());
/**
 * GET /api/me/leads: each of the signed-in seller's listings' views, contact requests, Call and WhatsApp taps, messages,
 * favourites and shares per day over the last `days` days (UTC), oldest first, `today` last. A dealer's staff get the dealer's.
 */
export const leadsAnswerSchema = z.object({
  today: z.string(),
  days: z.number(),
  listings: z.array(
    z.object({
      vehicle_id: z.string(),
      view: dailyCounts,
      contact: dailyCounts,
      call: dailyCounts,
      whatsapp: dailyCounts,
      message: dailyCounts,
      favourite: dailyCounts,
      share: dailyCounts,
    }),
  ),
});

/** GET /api/vehicle/{id}/dealer-info. */
export const dealerInfoSchema = z.union([
  z.object({
    is_dealer: z.literal(true),
    dealer_id: z.string(),
    dealer_name: z.string(),
    dealer_location: nullableString,
    total_inventory: z.number(),
    other_vehicles: z.array(vehicleSchema),
  }),
  z.object({ is_dealer: z.literal(false) }),
]);

/** GET /api/sync/vehicles: public listings changed since a revision, and the ids of those gone. */
export const syncPageSchema = z.object({
  upserts: z.array(vehicleSchema),
  tombstones: z.array(z.string()),
  revision: z.number(),
  has_more: z.boolean(),
});

const catalogueEntry = z.object({ id: z.number(), name: z.string() });
/** A make of the reference catalogue with its models and their variants. */
export const catalogueMakeSchema = z.object({
  id: z.number(),
  name: z.string(),
  vehicle_type: z.enum(VEHICLE_TYPES),
  models: z.array(catalogueEntry.extend({ variants: z.array(catalogueEntry) })),
});
/** GET /api/vehicle-makes, /vehicle-makes/{id}/models, /vehicle-models/{id}/variants. */
export const catalogueEntriesSchema = z.array(catalogueEntry);
/** GET /api/sync/catalogue: the whole catalogue for the offline app. */
export const catalogueDownloadSchema = z.object({ version: z.string(), makes: z.array(catalogueMakeSchema) });

const providerMode = z.enum(['sandbox', 'test', 'live']);
/** GET /api/config: what the app must not hard-code. */
export const configSchema = z.object({
  product_name: z.string(),
  support_email: z.string(),
  payments: z.object({
    card: z.object({ provider: z.enum(['sandbox', 'stripe']), mode: providerMode, publishable_key: nullableString }).nullable(),
    mobile_money: z.object({ provider: z.string(), mode: providerMode }),
    sandbox_pins: z.object({ approve: z.string(), decline: z.string() }).nullable(),
  }),
  push_public_key: nullableString,
  /** The ZiG rate an administrator set (issue 39): ZiG for one US dollar and when; null until one is set. */
  zig_rate: zigRateSchema.nullable().optional(),
});

/** POST /api/payments/create-intent. */
export const cardIntentSchema = z.object({
  client_secret: nullableString,
  payment_intent_id: z.string(),
  amount: z.number(),
  currency: z.string(),
  subscription_plan: z.enum(SUBSCRIPTION_PLANS),
  /** The advertising plan the payment buys (issue 38); null for the 7-day fee. */
  advertising_plan: z.enum(ADVERTISING_PLAN_IDS).nullable().optional(),
  provider: z.string(),
  test_mode: z.boolean(),
});

/** POST /api/payments/ecocash/create. */
export const mobilePaymentSchema = z.object({
  success: z.literal(true),
  transaction_id: z.string(),
  message: z.string(),
  status: z.literal('pending'),
  amount: z.number(),
  currency: z.string(),
  subscription_plan: z.enum(SUBSCRIPTION_PLANS),
  /** The advertising plan the payment buys (issue 38); null for the 7-day fee. */
  advertising_plan: z.enum(ADVERTISING_PLAN_IDS).nullable().optional(),
  provider: z.string(),
  test_mode: z.boolean(),
});

/** The confirm calls once the payment went through: the listing as published. */
export const paymentDoneSchema = z.object({ success: z.literal(true), status: z.string(), message: z.string(), vehicle: vehicleSchema.nullable() });
/** The confirm calls (202) while the provider has not settled the payment. */
export const paymentPendingSchema = z.object({ success: z.literal(false), status: z.literal('pending'), message: z.string() });

/** GET /api/admin/stats. */
export const adminStatsSchema = z.object({
  total_users: z.number(),
  dealers: z.number(),
  private_sellers: z.number(),
  admins: z.number(),
  total_vehicles: z.number(),
  featured_vehicles: z.number(),
  cars: z.number(),
  construction: z.number(),
  farming: z.number(),
});

/** A row of GET /api/admin/users. */
export const adminUserSchema = userSchema.extend({ vehicle_count: z.number(), credit_cents: z.number() });

/** A stored photo (POST /api/uploads). */
export const storedImageSchema = z.object({ url: z.string(), thumbnail_url: z.string(), width: z.number(), height: z.number(), bytes: z.number() });
export const uploadAnswerSchema = z.object({ files: z.array(storedImageSchema), urls: z.array(z.string()) });

/** A saved search (GET /api/saved-searches). */
export const savedSearchSchema = z.object({
  id: z.string(),
  name: z.string(),
  query: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  notify: z.boolean(),
  created_at: z.string(),
  /** Alerts by email too (issue 20); `email_frequency`: an email per match, or a daily digest. */
  email: z.boolean(),
  email_frequency: z.enum(EMAIL_FREQUENCIES),
});

// ---- Messages (issue 37): conversations between a listing's buyer and its seller ----

/** A message as the API sends it; `warning` is the scam rules' warning its reader is shown (null when none). */
export const chatMessageSchema = z.object({
  id: z.string(),
  conversation_id: z.string(),
  sender_id: z.string(),
  text: z.string(),
  images: z.array(z.string()),
  warning: nullableString,
  created_at: z.string(),
});

/** A conversation as one of its two people reads it (`role`, `unread`, `other_*` are the caller's view). */
export const conversationSchema = z.object({
  id: z.string(),
  listing_id: z.string(),
  buyer_id: z.string(),
  seller_id: z.string(),
  role: z.enum(['buyer', 'seller']),
  other_name: z.string(),
  /** The listing as it is now; a deleted one keeps its title, with no price or photo, and is not available. */
  listing: z.object({ title: z.string(), price: nullableNumber, image: nullableString, available: z.boolean(), price_warning: nullableString }),
  last_message: chatMessageSchema.nullable(),
  /** Messages from the other person created after the caller's read time. */
  unread: z.number(),
  /** The other person's read time: a message of the caller's created at or before it was read. */
  other_read_at: nullableString,
  /** Either person blocked the other: no message goes either way. */
  blocked: z.boolean(),
  reported: z.boolean(),
  created_at: z.string(),
  last_message_at: z.string(),
});

/** POST /api/conversations: the conversation (new or the listing's existing one) and the message appended. */
export const conversationStartSchema = z.object({ conversation: conversationSchema, message: chatMessageSchema });
/** GET /api/conversations/{id}/messages: the conversation and its messages, oldest first. */
export const conversationMessagesSchema = z.object({ conversation: conversationSchema, messages: z.array(chatMessageSchema) });

/** A reported conversation in the admin Reports tab: who, why, and every message. */
const reportedConversationSchema = z.object({
  id: z.string(),
  /** Who is who among the messages' senders. */
  buyer_id: z.string(),
  seller_id: z.string(),
  buyer_name: z.string(),
  seller_name: z.string(),
  reason: z.string(),
  reported_by: z.enum(['buyer', 'seller']).nullable(),
  reported_message_id: nullableString,
  reported_at: z.string(),
  listing_title: z.string(),
  messages: z.array(chatMessageSchema),
});

/** POST /api/vehicles/{id}/reports: a listing reported for one of these reasons, with an optional note. */
export const reportInputSchema = z.object({
  reason: z.enum(REPORT_REASONS),
  note: z.string().trim().max(REPORT_NOTE_MAX).optional(),
});

/** GET /api/admin/reports: the open reports of one listing, newest first. */
export const adminReportGroupSchema = z.object({
  vehicle_id: z.string(),
  year: z.number(),
  make: z.string(),
  model: z.string(),
  variant: nullableString,
  seller_name: nullableString,
  hidden_for_review: z.boolean(),
  count: z.number(),
  reports: z.array(z.object({ reason: z.enum(REPORT_REASONS), note: nullableString, created_at: z.string() })),
  /** Present on a reported conversation's entry (issue 37): its messages (then `reports` is empty, `count` 1). */
  conversation: reportedConversationSchema.nullable().optional(),
});

/** One of a user's favourites: when and at what price it was saved, and the listing as the public reads it now (null once it is no longer public: sold, expired or removed). */
export const favouriteSchema = z.object({
  vehicle_id: z.string(),
  /** The listing's title when it was saved, so one since deleted is still named. */
  title: nullableString,
  saved_at: z.string(),
  saved_price: nullableNumber,
  vehicle: vehicleSchema.nullable(),
  /** Its seller marked it sold (then `vehicle` is null, as for any listing no longer public). */
  sold: z.boolean(),
});

const dependencyState = z.enum(['ok', 'unavailable', 'not configured', 'starting']);
/** GET /api/ready's answer, 200 and 503 alike. */
export const readinessSchema = z.object({
  ready: z.boolean(),
  /** starting: the database opening (the API answers 503); running; stopping: a signal came, requests in flight are being finished. */
  state: z.enum(['starting', 'running', 'stopping']),
  /** What the instance waits for before it is ready, in words; empty when ready. */
  waiting_for: z.array(z.string()),
  database: dependencyState,
  redis: dependencyState,
  media: dependencyState,
  search_index: z.enum(['ready', 'building']),
});

/** POST /api/push/subscriptions. */
export const pushSubscriptionSchema = z.object({ id: z.string(), endpoint: z.string(), created_at: z.string() });

export type Readiness = z.infer<typeof readinessSchema>;
export type LeadsAnswer = z.infer<typeof leadsAnswerSchema>;
export type ListingEligibility = z.infer<typeof eligibilitySchema>;
export type SyncPage = z.infer<typeof syncPageSchema>;
export type CatalogueMakeAnswer = z.infer<typeof catalogueMakeSchema>;
export type AdminUser = z.infer<typeof adminUserSchema>;
export type StoredImage = z.infer<typeof storedImageSchema>;
export type SavedSearchAnswer = z.infer<typeof savedSearchSchema>;
export type FavouriteAnswer = z.infer<typeof favouriteSchema>;
export type AdminStats = z.infer<typeof adminStatsSchema>;
export type AuthAnswer = z.infer<typeof authAnswerSchema>;
export type MessageAnswer = z.infer<typeof messageSchema>;
export type AdminReportGroup = z.infer<typeof adminReportGroupSchema>;
export type ChatMessage = z.infer<typeof chatMessageSchema>;
export type Conversation = z.infer<typeof conversationSchema>;
export type CatalogueDownloadAnswer = z.infer<typeof catalogueDownloadSchema>;
