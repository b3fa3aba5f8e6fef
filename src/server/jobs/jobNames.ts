/** The jobs' names, as the `jobs` table holds them: one list, imported by the modules that enqueue them and by the runner's handlers. */
export const JOB_NAMES = {
  expireListings: 'expire-listings',
  expiryReminders: 'expiry-reminders',
  purgeIdempotencyKeys: 'purge-idempotency-keys',
  purgeOrphanUploads: 'purge-orphan-uploads',
  listingPublished: 'listing-published',
  savedSearchDigests: 'saved-search-digests',
  favouritePriceDrop: 'favourite-price-drop',
  favouriteGoneAlerts: 'favourite-gone-alerts',
  messagePush: 'message-push',
  messageDigests: 'message-digests',
  webhookDelivery: 'webhook-delivery',
  stockImport: 'stock-import',
  importPhotos: 'import-photos',
  dealerPlanRenewals: 'dealer-plan-renewals',
  dealerPlanReminders: 'dealer-plan-reminders',
  purgePlanInvoices: 'purge-plan-invoices',
} as const;
