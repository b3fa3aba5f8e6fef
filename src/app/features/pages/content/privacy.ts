import type { ContentSection } from './types';

export const PRIVACY_SECTIONS: ContentSection[] = [
  {
    id: 'data-collected',
    title: /*i18n*/ 'Information we collect',
    paragraphs: [
      /*i18n*/ 'We collect the information you give us, the information created when you use Motokari, and a limited amount of technical information from your device. We only ask for what we need to run the marketplace.',
    ],
    bullets: [
      /*i18n*/ 'Account details: your name, email address, phone number and password.',
      /*i18n*/ 'Dealer details: business name and business credentials, such as registration details, if you sell as a dealer.',
      /*i18n*/ 'Listing details: vehicle information, photos, price, location and the description you write.',
      /*i18n*/ 'Payment records: the listing paid for, amount, date, method (card or EcoCash) and payment reference. Card and mobile-money details are processed by our payment providers.',
      /*i18n*/ 'Location: if you allow it, your device location, used to show and rank listings by distance.',
      /*i18n*/ 'Communications: messages you send to us or through Motokari, and your support requests.',
      /*i18n*/ 'Device and usage information: browser and device type, pages viewed, searches and error reports, collected partly through cookies.',
      /*i18n*/ 'Offline data: saved listings, searches and draft listings (including photos) stored on your device so Motokari works without a connection.',
    ],
  },
  {
    id: 'use',
    title: /*i18n*/ 'How we use your information',
    paragraphs: [/*i18n*/ 'We use your information to provide Motokari and keep it safe, and we only use it for purposes that are compatible with why we collected it.'],
    bullets: [
      /*i18n*/ 'To create and manage your account and sign you in.',
      /*i18n*/ 'To publish your listings, show them to buyers and manage their 7-day lifecycle.',
      /*i18n*/ 'To let signed-in buyers contact sellers, and sellers respond.',
      /*i18n*/ 'To process listing fees, record payments and apply any account credit.',
      /*i18n*/ 'To verify dealers and to detect and prevent fraud, scams and misuse.',
      /*i18n*/ 'To answer support requests within 24 hours and send you important service messages.',
      /*i18n*/ 'To understand how Motokari is used and improve it, including its offline features.',
      /*i18n*/ 'To send marketing messages, where you have agreed to receive them; you can opt out at any time.',
      /*i18n*/ 'To meet our legal obligations, such as keeping financial records.',
    ],
  },
  {
    id: 'sharing',
    title: /*i18n*/ 'How we share your information',
    paragraphs: [/*i18n*/ 'We do not sell your personal information. We share it only where needed to run Motokari, where you ask us to, or where the law requires it.'],
    bullets: [
      /*i18n*/ 'With other users: your listings are public, and the contact details needed to arrange a sale are shared when a signed-in buyer contacts a seller.',
      /*i18n*/ 'With payment providers: a card payment provider and a mobile-money provider (EcoCash) process listing fees on our behalf.',
      /*i18n*/ 'With service providers who host, store, secure and analyse our service, under contracts that require them to protect your information.',
      /*i18n*/ "With the police, courts or regulators when we are legally required to, or when it is necessary to prevent fraud or protect someone's safety.",
      /*i18n*/ 'With a buyer or successor if Motokari is ever reorganised, merged or sold, subject to this policy.',
    ],
  },
  {
    id: 'security',
    title: /*i18n*/ 'How we protect your information',
    paragraphs: [
      /*i18n*/ 'We use reasonable technical and organisational measures to protect your information, including encrypted connections, access controls and limiting staff access to what they need for their work.',
      /*i18n*/ 'Some information is stored on your own device so Motokari can work offline. Keep your device locked and your password private, and sign out on shared devices.',
      /*i18n*/ 'No system is completely secure. If we become aware of a breach that affects your personal information, we will act promptly and notify you and the authorities where the law requires.',
    ],
  },
  {
    id: 'rights',
    title: /*i18n*/ 'Your rights',
    paragraphs: [
      /*i18n*/ "Under Zimbabwe's Data Protection Act (Chapter 12:07), you have rights over your personal information. To use any of them, email us at {email}; we respond within 24 hours and may need to confirm your identity before acting on a request.",
      /*i18n*/ 'If you are unhappy with how we have handled your information, please tell us first so we can try to put it right. You also have the right to complain to POTRAZ, the data protection authority in Zimbabwe.',
    ],
    bullets: [
      /*i18n*/ 'Access: ask for a copy of the personal information we hold about you.',
      /*i18n*/ 'Correction: ask us to correct information that is wrong or incomplete. You can also edit most account and listing details yourself.',
      /*i18n*/ 'Deletion: ask us to delete your information, subject to the records we must keep by law.',
      /*i18n*/ 'Objection: object to some uses of your information, including direct marketing.',
      /*i18n*/ 'Withdrawing consent: where we rely on your consent, such as for location or marketing cookies, you can withdraw it at any time.',
    ],
  },
  {
    id: 'retention',
    title: /*i18n*/ 'How long we keep your information',
    paragraphs: [
      /*i18n*/ 'We keep personal information only for as long as we need it for the purposes described in this policy or as the law requires. When it is no longer needed, we delete or anonymise it.',
    ],
    bullets: [
      /*i18n*/ 'Inactive accounts: kept for up to 2 years after your last sign-in, then closed and deleted.',
      /*i18n*/ 'Expired listings: kept for 1 year after they become inactive, so you can relist from your dashboard.',
      /*i18n*/ 'Transaction records: listing payments and refund or credit records are kept for 7 years for accounting and tax purposes.',
      /*i18n*/ 'Communications: messages and support requests are kept for 3 years.',
    ],
  },
  {
    id: 'cookies',
    title: /*i18n*/ 'Cookies and local storage',
    paragraphs: [
      /*i18n*/ 'Motokari uses cookies and similar technologies, including storage on your device for offline use, to keep you signed in, remember your preferences, understand how the site is used and, with your consent, for marketing.',
      /*i18n*/ 'Our cookie policy explains the types of cookies we use, how long they last and how you can manage your preferences.',
    ],
  },
  {
    id: 'children',
    title: /*i18n*/ 'Children',
    paragraphs: [
      /*i18n*/ 'Motokari is not for people under 18, and we do not knowingly collect personal information from anyone under 18.',
      /*i18n*/ 'If you believe a person under 18 has created an account or given us their information, please contact us at {email} and we will delete it.',
    ],
  },
  {
    id: 'changes',
    title: /*i18n*/ 'Changes to this policy',
    paragraphs: [
      /*i18n*/ 'We may update this privacy policy as Motokari changes or the law develops. When we do, we will update the date on this page.',
      /*i18n*/ 'If we make significant changes, we will tell you through Motokari or by email before they take effect. If you have any questions about this policy, contact us at {email}.',
    ],
  },
];
