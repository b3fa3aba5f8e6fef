import type { ContentSection } from './types';

/** When the terms last changed (noon, so the day is the same in Harare and in UTC). */
export const TERMS_UPDATED_ON = '2025-10-08T12:00:00Z';

export const TERMS_SECTIONS: ContentSection[] = [
  {
    id: 'acceptance',
    title: /*i18n*/ 'Acceptance of these terms',
    paragraphs: [
      /*i18n*/ 'These terms apply to your use of Motokari, an online marketplace where people and dealers advertise cars, construction equipment and farming equipment for sale in Zimbabwe. By creating an account, browsing listings or publishing a listing, you agree to these terms and to our privacy policy.',
      /*i18n*/ 'You must be 18 or older to use Motokari. If you use Motokari on behalf of a business, you confirm that you are authorised to accept these terms for that business.',
      /*i18n*/ 'We may update these terms from time to time. When we do, we will change the date at the top of this page and, for significant changes, let you know through the site or by email. If you continue to use Motokari after a change takes effect, the updated terms apply to you.',
    ],
  },
  {
    id: 'intellectual-property',
    title: /*i18n*/ 'Intellectual property',
    paragraphs: [
      /*i18n*/ 'The Motokari name, logo, design, software and the content we create, including our guides, belong to Motokari or our licensors. You may not copy, modify or reuse them for commercial purposes without our written permission.',
      /*i18n*/ 'You keep ownership of the photos and text you upload. By publishing a listing, you give Motokari a non-exclusive, royalty-free licence to store, display, resize and share that content for the purpose of running and promoting the marketplace, for as long as we hold it.',
      /*i18n*/ "You confirm that you own, or have permission to use, everything you upload, and that it does not infringe anyone else's rights.",
    ],
  },
  {
    id: 'user-conduct',
    title: /*i18n*/ 'User conduct',
    paragraphs: [
      /*i18n*/ 'We want Motokari to be a safe and trustworthy place to buy and sell. When you use it, you agree to act honestly and lawfully and to treat other users with respect.',
      /*i18n*/ 'You are responsible for keeping your sign-in details secure and for everything that happens under your account. Tell us promptly if you think someone else has accessed it.',
    ],
    bullets: [
      /*i18n*/ 'Do not post false, misleading or duplicate listings, or advertise vehicles you do not have the right to sell.',
      /*i18n*/ 'Do not attempt to defraud, threaten, harass or spam other users.',
      /*i18n*/ "Do not use other users' contact details for anything other than the vehicle they have listed or enquired about.",
      /*i18n*/ 'Do not advertise stolen vehicles or vehicles with tampered chassis or engine numbers.',
      /*i18n*/ 'Do not scrape, copy or collect data from Motokari by automated means, or interfere with how the site works.',
      /*i18n*/ "Do not create an account in someone else's name or create new accounts after we have suspended you.",
    ],
  },
  {
    id: 'listing-submission',
    title: /*i18n*/ 'Listing submission',
    paragraphs: [
      /*i18n*/ 'Every listing must describe a real vehicle or machine that is available for sale in Zimbabwe. Listings must be accurate and honest, and you are responsible for their content.',
      /*i18n*/ 'We may review, edit the presentation of, refuse or remove any listing that does not meet these requirements or that we reasonably believe is misleading, unlawful or unsafe. We may ask for proof of ownership or of your right to sell at any time.',
      /*i18n*/ 'Dealers must provide valid business credentials before listing as a dealer, and must keep them up to date.',
    ],
    bullets: [
      /*i18n*/ 'The make, model and year of the vehicle or equipment.',
      /*i18n*/ 'An accurate description of its condition.',
      /*i18n*/ 'Real photos of the actual vehicle being sold (up to 8), not stock or borrowed images.',
      /*i18n*/ 'Honest disclosure of any known defects, damage or mechanical problems.',
      /*i18n*/ "Proof of ownership, or of your right to sell on the owner's behalf, available on request.",
      /*i18n*/ 'An asking price in US dollars and an accurate location.',
    ],
  },
  {
    id: 'fees-and-payments',
    title: /*i18n*/ 'Fees and payments',
    paragraphs: [
      /*i18n*/ 'Motokari takes no commission on sales. Buyers and sellers agree the price and arrange payment directly between themselves, and Motokari does not hold, process or guarantee payments for vehicles.',
      /*i18n*/ 'Fees apply only to listings. Private sellers pay $1 per 7-day listing on the standard plan, which does not include featured placement. Dealers pay $2 per 7-day listing on the premium plan, which includes a featured listing. All fees are in US dollars.',
      /*i18n*/ 'Fees must be paid before a listing is published, by card through a card payment provider or by EcoCash through a mobile-money provider. Each listing runs for 7 days and then becomes inactive and hidden from search; its details remain in your seller dashboard and you can relist it by paying the fee again.',
      /*i18n*/ 'Listings cannot be cancelled after payment, and fees are non-refundable. The only exceptions are a double payment or a technical error on our side; in those cases we refund the amount as account credit, which cannot be transferred to another account or exchanged for cash. To request this, contact us at {email}.',
      /*i18n*/ 'We may change our fees in future. Any change will not affect listings you have already paid for, and we will show the current fee before you pay.',
    ],
  },
  {
    id: 'third-party-links',
    title: /*i18n*/ 'Third-party links and services',
    paragraphs: [
      /*i18n*/ 'Motokari may contain links to other websites or services, and payments are handled by a card payment provider and a mobile-money provider. These third parties have their own terms and privacy policies, and we are not responsible for their content, services or practices.',
      /*i18n*/ "Including a link or service on Motokari does not mean we endorse it. Please read the third party's terms before you use it.",
    ],
  },
  {
    id: 'disclaimer-and-liability',
    title: /*i18n*/ 'Disclaimer and limitation of liability',
    paragraphs: [
      /*i18n*/ 'Motokari is a platform that puts buyers and sellers in touch. We are not a party to any sale, we do not own or inspect the vehicles listed, and we do not guarantee the accuracy of listings, the condition or legal status of any vehicle, or that a buyer or seller will complete a deal.',
      /*i18n*/ 'Buyers should inspect vehicles, obtain a police clearance and check documents before paying, and sellers should confirm that payment has cleared before handing over a vehicle. Our buying and selling guides are general information, not legal or financial advice.',
      /*i18n*/ 'We work to keep Motokari available and secure, but we cannot promise that it will always be uninterrupted or error-free, including when working offline. To the extent permitted by law, Motokari is not liable for losses arising from dealings between users, or for indirect or consequential losses, and our total liability to you is limited to the listing fees you paid in the six months before the claim.',
      /*i18n*/ 'Nothing in these terms excludes or limits any liability that cannot be excluded under the laws of Zimbabwe, or any rights you have as a consumer under the Consumer Protection Act (Chapter 14:44).',
    ],
  },
  {
    id: 'termination',
    title: /*i18n*/ 'Termination',
    paragraphs: [
      /*i18n*/ 'You can stop using Motokari at any time, and you can ask us to close your account by contacting {email}. Closing your account does not entitle you to a refund of fees already paid, and any account credit will be lost.',
      /*i18n*/ 'We may suspend or close your account, or remove your listings, if you break these terms, if we suspect fraud or illegal activity, or if we are required to do so by law. Where appropriate, we will tell you why.',
      /*i18n*/ 'Some records may be kept after your account closes, as explained in our privacy policy, and the parts of these terms that by their nature should continue, such as those on liability and disputes, will continue to apply.',
    ],
  },
  {
    id: 'dispute-resolution',
    title: /*i18n*/ 'Dispute resolution and governing law',
    paragraphs: [
      /*i18n*/ 'If you have a problem with Motokari, please contact us first at {email}. We respond within 24 hours and will try to resolve the matter fairly and quickly.',
      /*i18n*/ 'Disputes between buyers and sellers about a vehicle or a sale are for the parties to resolve between themselves. We may, at our discretion, help by sharing information we hold where the law allows, but we are not obliged to mediate.',
      /*i18n*/ 'These terms are governed by the laws of Zimbabwe. You and Motokari agree to the non-exclusive jurisdiction of the courts of Zimbabwe.',
    ],
  },
];
