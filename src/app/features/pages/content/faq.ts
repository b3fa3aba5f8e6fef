import type { FaqItem } from './types';

export const FAQ_CATEGORIES = [
  { id: 'all', label: /*i18n*/ 'All Questions' },
  { id: 'buyers', label: /*i18n*/ 'For Buyers' },
  { id: 'sellers', label: /*i18n*/ 'For Sellers' },
  { id: 'about', label: /*i18n*/ 'About Motokari' },
] as const;

export const FAQ_ITEMS: FaqItem[] = [
  // For buyers
  {
    id: 'buyers-search',
    category: 'buyers',
    question: /*i18n*/ 'How do I search for a vehicle?',
    answer:
      /*i18n*/ 'Use the search page to choose what you are looking for, whether that is a car, construction equipment or farming equipment, then narrow the results by make, model, price and distance. You can rank the results by distance to see the vehicles closest to you first.',
  },
  {
    id: 'buyers-price-range',
    category: 'buyers',
    question: /*i18n*/ 'What price range can I search?',
    answer:
      /*i18n*/ "The price filter covers vehicles from $1,500 to $200,000. All prices on Motokari are in US dollars, and the price shown is the seller's asking price, so there may be room to negotiate.",
  },
  {
    id: 'buyers-distance',
    category: 'buyers',
    question: /*i18n*/ 'How does the distance filter work?',
    answer:
      /*i18n*/ 'You can search Countrywide, or limit the results to vehicles within 20, 50, 100 or 200 km of your location. Choose a smaller radius to avoid long trips for viewings, or Countrywide if you are happy to travel for the right vehicle.',
  },
  {
    id: 'buyers-contact',
    category: 'buyers',
    question: /*i18n*/ 'How do I contact a seller?',
    answer:
      /*i18n*/ 'You need to be signed in to contact a seller. Once you are signed in, open the listing and use the contact options shown. You then deal with the seller directly; Motokari is not a party to the sale.',
  },
  {
    id: 'buyers-offline',
    category: 'buyers',
    question: /*i18n*/ 'Can I use Motokari without an internet connection?',
    answer:
      /*i18n*/ 'Yes. After you have visited Motokari once, you can browse, search and rank listings by distance even with no network. You will see the listings saved on your device, and new listings and changes appear the next time you connect.',
  },
  {
    id: 'buyers-safety',
    category: 'buyers',
    question: /*i18n*/ 'How can I buy safely?',
    answer:
      /*i18n*/ 'Always see the vehicle in person, check that the chassis and engine numbers match the registration book, get a free ZRP police clearance and have a mechanic inspect it. Never pay a deposit for a vehicle you have not seen, and put the deal in a signed agreement of sale. Our buying guide covers each step in detail.',
  },
  {
    id: 'buyers-listing-gone',
    category: 'buyers',
    question: /*i18n*/ 'Why has a listing I was watching disappeared?',
    answer:
      /*i18n*/ 'Listings run for 7 days. After that they become inactive and are hidden from search, although the seller may choose to relist the vehicle. A listing may also have ended because the vehicle has been sold.',
  },
  {
    id: 'buyers-cost',
    category: 'buyers',
    question: /*i18n*/ 'Does it cost anything to buy through Motokari?',
    answer: /*i18n*/ 'No. Buyers do not pay Motokari anything, and we take no commission on sales. You pay the agreed price directly to the seller.',
  },

  // For sellers
  {
    id: 'sellers-fees',
    category: 'sellers',
    question: /*i18n*/ 'How much does it cost to sell on Motokari?',
    answer: /*i18n*/ 'Private sellers pay $1 and dealers pay $2 for each 7-day listing. That is the only fee: Motokari takes no commission on your sale, however much you sell for.',
  },
  {
    id: 'sellers-plans',
    category: 'sellers',
    question: /*i18n*/ 'What is the difference between the standard and premium plans?',
    answer:
      /*i18n*/ 'The standard plan is for private sellers and costs $1 per 7-day listing, without featured placement. The premium plan is for dealers and costs $2 per 7-day listing, with featured listings that give your vehicles extra visibility.',
  },
  {
    id: 'sellers-lifecycle',
    category: 'sellers',
    question: /*i18n*/ 'How long does my listing stay live?',
    answer:
      /*i18n*/ 'Each listing runs for 7 days from publication. After that it becomes inactive and is hidden from search, but its details stay in your seller dashboard so you do not have to start again.',
  },
  {
    id: 'sellers-relist',
    category: 'sellers',
    question: /*i18n*/ 'Can I relist a vehicle that has not sold?',
    answer: /*i18n*/ 'Yes. Open the inactive listing in your seller dashboard, update the price or details if you wish, and pay the listing fee to run it for another 7 days.',
  },
  {
    id: 'sellers-photos',
    category: 'sellers',
    question: /*i18n*/ 'How many photos can I add?',
    answer: /*i18n*/ 'You can add up to 8 photos per listing. Use real, recent photos of the vehicle itself, taken in good light, and include any damage so buyers know what to expect.',
  },
  {
    id: 'sellers-offline-drafts',
    category: 'sellers',
    question: /*i18n*/ 'Can I create a listing without a connection?',
    answer:
      /*i18n*/ 'Yes. You can draft a listing, including its photos, while offline, and Motokari keeps it on your device. When your connection returns, the listing is uploaded and published; the listing fee must be paid before it goes live.',
  },
  {
    id: 'sellers-payment',
    category: 'sellers',
    question: /*i18n*/ 'How do I pay the listing fee?',
    answer: /*i18n*/ 'You can pay by card or by EcoCash mobile money. The fee is paid before your listing is published.',
  },
  {
    id: 'sellers-refunds',
    category: 'sellers',
    question: /*i18n*/ 'Can I get a refund or cancel a listing?',
    answer:
      /*i18n*/ 'Listing fees are non-refundable, and a listing cannot be cancelled once it has been paid for. If you were charged twice or a technical error affected your listing, contact us at {email} and we will refund the amount as account credit, which cannot be transferred to another account.',
  },
  {
    id: 'sellers-dealers',
    category: 'sellers',
    question: /*i18n*/ 'How do I sell as a dealer?',
    answer:
      /*i18n*/ 'Register as a dealer and provide your business credentials, such as your business registration details, so we can confirm that you are trading as a business. Dealers list on the premium plan at $2 per 7-day listing, with featured listings.',
  },

  // About Motokari
  {
    id: 'about-who',
    category: 'about',
    question: /*i18n*/ 'What is Motokari?',
    answer:
      /*i18n*/ 'Motokari is an online marketplace for buying and selling cars, construction equipment and farming equipment in Zimbabwe. Buyers and sellers deal with each other directly, and the site is built to work well even when your connection does not.',
  },
  {
    id: 'about-commission',
    category: 'about',
    question: /*i18n*/ 'Does Motokari take a commission on sales?',
    answer: /*i18n*/ 'No. Motokari takes no commission. The only fees are for listings: $1 per 7-day listing for private sellers and $2 for dealers.',
  },
  {
    id: 'about-party',
    category: 'about',
    question: /*i18n*/ 'Is Motokari involved in the sale?',
    answer:
      /*i18n*/ 'No. Motokari is not a party to any sale. We do not inspect vehicles, hold payments or guarantee deals, so buyers and sellers should make their own checks and complete the paperwork themselves.',
  },
  {
    id: 'about-support',
    category: 'about',
    question: /*i18n*/ 'How do I contact Motokari support?',
    answer:
      /*i18n*/ 'Email us at {email}. We respond within 24 hours. To help us help you quickly, include the email address or phone number on your account and, if your question is about a listing or payment, the listing title and payment date.',
  },
  {
    id: 'about-age',
    category: 'about',
    question: /*i18n*/ 'Is there a minimum age to use Motokari?',
    answer: /*i18n*/ 'Yes. Motokari is not for people under 18. You must be 18 or older to create an account, contact sellers or publish a listing.',
  },
  {
    id: 'about-install',
    category: 'about',
    question: /*i18n*/ 'How do I install the Motokari app?',
    answer:
      /*i18n*/ "Motokari is a web app, so there is no app store download. Open Motokari in your browser and choose 'Install app' or 'Add to Home screen' from the browser menu. Once you have visited it, it works offline too.",
  },
];
