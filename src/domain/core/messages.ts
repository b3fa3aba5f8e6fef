// Texts of spec section 8 that both the server (as `detail`) and the app show. Quoted word for word.

import { SUMMARY_OUT_OF_DATE } from '../search/summary';
import { english, type Translate } from '../i18n/text';

const IMAGE_GONE = ' is no longer on the server. Please add it again.';

export const LISTING_MESSAGES = {
  /** Past the per-user limit on revealed contacts (GET /api/vehicles/{id}/contact). */
  tooManyContacts: /*i18n*/ "You have asked for many sellers' contact details in a short time. Please try again in an hour.",
  notFound: /*i18n*/ 'Car not found',
  notFoundText: /*i18n*/ "The car you're looking for doesn't exist or has been removed.",
  /** A sold listing's page (an old link, a favourite): the listing as it was, under this banner. */
  soldTitle: /*i18n*/ 'Sold',
  soldText: (on: string, tr: Translate = english) => tr(/*i18n*/ 'This vehicle was sold on {on}. It no longer appears in search.', { on }),
  /** GET /api/vehicles/{id}/contact of a sold listing, by anyone but its seller and administrators (410). */
  soldNoContact: /*i18n*/ "This vehicle has been sold, so its seller's contact details are no longer shown.",
  /** GET /api/vehicles/{id}/thumb of a listing without a photo. */
  noPhoto: /*i18n*/ 'This listing has no photo',
  createError: /*i18n*/ 'Error creating listing. Please try again.',
  validationError: /*i18n*/ 'Validation error: Please check all fields are filled correctly with valid values.',
  serverError: /*i18n*/ 'Server error. Please try again later.',
  saveError: /*i18n*/ 'Error saving car. Please try again.',
  deleteError: /*i18n*/ 'Error deleting car. Please try again.',
  deleteConfirm: /*i18n*/ 'Are you sure you want to delete this car listing?',
  notOwner: /*i18n*/ 'You can only change your own listings',
  /** POST /api/vehicles/{id}/sold by anyone but the listing's seller (administrators included). */
  soldNotSeller: /*i18n*/ 'Only its seller can mark a listing sold',
  /** POST /api/vehicles/{id}/sold of a listing never published. */
  soldUnpublished: /*i18n*/ 'Only a published listing can be marked sold',
  /** A payment (a relist) asked for a sold listing. */
  soldNoPayment: /*i18n*/ 'This listing is sold: it cannot be paid for or relisted',
  idTaken: /*i18n*/ 'A listing with this id already exists',
  idDeleted: /*i18n*/ 'This listing was deleted and cannot be created again',
  notEligibleFree: /*i18n*/ 'You are not eligible for a free listing',
  planNotAllowed: /*i18n*/ 'This plan is not available for your seller type',
  featureAdminOnly: /*i18n*/ 'Only administrators can feature a listing',
  invalidImage: (file: string, tr: Translate = english) => tr(/*i18n*/ '{file}: Not a valid image file', { file }),
  imageTooLarge: (file: string, tr: Translate = english) => tr(/*i18n*/ '{file}: File too large (max 10MB)', { file }),
  imageTooManyPixels: (file: string, pixels: number, tr: Translate = english) => tr(/*i18n*/ '{file}: Image too large (max {megapixels} megapixels)', { file, megapixels: pixels / 1_000_000 }),
  malformedUpload: /*i18n*/ 'The upload is not valid multipart/form-data',
  tooManyImages: (n: number, tr: Translate = english) => tr(/*i18n*/ 'Maximum {count} images allowed. Please remove some images first.', { count: n }),
  noValidImages: /*i18n*/ 'No valid image files were found. Please select JPG, PNG, GIF, or WebP files.',
  imageProcessing: (msg: string, tr: Translate = english) => tr(/*i18n*/ 'Image processing failed: {reason}. Please try again or contact support.', { reason: msg }),
  imageSource: /*i18n*/ 'Images must be uploaded photos or data URLs',
  /** A stored photo a listing names that is not in the store (deleted a day after an upload no listing took, or never stored). */
  imageGone: (image: string, tr: Translate = english) => tr(/*i18n*/ '{image} is no longer on the server. Please add it again.', { image }),
  paid: /*i18n*/ 'Payment successful! Your listing has been published and is now visible to buyers.',
  freeListed: (expiry: string, tr: Translate = english) => tr(/*i18n*/ 'Your listing has been published for free. It runs until {expiry}, with your other active listings.', { expiry }),
  queuedOffline: /*i18n*/ 'Your listing is saved on this device and will be published when the connection returns.',
  queuedForPayment: /*i18n*/ 'Your listing is saved on this device and will be sent when the connection returns. You can pay for it then, here or from your dashboard.',
  editNeedsConnection: /*i18n*/ 'Changes to a published listing need a connection. Your changes are kept here: save again once you are back online.',
  changesSaved: /*i18n*/ 'Your changes have been saved.',
} as const;

