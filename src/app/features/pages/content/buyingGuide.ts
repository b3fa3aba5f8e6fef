import type { FaqItem, GuideStep } from './types';

export const BUYING_GUIDE_INTRO: string =
  /*i18n*/ 'Buying directly from a private seller or dealer can save you money, but the checks and the paperwork are your responsibility. Motokari puts you in touch with sellers and takes no commission, so the deal is between you and the seller. This guide walks you through the three stages of a safe purchase in Zimbabwe: checking the vehicle, finalising the deal and transferring ownership into your name.';

export const BUYING_GUIDE_STEPS: GuideStep[] = [
  {
    id: 'pre-purchase-checks',
    title: /*i18n*/ 'Pre-purchase checks',
    summary:
      /*i18n*/ 'Check the vehicle and its papers carefully before you agree a price or hand over any money. Most problems can be spotted at this stage, and it is much easier to walk away now than after you have paid.',
    points: [
      /*i18n*/ "Inspect the vehicle in person and in daylight, at the seller's home or business or in a busy public place. Look for rust, uneven panel gaps, mismatched paint, fluid leaks, worn tyres and signs of flood or accident damage.",
      /*i18n*/ 'Compare the VIN or chassis number and the engine number on the vehicle with those in the registration book. If they do not match, or the stamped numbers look scratched, re-welded or painted over, do not go ahead.',
      /*i18n*/ "Check that the name in the registration book matches the seller's national ID. If someone else is selling on the owner's behalf, ask for the owner's written authority and a copy of the owner's ID.",
      /*i18n*/ 'Take the vehicle to the ZRP for a police clearance, which confirms that it has not been reported stolen. The clearance is free; the vehicle must be there in person, together with the registration book and your IDs.',
      /*i18n*/ 'Pay an independent mechanic you trust to inspect the vehicle, including a diagnostic scan where possible. For tractors and construction equipment, also check the hour meter, hydraulics, PTO, undercarriage or tracks, and any attachments included in the sale.',
      /*i18n*/ 'Take a proper test drive: start the engine from cold, drive at town and highway speeds, test the brakes and steering, and watch for warning lights. For equipment, ask to see it working under load.',
      /*i18n*/ 'If the vehicle was imported, ask for the ZIMRA customs clearance papers showing that duty was paid. A vehicle with unpaid duty can be detained, and you would be the one left dealing with it.',
      /*i18n*/ 'Ask whether the ZINARA vehicle licence is up to date. Outstanding licence fees may have to be settled before the vehicle can be licensed in your name, so agree who pays them.',
    ],
  },
  {
    id: 'finalising-purchase',
    title: /*i18n*/ 'Finalising the purchase',
    summary:
      /*i18n*/ 'Once you are happy with the vehicle, put the deal in writing and pay in a way that is safe and traceable. Do not release money until you have the documents you need to transfer ownership.',
    points: [
      /*i18n*/ 'Agree the final price and exactly what is included, such as spare keys, the spare wheel, the service history and any attachments or implements.',
      /*i18n*/ "Write an agreement of sale with both parties' full names, ID numbers and addresses; the make, model, year, registration number, VIN or chassis number and engine number; the price, payment method and date; and any known defects. Both of you should sign it, ideally in front of a witness, and keep a copy each.",
      /*i18n*/ 'Pay in a traceable way, such as a bank transfer. If you must use cash, do the exchange inside a bank or at a police station rather than carrying large sums around.',
      /*i18n*/ 'Never pay a deposit or the full price for a vehicle you have not seen and checked in person, however good the deal looks or however much pressure the seller applies.',
      /*i18n*/ 'Be wary if the seller asks you to pay someone else, pay into an account outside Zimbabwe, or cannot meet you with the vehicle. These are common signs of a scam.',
      /*i18n*/ "When you pay, collect the registration book, the change-of-ownership form signed by the seller, a copy of the seller's ID, the police clearance, any ZIMRA import papers, all keys and the service records. Ask for a signed receipt for your payment.",
      /*i18n*/ 'Remember that Motokari is not a party to the sale and does not hold or guarantee payments, so your own checks and paperwork are your protection.',
    ],
  },
  {
    id: 'ownership-transfer',
    title: /*i18n*/ 'Ownership transfer',
    summary:
      /*i18n*/ 'The vehicle is not legally yours until the change of ownership is recorded at the Central Vehicle Registry (CVR). Complete the transfer promptly, then licence and insure the vehicle before you drive it on public roads.',
    points: [
      /*i18n*/ "Take the registration book, the police clearance, the signed change-of-ownership form, the agreement of sale and both parties' IDs to the CVR. If the papers are in order, the change of ownership typically takes under 1 hour.",
      /*i18n*/ "Expect to pay a special excise duty when ownership of a second-hand vehicle changes hands. It is paid to ZIMRA, is usually between about $50 and $600 depending on the vehicle's engine size and age (for example, about $100 for a 1.4-litre 2009 car), and you will normally need proof of payment before the transfer is processed.",
      /*i18n*/ 'Check the current CVR change-of-ownership fee before you go, as official fees change from time to time, and keep every receipt.',
      /*i18n*/ 'Licence the vehicle in your name with ZINARA and keep the licence disc displayed. Settle any outstanding licence fees you agreed to take on.',
      /*i18n*/ 'Arrange at least third-party insurance before you drive the vehicle on a public road, as it is compulsory in Zimbabwe. For a valuable vehicle or machine, consider comprehensive cover.',
      /*i18n*/ 'Keep copies of the agreement of sale, the receipts and the police clearance until the new registration book in your name is issued. They are your proof of ownership in the meantime.',
      /*i18n*/ 'If a piece of farm or construction equipment is not registered for road use, keep the agreement of sale, the original invoices and any import papers safely, as these are your proof of ownership.',
    ],
  },
];

