// The known scams of Zimbabwe's vehicle trade, as rules over a message's text (issue 37): a request for
// money before the buyer has seen the vehicle (a deposit, a holding or booking fee, an importer's "admin"
// or "clearing" fee, EcoCash or another transfer to reserve it), a payment link, and, in a person's first
// message, moving the talk off Motokari (a phone number, WhatsApp, an email address). In English, Shona
// and isiNdebele. The server stores the warning with the message; its reader sees it. No I/O.

/** The one plain warning the issue gives for each of the three rules, word for word (stored in English; its reader sees it in their language). */
export const SCAM_WARNING = /*i18n*/ 'Never pay a deposit before you have seen the vehicle and its papers';

export type ScamRule = 'deposit' | 'payment_link' | 'off_platform';

export interface ScamFlag {
  rule: ScamRule;
  warning: string;
}

/** Lower case, accents off, one space between words: "DHIPOZITI  ye $200" -> "dhipoziti ye $200". */
function normalize(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ');
}

/** Words that are a request for money up front in themselves, in any of the three languages. */
const UPFRONT_FEES = [
  // English: a deposit, and the fees of the fake importer and the "holding" seller.
  /\bdeposits?\b/,
  /\b(holding|booking|reservation|reserving|admin|administration|clearing|clearance|customs|shipping|transport|release|registration|processing|agent'?s?) (fee|fees|charge|money)\b/,
  /\bpay (?:(?:a|the|some|small|little|token|first|upfront|up front)\s)*(?:amount|money|fee)s? (?:first|upfront|up front|now)\b/,
  /\b(?:first|upfront|up front|in advance) (?:payment|pay)\b/,
  // Shona: dhipoziti; mari yekubata / yekuchengetera (money to hold/keep it); mari yeadmin.
  /\bd(?:h)?ipoz(?:i|e)ti\b/,
  /\bmari ye(?:ku)?(?:bata|chengeta|chengetera|bhuka|reserve|admin|clearing|shipping|transport)\b/,
  // isiNdebele: idiphozithi; imali yokubamba / yokugcina (money to hold/keep it).
  /\b(?:i)?d(?:i|e)pho?zithi\b/,
  /\bimali yoku(?:bamba|gcina|gcinela|bhuka|reserve)\b/,
];

/** Sending or paying money: the verb, in the three languages. */
const SEND_MONEY = [
  /\b(?:send|transfer|pay|deposit|ecocash|wire)\b.{0,40}\b(?:money|cash|usd|us\$|\$|amount|fee|ecocash|onemoney|one money|innbucks|mukuru|telecash|bank|account|western union|world ?remit|mama money)/,
  /\b(?:ecocash|onemoney|one money|innbucks|mukuru|telecash|western union|world ?remit|mama money)\b.{0,30}\b(?:me|to|number|nhamba|inombolo|this|my|ku|kwa)\b/,
  /\$\s?\d+/,
  /\busd ?\d+|\d+ ?(?:usd|dollars|madhora|amadola)\b/,
  // Shona: tumira/tumirai mari (send money), bhadhara/bhadharai (pay).
  /\btumir(?:a|ai|e)\b.{0,30}\bmari\b/,
  /\bbhadh?ar(?:a|ai|e|isa)\b/,
  // isiNdebele: thumela imali (send money), bhadala/bhadhala (pay).
  /\bthumel(?:a|ani|e)\b.{0,30}\bimali\b/,
  /\bbhadh?al(?:a|ani|e)\b/,
];

/** Holding the vehicle for the buyer, or before they have seen it. */
const TO_HOLD = [
  /\b(?:reserve|reserved|hold|holding|keep it|secure it|lock it|(?:secure|keep|hold) (?:the|this|your) (?:car|vehicle|truck|tractor|deal)|off the market|before (?:you|anyone|someone|others?) (?:come|comes|see|sees|view|views|buy|buys)|before viewing|before you view)\b/,
  /\bsomeone else\b|\banother buyer\b|\bother buyers\b|\bmany (?:people|buyers) (?:want|are interested)\b/,
  // Shona: kubata / kuchengetera (to hold / keep for), ndisati / usati waona (before you see), mumwe mutengi (another buyer).
  /\b(?:ku|ndi|ndiku|tiku)?(?:bat(?:a|ire)|chengeter(?:a|ei|e))\b|\busati (?:wa|ma)ona\b|\bmumwe mutengi\b|\bvamwe vatengi\b/,
  // isiNdebele: ukuyibamba / ukuyigcinela (to hold / keep it for you), ungakayiboni (before you see it), omunye umthengi.
  /\b(?:uku|ngi)?yi(?:bamba|gcin(?:a|ela|ele))\b|\bungaka(?:yi)?boni\b|\bomunye umthengi\b|\babanye abathengi\b/,
];

const URL = /\b(?:https?:\/\/|www\.)\S+|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|co\.zw|zw|me|net|org|link|ly|io|app|page)(?:\/\S*)?/g;
/** A link to a payment page: a payment service's address, or a path that takes money. */
const PAYMENT_LINK =
  /paynow\.co\.zw|paypal\.(?:me|com)|buy\.stripe\.com|checkout\.stripe\.com|flutterwave|payfast|pesepay|(?:^|[/.?=-])(?:pay|payment|payments|checkout|invoice|billing|paylink)(?:[/.?=&-]|$)/;

