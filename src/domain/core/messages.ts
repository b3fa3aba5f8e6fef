// Texts of spec section 8 that both the server (as `detail`) and the app show. Quoted word for word.

import { SUMMARY_OUT_OF_DATE } from '../search/summary';

const IMAGE_GONE = ' is no longer on the server. Please add it again.';

export const LISTING_MESSAGES = {
  /** Past the per-user limit on revealed contacts (GET /api/vehicles/{id}/contact). */
  tooManyContacts: "You have asked for many sellers' contact details in a short time. Please try again in an hour.",
  notFound: 'Car not found',
  notFoundText: "The car you're looking for doesn't exist or has been removed.",
  /** A sold listing's page (an old link, a favourite): the listing as it was, under this banner. */
  soldTitle: 'Sold',
  soldText: (on: string) => `This vehicle was sold on ${on}. It no longer appears in search.`,
  /** GET /api/vehicles/{id}/contact of a sold listing, by anyone but its seller and administrators (410). */
  soldNoContact: "This vehicle has been sold, so its seller's contact details are no longer shown.",
  /** GET /api/vehicles/{id}/thumb of a listing without a photo. */
  noPhoto: 'This listing has no photo',
  createError: 'Error creating listing. Please try again.',
  validationError: 'Validation error: Please check all fields are filled correctly with valid values.',
  serverError: 'Server error. Please try again later.',
  saveError: 'Error saving car. Please try again.',
  deleteError: 'Error deleting car. Please try again.',
  deleteConfirm: 'Are you sure you want to delete this car listing?',
  notOwner: 'You can only change your own listings',
  /** POST /api/vehicles/{id}/sold by anyone but the listing's seller (administrators included). */
  soldNotSeller: 'Only its seller can mark a listing sold',
  /** POST /api/vehicles/{id}/sold of a listing never published. */
  soldUnpublished: 'Only a published listing can be marked sold',
  /** A payment (a relist) asked for a sold listing. */
  soldNoPayment: 'This listing is sold: it cannot be paid for or relisted',
  idTaken: 'A listing with this id already exists',
  idDeleted: 'This listing was deleted and cannot be created again',
  notEligibleFree: 'You are not eligible for a free listing',
  planNotAllowed: 'This plan is not available for your seller type',
  featureAdminOnly: 'Only administrators can feature a listing',
  invalidImage: (file: string) => `${file}: Not a valid image file`,
  imageTooLarge: (file: string) => `${file}: File too large (max 10MB)`,
  imageTooManyPixels: (file: string, pixels: number) => `${file}: Image too large (max ${pixels / 1_000_000} megapixels)`,
  malformedUpload: 'The upload is not valid multipart/form-data',
  tooManyImages: (n: number) => `Maximum ${n} images allowed. Please remove some images first.`,
  noValidImages: 'No valid image files were found. Please select JPG, PNG, GIF, or WebP files.',
  imageProcessing: (msg: string) => `Image processing failed: ${msg}. Please try again or contact support.`,
  imageSource: 'Images must be uploaded photos or data URLs',
  /** A stored photo a listing names that is not in the store (deleted a day after an upload no listing took, or never stored). */
  imageGone: (image: string) => `${image}${IMAGE_GONE}`,
  paid: 'Payment successful! Your listing has been published and is now visible to buyers.',
  freeListed: (expiry: string) => `Your listing has been published for free. It runs until ${expiry}, with your other active listings.`,
  queuedOffline: 'Your listing is saved on this device and will be published when the connection returns.',
  queuedForPayment: 'Your listing is saved on this device and will be sent when the connection returns. You can pay for it then, here or from your dashboard.',
  editNeedsConnection: 'Changes to a published listing need a connection. Your changes are kept here: save again once you are back online.',
  changesSaved: 'Your changes have been saved.',
} as const;

