import type { ConsentCategory } from './consent';

// The cookie banner's words for each category, shown once the visitor asks to customise: apart from
// consent.ts, whose rules every first visit runs.

/** The banner's texts per category; the lifetimes are spec section 9's. */
export const CONSENT_CATEGORY_TEXTS: Record<ConsentCategory, { label: string; description: string }> = {
  necessary: {
    label: /*i18n*/ 'Necessary',
    description: /*i18n*/ 'Keep you signed in (7 days), keep your account secure, remember these choices and make offline browsing and drafts work. Always on.',
  },
  functional: {
    label: /*i18n*/ 'Functional',
    description: /*i18n*/ 'Remember your preferences, such as your distance filter, location and recent searches. Kept for 1 year.',
  },
  analytics: {
    label: /*i18n*/ 'Analytics',
    description: /*i18n*/ 'Count which pages are visited, in aggregate, so we can improve Motokari. Kept for up to 2 years.',
  },
  marketing: {
    label: /*i18n*/ 'Marketing',
    description: /*i18n*/ 'Measure our advertising and show you more relevant Motokari promotions on other sites. Kept for 30 days to 1 year.',
  },
};
