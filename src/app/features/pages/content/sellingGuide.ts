import type { GuideStep } from './types';

export const SELLING_GUIDE_INTRO: string =
  /*i18n*/ 'Selling on Motokari is simple: you pay a small fee for a 7-day listing, buyers contact you directly, and we take no commission on the sale. A well-prepared vehicle, an honest listing and a careful handover will help you sell faster and avoid problems later. Follow these four steps to sell safely in Zimbabwe.';

export const SELLING_GUIDE_STEPS: GuideStep[] = [
  {
    id: 'prepare-vehicle-and-papers',
    title: /*i18n*/ 'Prepare the vehicle and your papers',
    summary: /*i18n*/ 'Buyers trust a clean vehicle with complete paperwork. Getting everything ready before you list saves time when a serious buyer calls.',
    points: [
      /*i18n*/ 'Wash the vehicle, clean the interior and engine bay, and remove personal belongings. For equipment, clear away mud and old grease so buyers can see the condition.',
      /*i18n*/ 'Fix small, cheap problems such as blown bulbs, worn wiper blades or a flat battery. Anything you choose not to fix should be mentioned in your listing.',
      /*i18n*/ 'Find the registration book and check that it is in your name and that the VIN or chassis and engine numbers match the vehicle. Have your national ID ready as well.',
      /*i18n*/ 'Gather the service history, receipts for major repairs, spare keys and, for imported vehicles, the ZIMRA customs clearance papers.',
      /*i18n*/ 'Check that the ZINARA vehicle licence is up to date, or be ready to tell buyers what is outstanding.',
      /*i18n*/ 'If the vehicle is still under finance, talk to your bank or lender first, as the loan will usually need to be settled before ownership can be transferred.',
      /*i18n*/ 'Set a realistic price in US dollars by comparing similar vehicles on Motokari by make, model, year, mileage or hours, and condition.',
    ],
  },
  {
    id: 'create-great-listing',
    title: /*i18n*/ 'Create a great listing',
    summary:
      /*i18n*/ 'A clear, honest listing with real photos attracts serious buyers and cuts down on wasted viewings. You can prepare your listing offline and it will publish once you are connected and the fee is paid.',
    points: [
      /*i18n*/ 'Take real photos of the vehicle you are selling, not stock or borrowed images. You can add up to 8 photos, so use them well.',
      /*i18n*/ 'Shoot in good daylight and include the front, back and both sides, the interior, the dashboard showing the mileage or hour meter, the engine bay and the tyres.',
      /*i18n*/ 'Photograph any damage or wear clearly. Buyers will see it at the viewing anyway, and showing it up front builds trust.',
      /*i18n*/ 'Fill in the make, model, year and condition accurately, along with details such as mileage or hours, fuel type and transmission.',
      /*i18n*/ 'Disclose known defects honestly in the description, for example a leaking seal, a warning light or an overdue service. Hiding faults leads to wasted trips and disputes later.',
      /*i18n*/ 'Set your location accurately so your listing appears in the right distance searches for nearby buyers.',
      /*i18n*/ 'Pay the listing fee by card or EcoCash: $1 for private sellers or $2 for dealers, per 7-day listing. Your listing goes live once the fee is paid and stays in search for 7 days.',
    ],
  },
  {
    id: 'deal-with-buyers-safely',
    title: /*i18n*/ 'Deal with buyers safely',
    summary: /*i18n*/ 'Most buyers are genuine, but a few are not. Simple precautions protect you, your vehicle and your money.',
    points: [
      /*i18n*/ "Reply to enquiries promptly and politely, and answer questions about the vehicle's history honestly.",
      /*i18n*/ 'Arrange viewings in daylight, in a busy public place or at a police station, and bring a friend or family member with you.',
      /*i18n*/ "Before a test drive, ask to see the buyer's driver's licence and note or photograph it. Always go along on the test drive and keep the keys when the engine is off.",
      /*i18n*/ 'Allow serious buyers to bring their own mechanic and to take the vehicle for a police clearance; both are normal parts of buying in Zimbabwe.',
      /*i18n*/ 'Do not send copies of your ID or registration book to people you have not met, and never share PINs, passwords or one-time codes.',
      /*i18n*/ 'Be cautious of buyers who agree to buy without seeing the vehicle, offer more than your asking price, or want to send an agent or shipping company to collect it.',
      /*i18n*/ 'Keep your messages and call records with buyers until the sale is complete.',
    ],
  },
  {
    id: 'complete-sale-and-transfer',
    title: /*i18n*/ 'Complete the sale and transfer',
    summary: /*i18n*/ 'Finish the deal on paper and only hand over the vehicle once the money is truly yours. Then make sure ownership is formally transferred out of your name.',
    points: [
      /*i18n*/ "Write an agreement of sale with both parties' names, ID numbers and addresses, the vehicle details including the VIN or chassis and engine numbers, the price, the payment method, the date and time of handover, and any known defects. Both of you should sign and keep a copy.",
      /*i18n*/ 'Confirm that the full payment has cleared by checking your own bank statement or EcoCash balance, not a screenshot, SMS or email sent by the buyer.',
      /*i18n*/ 'Only then hand over the keys, the registration book, the signed change-of-ownership form, a copy of your ID and any service or import records.',
      /*i18n*/ 'Go with the buyer to the CVR if you can, so you know the change of ownership has been recorded. It typically takes under 1 hour when the papers are in order.',
      /*i18n*/ 'Until the transfer is recorded, keep proof of the date and time of handover, as it protects you if the vehicle is later involved in an accident or a traffic offence.',
      /*i18n*/ 'Cancel or transfer your insurance once the vehicle has been handed over.',
      /*i18n*/ 'Your listing will stop appearing in search when its 7 days end. Listings cannot be cancelled after payment, so let anyone who still calls know that the vehicle has been sold.',
    ],
  },
];

export const SELLING_SCAM_WARNING: { title: string; points: string[] } = {
  title: /*i18n*/ 'Protect yourself from common scams',
  points: [
    /*i18n*/ 'Fake payment proofs: screenshots, SMS messages, bank emails and EcoCash confirmations can all be forged. Always check your own bank statement or mobile-money balance before you treat a payment as received.',
    /*i18n*/ "Overpayment refund scams: a buyer 'accidentally' pays more than the price and asks you to refund the difference. The original payment is then reversed or turns out to be fake, and you lose the refund.",
    /*i18n*/ 'Never release the vehicle, the keys, the registration book or a signed change-of-ownership form until the full payment has cleared and cannot be reversed.',
    /*i18n*/ 'Meet buyers in a busy public place or at a police station, in daylight, and bring someone with you. Avoid inviting strangers to your home alone.',
    /*i18n*/ "Be wary of buyers who are 'overseas', want to buy without viewing, or send an agent, courier or shipping company to collect the vehicle.",
    /*i18n*/ 'Never share your card details, bank PIN, EcoCash PIN, passwords or one-time codes. Motokari will never ask for them.',
    /*i18n*/ "Motokari fees are only ever paid through the app when you publish or relist a listing. Ignore any message asking you to pay extra to 'unlock' a buyer or release a payment.",
    /*i18n*/ 'If something feels wrong, stop the deal and report the user to Motokari support. If you have been defrauded, report it to the ZRP as soon as possible.',
  ],
};