export const PAYMENT_MESSAGES = {
  authRequired: 'Authentication required. Please log in to process payments.',
  vehicleNotFound: 'Vehicle not found. Please refresh and try again.',
  invalidRequest: 'Invalid payment request. Please check your details.',
  serverError: 'Server error. Please try again later.',
  networkError: 'Network error. Please check your connection and try again.',
  creationFailed: 'Payment creation failed. Please try again.',
  mobileCreationFailed: 'Mobile money payment could not be created. Please try again.',
  missingTransactionId: 'Transaction ID not received from server',
  phoneRequired: 'A phone number is required for mobile money payments.',
  phoneDigitsOnly: 'Phone number must contain digits only',
  phoneLength: 'Phone number must have 9 to 15 digits',
  doublePayment: 'Double payment: the listing was already paid; refundable as account credit',
  initiated: 'Payment initiated. Please enter your PIN.',
  completed: 'Payment completed successfully!',
  failed: 'Payment failed. Please try again.',
  pending: 'Waiting for the payment to be approved on your phone.',
  systemError: 'Payment System Error',
  alreadyPaid: 'This listing is already paid and published',
  paymentNotFound: 'Payment not found',
  draftSaved: 'Payment failed. Your listing has been saved as a draft and can be paid later from your dashboard.',
} as const;

export const ADMIN_MESSAGES = {
  accessDenied: 'You need admin privileges to access this page.',
  deleteUserConfirm: 'Are you sure you want to delete this user and all their vehicles?',
  userDeleted: 'User deleted successfully',
  userDeleteError: 'Error deleting user',
  resetDone: 'Database reset successfully',
  resetError: 'Error resetting database',
  cannotDeleteAdmin: 'Administrator accounts cannot be deleted',
  resetPhraseRequired: 'Type DELETE ALL DATA to confirm the reset',
  vehicleDeleted: (details: string) => `Vehicle ${details} has been deleted successfully.`,
  vehicleDeleteFailed: 'Failed to delete vehicle: ',
  adminRequired: 'Administrator privileges required',
} as const;

export const GENERIC_MESSAGES = {
  notFound: 'Not found',
  malformedJson: 'Malformed JSON body',
  tooDeep: 'The JSON body is nested too deeply',
  badAddress: 'The address is not valid',
  addressTooLong: 'A part of the address is too long',
  tooLarge: 'Request body is too large',
  rateLimited: 'Too many requests. Please try again later.',
  internal: 'Internal server error',
  /** A service the request needs could not be reached (the database restarting or failing over, the photos' bucket down): answered 503. */
  unavailable: 'The service is briefly unavailable. Please try again in a moment.',
  /** The server is still starting (its database opening): answered 503, like `unavailable`. */
  starting: 'Motokari is starting. Please try again in a moment.',
  idempotencyMismatch: 'This Idempotency-Key was already used for a different request',
  idempotencyInProgress: 'A request with this Idempotency-Key is still being processed',
  /** GET /api/sync/summary asked for a format this server does not send: the app shows it as it is. */
  appOutdated: SUMMARY_OUT_OF_DATE,
} as const;

/**
 * The seller's queue and payment screens in people's words: the server's protocol answers (the
 * idempotency layer's, an HTTP status) are never shown as they are.
 */
export const OUTBOX_TEXTS = {
  stillProcessing: 'The server is still working on the last attempt; it is checked again in a moment.',
  changedSinceSent: 'This listing changed after it was first sent. Discard it from the queue and publish the draft again.',
  requestProblem: 'This could not be sent as it is. Please try again.',
  uploadFailed: 'A photo could not be uploaded. Please try again.',
} as const;

/** Whether a refusal is LISTING_MESSAGES.imageGone: the outbox then uploads the listing's photos again. */
export const isImageGone = (detail: string) => detail.endsWith(IMAGE_GONE);

/** A server's detail as a person should read it: the idempotency layer's answers in plain words, the rest as they are. */
export function inPlainWords(detail: string): string {
  if (detail === GENERIC_MESSAGES.idempotencyInProgress) return OUTBOX_TEXTS.stillProcessing;
  if (detail === GENERIC_MESSAGES.idempotencyMismatch) return OUTBOX_TEXTS.changedSinceSent;
  if (/idempotency/i.test(detail)) return OUTBOX_TEXTS.requestProblem;
  return detail;
}
