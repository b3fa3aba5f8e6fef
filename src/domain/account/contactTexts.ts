import { english, type Translate } from '../i18n/text';
// The contact buttons of a listing (spec 2.7), loaded with the listing's screen.

export const CONTACT_TEXTS = {
  /** Issue 37: a conversation inside Motokari instead of the phone. */
  messageSeller: /*i18n*/ 'Message seller',
  signInToContact: /*i18n*/ 'Sign In to Contact Seller',
  signInToBuy: /*i18n*/ 'Sign In to Buy',
  call: /*i18n*/ 'Call Seller',
  whatsApp: /*i18n*/ 'WhatsApp Seller',
  noPhone: /*i18n*/ 'The seller has not shared a phone number.',
  /** Seller Information and More from {dealer}, before this user has asked for the listing's contact. */
  showContact: /*i18n*/ 'Show phone number',
  phone: /*i18n*/ 'Phone',
  email: /*i18n*/ 'Email',
  loading: /*i18n*/ 'Getting the contact…',
  offline: /*i18n*/ "You're offline: the seller's contact shows here once you are back online, and stays on this device after that.",
  failed: /*i18n*/ "The seller's contact could not be loaded. Please try again.",
  whatsAppMessage: (title: string, price: string, product: string, url: string, tr: Translate = english) =>
    tr(/*i18n*/ 'Hello, I am interested in your {title} ({price}) listed on {product}: {url}', { title, price, product, url }),
} as const;