export const BUYING_GUIDE_FAQ: FaqItem[] = [
  {
    id: 'buying-guide-fees',
    category: 'buyers',
    question: /*i18n*/ 'Do I pay Motokari anything when I buy a vehicle?',
    answer:
      /*i18n*/ 'No. Browsing, searching and contacting sellers are free for buyers, and Motokari takes no commission on sales. You pay the agreed price directly to the seller, plus the official transfer costs such as the CVR fee and the special excise duty.',
  },
  {
    id: 'buying-guide-stolen',
    category: 'buyers',
    question: /*i18n*/ 'How can I be sure the vehicle is not stolen?',
    answer:
      /*i18n*/ "Check that the VIN or chassis number and the engine number on the vehicle match the registration book, and that the seller's ID matches the name on the book. Then get a police clearance from the ZRP, which is free. Do not pay anything until the clearance has been issued.",
  },
  {
    id: 'buying-guide-transfer-cost',
    category: 'buyers',
    question: /*i18n*/ 'How much does it cost to transfer ownership?',
    answer:
      /*i18n*/ 'The police clearance is free. You will pay the CVR change-of-ownership fee and a special excise duty to ZIMRA, which is usually between about $50 and $600 depending on the vehicle; for example, about $100 for a 1.4-litre 2009 car. Check the current official fees before you go.',
  },
  {
    id: 'buying-guide-transfer-time',
    category: 'buyers',
    question: /*i18n*/ 'How long does the ownership transfer take?',
    answer:
      /*i18n*/ 'At the CVR, a change of ownership typically takes under 1 hour if all the papers are in order. Getting the police clearance and paying the excise duty add to that, so plan to set aside a day for the whole process.',
  },
  {
    id: 'buying-guide-deposit',
    category: 'buyers',
    question: /*i18n*/ 'The seller wants a deposit before I view the vehicle. Should I pay it?',
    answer:
      /*i18n*/ 'No. Never send money for a vehicle you have not seen and checked in person, especially if the seller says they are away or asks you to pay a third party. Genuine sellers will let you view the vehicle first.',
  },
  {
    id: 'buying-guide-mechanic',
    category: 'buyers',
    question: /*i18n*/ 'What if the seller will not allow a mechanic to inspect the vehicle?',
    answer:
      /*i18n*/ 'Treat it as a warning sign. A seller with nothing to hide will usually agree to an inspection at a time and place that suits you both. If they refuse, it is safer to keep looking.',
  },
  {
    id: 'buying-guide-imports',
    category: 'buyers',
    question: /*i18n*/ 'Can I buy an imported vehicle from a private seller?',
    answer:
      /*i18n*/ 'Yes, but ask to see the ZIMRA customs clearance papers showing that duty was paid, and keep copies with your purchase documents. Without them you may have trouble registering the vehicle, and it could be detained.',
  },
];
