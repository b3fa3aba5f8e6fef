import type { ContentSection } from './types';

export const ABOUT_HERO: { title: string; subtitle: string } = {
  title: /*i18n*/ 'Buy and sell vehicles across Zimbabwe, directly',
  subtitle:
    /*i18n*/ 'Motokari connects buyers and sellers of cars, construction equipment and farming equipment, with no commission and a marketplace that keeps working when your connection does not.',
};

export const ABOUT_MISSION: ContentSection = {
  id: 'mission',
  title: /*i18n*/ 'Our mission',
  paragraphs: [
    /*i18n*/ 'Motokari exists to make buying and selling vehicles in Zimbabwe simpler, fairer and more affordable. Whether you are selling a family car in Harare, a tractor in Mashonaland or an excavator in Bulawayo, you should be able to reach serious buyers without paying a large cut of the sale.',
    /*i18n*/ 'That is why buyers and sellers deal with each other directly, and why Motokari takes no commission. Sellers pay a small, fixed fee in US dollars for each 7-day listing, and buyers browse and search for free.',
    /*i18n*/ 'We built Motokari for the way Zimbabwe actually connects. After one visit, buyers can browse, search and rank listings by distance with no network, and sellers can draft a listing with photos offline that publishes once a connection returns.',
  ],
  bullets: [
    /*i18n*/ 'Cars, construction equipment and farming equipment in one place',
    /*i18n*/ 'No commission on sales, only a small listing fee',
    /*i18n*/ 'Works offline after your first visit',
    /*i18n*/ 'Support that responds within 24 hours',
  ],
};

export const ABOUT_REASONS: { title: string; text: string }[] = [
  {
    title: /*i18n*/ 'No commission, ever',
    text: /*i18n*/ 'You keep the full sale price. Sellers pay only a fixed listing fee of $1 for private sellers or $2 for dealers per 7-day listing, and buyers pay nothing at all.',
  },
  {
    title: /*i18n*/ 'Works when the network does not',
    text: /*i18n*/ 'After one visit, you can browse, search and rank listings by distance offline. Sellers can draft listings with photos offline, and they publish once you are connected again.',
  },
  {
    title: /*i18n*/ 'More than cars',
    text: /*i18n*/ 'Find cars alongside construction and farming equipment, from pick-ups and sedans to tractors, loaders and excavators, all searchable in one place.',
  },
  {
    title: /*i18n*/ 'Find vehicles near you',
    text: /*i18n*/ 'Search Countrywide or within 20, 50, 100 or 200 km, and rank results by distance so viewings are easy to arrange.',
  },
  {
    title: /*i18n*/ 'Fresh, relevant listings',
    text: /*i18n*/ 'Listings run for 7 days and then drop out of search unless the seller relists, so what you see is more likely to still be for sale.',
  },
  {
    title: /*i18n*/ 'Real people to help',
    text: /*i18n*/ 'Our support team responds within 24 hours, and our buying and selling guides explain the checks and paperwork step by step.',
  },
];

export const ABOUT_STATS: { value: string; label: string }[] = [
  { value: '10,000+', label: /*i18n*/ 'Listings' },
  { value: '500+', label: /*i18n*/ 'Dealers' },
  { value: '50,000+', label: /*i18n*/ 'Customers' },
  { value: '24h', label: /*i18n*/ 'Support response' },
];
