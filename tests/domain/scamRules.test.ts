import { describe, expect, it } from 'vitest';
import { SCAM_WARNING, scamWarning } from '@/domain/messages/scamRules';

const first = { firstMessage: true };
const later = { firstMessage: false };

describe('the scam rules: money asked for before the buyer has seen the vehicle', () => {
  const asks = [
    // English
    'Hi, the car is still available. Many people want it, send a $200 deposit by EcoCash and I will hold it for you.',
    'I am in Durban with the car. Pay the clearing fee of US$350 first and the agent will deliver it to Harare.',
    'Please pay the admin fee so that we process the release papers.',
    'To reserve it ecocash $100 to 0772 123 456 today, another buyer is coming tomorrow.',
    'Send money via Mukuru and I will keep it off the market until Saturday.',
    'Holding fee is only USD50, refundable.',
    'To secure the vehicle send USD 300 via InnBucks, the owner is out of town.',
    // Shona
    'Motokari ichiripo asi vamwe vatengi vakawanda. Tumirai mari ye dhipoziti $150 ne EcoCash ndikuchengeterei.',
    'Bhadharai $100 kuti ndiibate kusvika Mugovera, mumwe mutengi ari kuuya mangwana.',
    'Ndinoda mari yekubata motokari, $80 chete.',
    // isiNdebele
    'Imoto isekhona kodwa abanye abathengi bayayifuna. Thumela imali ye-EcoCash $100 ngizayigcinela.',
    'Bhadala idiphozithi ka $200 ukuze ngiyibambe kuze kube ngoMgqibelo.',
    'Ngicela imali yokubamba imoto, $50 kuphela.',
  ];
  it.each(asks)('flags %s', (text) => {
    expect(scamWarning(text, later)).toEqual({ rule: 'deposit', warning: SCAM_WARNING });
  });
});

describe('the scam rules: a payment link', () => {
  const links = [
    'Pay here to secure the car: https://www.paynow.co.zw/Payment/Link/?q=abc123',
    'Use this link paypal.me/hondafit2012 and I send the papers',
    'Complete the booking at https://cars-zw-checkout.com/pay/8812',
    'Bhadharai pano https://buy.stripe.com/test_4gw5k',
  ];
  it.each(links)('flags %s', (text) => {
    expect(scamWarning(text, later)?.rule).toBe('payment_link');
  });
  it('leaves a link to a listing or a map alone', () => {
    expect(scamWarning('It is like this one https://motokari.co.zw/car/abc, come to https://maps.google.com/?q=Borrowdale', later)).toBeNull();
  });
});

describe('the scam rules: leaving Motokari in the first message', () => {
  const away = [
    'Call me on 0772 123 456 for the car',
    'WhatsApp me +263 77 123 4567',
    'Email me at seller.harare@gmail.com for pictures',
    'Ndifonerei pa 0712345678',
    'Nhamba yangu ndeiyi 0783 111 222, ndi-whatsappei',
    'Ngifonele ku 0771234567',
    'Inombolo yami ngu 0733 555 666',
  ];
  it.each(away)('flags %s in a first message', (text) => {
    expect(scamWarning(text, first)).toEqual({ rule: 'off_platform', warning: SCAM_WARNING });
  });
  it('lets two people who have talked share a number to arrange a viewing', () => {
    for (const text of away) expect(scamWarning(text, later)).toBeNull();
  });
});

describe('ordinary messages are not flagged', () => {
  const ordinary = [
    'Is it still available?',
    'What is your best price? Is $6,500 possible?',
    'Can I see it on Saturday morning in Avondale?',
    'The price is negotiable for a serious buyer.',
    'I will pay cash when I see it and check the papers.',
    'Please hold it for me till Saturday, I will pay $6,000 cash when I see it.',
    'Ndapota ndibatirei kusvika Mugovera, ndichabhadhara $6000 kana ndaona motokari.',
    'Does it have the police clearance and the registration book?',
    'How many km has it done, and when was the last service?',
    'Can I book a viewing for tomorrow at 10?',
    // Shona
    'Ichiripo here motokari iyi?',
    'Ndingauya kuzoiona neMugovera here?',
    'Mutengo wekupedzisira ndeupi? Ndichabhadhara cash kana ndaona motokari.',
    // isiNdebele
    'Isekhona yini imoto le?',
    'Ngingeza ukuyibona ngoMgqibelo?',
    'Ngizabhadala ngemali nxa sengibonile imoto.',
  ];
  it.each(ordinary)('leaves %s alone', (text) => {
    expect(scamWarning(text, first)).toBeNull();
  });
});
