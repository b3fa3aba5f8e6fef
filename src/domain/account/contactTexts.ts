// The contact buttons of a listing (spec 2.7), loaded with the listing's screen.

export const CONTACT_TEXTS = {
  /** Issue 37: a conversation inside Motokari instead of the phone. */
  messageSeller: 'Message seller',
  signInToContact: 'Sign In to Contact Seller',
  signInToBuy: 'Sign In to Buy',
  call: 'Call Seller',
  whatsApp: 'WhatsApp Seller',
  noPhone: 'The seller has not shared a phone number.',
  /** Seller Information and More from {dealer}, before this user has asked for the listing's contact. */
  showContact: 'Show phone number',
  phone: 'Phone',
  email: 'Email',
  loading: 'Getting the contact…',
  offline: "You're offline: the seller's contact shows here once you are back online, and stays on this device after that.",
  failed: "The seller's contact could not be loaded. Please try again.",
  whatsAppMessage: (title: string, price: string, product: string, url: string) => `Hello, I am interested in your ${title} (${price}) listed on ${product}: ${url}`,
} as const;
