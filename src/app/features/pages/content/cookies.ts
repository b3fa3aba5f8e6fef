import type { ContentSection } from './types';

export const COOKIE_POLICY_SECTIONS: ContentSection[] = [
  {
    id: 'cookie-types',
    title: /*i18n*/ 'Types of cookies we use',
    paragraphs: [
      /*i18n*/ 'Cookies are small text files that a website stores in your browser. Motokari also uses similar technologies, such as local storage and a service worker, to save listings and drafts on your device so the app works offline.',
      /*i18n*/ 'We group the cookies we use into four types. Necessary cookies are always on; the others are used only if you allow them.',
    ],
    bullets: [
      /*i18n*/ 'Necessary: keep you signed in, keep your account secure, remember your cookie choices and make offline browsing and draft listings work. Motokari cannot work properly without them.',
      /*i18n*/ 'Functional: remember your preferences, such as your chosen distance filter, location and recent searches, so you do not have to set them every time.',
      /*i18n*/ 'Analytics: help us understand how people use Motokari, such as which pages are visited and where errors happen, so we can improve it. We use this information in aggregate.',
      /*i18n*/ 'Marketing: help us measure our advertising and show you more relevant Motokari promotions on other sites.',
    ],
  },
  {
    id: 'third-parties',
    title: /*i18n*/ 'Third-party cookies',
    paragraphs: [
      /*i18n*/ 'Some cookies are set by third parties that provide services to us, such as analytics and advertising partners. These providers may collect information about your use of Motokari in line with their own privacy policies.',
      /*i18n*/ "When you pay a listing fee, a card payment provider or a mobile-money provider may also set cookies needed to process the payment securely. We do not control these cookies, so please check the provider's own policy for details.",
    ],
  },
  {
    id: 'managing-preferences',
    title: /*i18n*/ 'Managing your preferences',
    paragraphs: [
      /*i18n*/ 'You can accept or reject functional, analytics and marketing cookies when you first visit Motokari, and change your choices at any time through the cookie settings on the site.',
      /*i18n*/ 'You can also block or delete cookies through your browser settings. Blocking necessary cookies may stop you signing in or using parts of Motokari.',
      /*i18n*/ "Be aware that clearing your browser's site data removes the listings saved for offline use and any draft listings that have not yet been uploaded. Publish or save your drafts online before you clear it.",
    ],
  },
  {
    id: 'duration',
    title: /*i18n*/ 'How long cookies last',
    paragraphs: [/*i18n*/ 'Some cookies are deleted when you close your browser. Others stay on your device for a set period, after which they expire, unless you delete them sooner.'],
    bullets: [
      /*i18n*/ 'Authentication cookies: 7 days.',
      /*i18n*/ 'Preference cookies: 1 year.',
      /*i18n*/ 'Analytics cookies: up to 2 years.',
      /*i18n*/ 'Marketing cookies: between 30 days and 1 year, depending on the provider.',
    ],
  },
  {
    id: 'changes',
    title: /*i18n*/ 'Changes to this policy',
    paragraphs: [
      /*i18n*/ 'We may update this cookie policy when we change the cookies we use or when the law changes. We will update the date on this page and, where the change affects your choices, ask for your consent again.',
      /*i18n*/ 'If you have any questions about how we use cookies, contact us at {email}.',
    ],
  },
];