export const PAYMENT_MESSAGES = {
  authRequired: /*i18n*/ 'Authentication required. Please log in to process payments.',
  vehicleNotFound: /*i18n*/ 'Vehicle not found. Please refresh and try again.',
  invalidRequest: /*i18n*/ 'Invalid payment request. Please check your details.',
  serverError: /*i18n*/ 'Server error. Please try again later.',
  networkError: /*i18n*/ 'Network error. Please check your connection and try again.',
  creationFailed: /*i18n*/ 'Payment creation failed. Please try again.',
  mobileCreationFailed: /*i18n*/ 'Mobile money payment could not be created. Please try again.',
  missingTransactionId: /*i18n*/ 'Transaction ID not received from server',
  phoneRequired: /*i18n*/ 'A phone number is required for mobile money payments.',
  phoneDigitsOnly: /*i18n*/ 'Phone number must contain digits only',
  phoneLength: /*i18n*/ 'Phone number must have 9 to 15 digits',
  doublePayment: /*i18n*/ 'Double payment: the listing was already paid; refundable as account credit',
  initiated: /*i18n*/ 'Payment initiated. Please enter your PIN.',
  completed: /*i18n*/ 'Payment completed successfully!',
  failed: /*i18n*/ 'Payment failed. Please try again.',
  pending: /*i18n*/ 'Waiting for the payment to be approved on your phone.',
  systemError: /*i18n*/ 'Payment System Error',
  alreadyPaid: /*i18n*/ 'This listing is already paid and published',
  paymentNotFound: /*i18n*/ 'Payment not found',
  draftSaved: /*i18n*/ 'Payment failed. Your listing has been saved as a draft and can be paid later from your dashboard.',
} as const;

export const ADMIN_MESSAGES = {
  accessDenied: /*i18n*/ 'You need admin privileges to access this page.',
  deleteUserConfirm: /*i18n*/ 'Are you sure you want to delete this user and all their vehicles?',
  userDeleted: /*i18n*/ 'User deleted successfully',
  userDeleteError: /*i18n*/ 'Error deleting user',
  resetDone: /*i18n*/ 'Database reset successfully',
  resetError: /*i18n*/ 'Error resetting database',
  cannotDeleteAdmin: /*i18n*/ 'Administrator accounts cannot be deleted',
  resetPhraseRequired: /*i18n*/ 'Type DELETE ALL DATA to confirm the reset',
  vehicleDeleted: (details: string, tr: Translate = english) => tr(/*i18n*/ 'Vehicle {details} has been deleted successfully.', { details }),
  vehicleDeleteFailed: /*i18n*/ 'Failed to delete vehicle: ',
  adminRequired: /*i18n*/ 'Administrator privileges required',
} as const;

export const GENERIC_MESSAGES = {
  notFound: /*i18n*/ 'Not found',
  malformedJson: /*i18n*/ 'Malformed JSON body',
  tooDeep: /*i18n*/ 'The JSON body is nested too deeply',
  badAddress: /*i18n*/ 'The address is not valid',
  addressTooLong: /*i18n*/ 'A part of the address is too long',
  tooLarge: /*i18n*/ 'Request body is too large',
  rateLimited: /*i18n*/ 'Too many requests. Please try again later.',
  internal: /*i18n*/ 'Internal server error',
  /** A service the request needs could not be reached (the database restarting or failing over, the photos' bucket down): answered 503. */
  unavailable: /*i18n*/ 'The service is briefly unavailable. Please try again in a moment.',
  /** The server is still starting (its database opening): answered 503, like `unavailable`. */
  starting: /*i18n*/ 'Motokari is starting. Please try again in a moment.',
  idempotencyMismatch: /*i18n*/ 'This Idempotency-Key was already used for a different request',
  idempotencyInProgress: /*i18n*/ 'A request with this Idempotency-Key is still being processed',
  /** GET /api/sync/summary asked for a format this server does not send: the app shows it as it is. */
  appOutdated: SUMMARY_OUT_OF_DATE,
} as const;

/**
 * The seller's queue and payment screens in people's words: the server's protocol answers (the
 * idempotency layer's, an HTTP status) are never shown as they are.
 */
export const OUTBOX_TEXTS = {
  stillProcessing: /*i18n*/ 'The server is still working on the last attempt; it is checked again in a moment.',
  changedSinceSent: /*i18n*/ 'This listing changed after it was first sent. Discard it from the queue and publish the draft again.',
  requestProblem: /*i18n*/ 'This could not be sent as it is. Please try again.',
  uploadFailed: /*i18n*/ 'A photo could not be uploaded. Please try again.',
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