/** Moving the talk elsewhere: a phone number, WhatsApp, a call, an email address, in the three languages. */
const OFF_PLATFORM = [
  /(?:\+|00)?263[\s-]?7\d(?:[\s-]?\d){7}\b|\b07\d(?:[\s-]?\d){7}\b/,
  /\b[\w.+-]+@[\w-]+\.[\w.-]+\b/,
  /\bwhats ?app\b|\bwa\.me\b|\btelegram\b|\bsignal me\b/,
  /\b(?:call|phone|ring|sms|text|contact) me\b|\bmy (?:number|cell|phone|line)\b|\bcall (?:on|this)\b/,
  // Shona: ndifonerei / ndifonere (call me), nhamba yangu (my number), ndi-whatsappe.
  /\bndifoner(?:ei|e|a)\b|\bnhamba yangu\b|\bndiwhatsapp/,
  // isiNdebele: ngifonele / ngifonela (call me), inombolo yami (my number).
  /\bngifonel(?:e|a|ani)\b|\binombolo yami\b/,
];

function anyOf(patterns: readonly RegExp[], text: string): boolean {
  return patterns.some((p) => p.test(text));
}

/** A buyer offering to pay once they have seen the vehicle: the safe way, not a request. */
const PAY_ON_VIEWING = [
  /\b(?:when|once|after|if) (?:i|we) (?:see|have seen|saw|view|viewed|inspect|inspected|check|checked)\b|\bin person\b|\bon (?:viewing|collection|inspection)\b/,
  /\bndichabhadhara\b.{0,30}\bndaona\b|\bkana ndaona\b|\bndaona motokari\b/,
  /\bngizabhadala\b.{0,30}\bsengibonile\b|\bnxa sengibonile\b|\bsengiyibonile\b/,
];

function asksMoneyUpFront(text: string): boolean {
  if (anyOf(UPFRONT_FEES, text)) return true;
  return anyOf(SEND_MONEY, text) && anyOf(TO_HOLD, text) && !anyOf(PAY_ON_VIEWING, text);
}

function hasPaymentLink(text: string): boolean {
  return (text.match(URL) ?? []).some((link) => PAYMENT_LINK.test(link));
}

/**
 * The warning a message's reader should see, or null. `firstMessage`: the sender's first message in the
 * conversation, where moving the talk off Motokari is flagged (later, once the two have talked, sharing a
 * number to arrange a viewing is ordinary).
 */
export function scamWarning(text: string, opts: { firstMessage: boolean }): ScamFlag | null {
  const t = normalize(text);
  if (asksMoneyUpFront(t)) return { rule: 'deposit', warning: SCAM_WARNING };
  if (hasPaymentLink(t)) return { rule: 'payment_link', warning: SCAM_WARNING };
  if (opts.firstMessage && anyOf(OFF_PLATFORM, t)) return { rule: 'off_platform', warning: SCAM_WARNING };
  return null;
}
