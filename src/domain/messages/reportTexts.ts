import { english, type Translate } from '../i18n/text';

// The admin Reports tab's words for a reported conversation (issue 37).

export const CONVERSATION_REPORT_TEXTS = {
  badge: /*i18n*/ 'Reported conversation',
  label: (listing: string, tr: Translate = english) => tr(/*i18n*/ 'Reported conversation about {listing}', { listing }),
  people: (buyer: string, seller: string, tr: Translate = english) => tr(/*i18n*/ 'Between {buyer} (buyer) and {seller} (seller)', { buyer, seller }),
  reportedBy: (name: string, date: string, tr: Translate = english) => tr(/*i18n*/ 'Reported by {name} on {date}', { name, date }),
  reportedMessage: /*i18n*/ 'Reported message',
  warned: /*i18n*/ 'Flagged by the scam rules',
  noMessages: /*i18n*/ 'The conversation has no messages.',
  openPhoto: (n: number, tr: Translate = english) => tr(/*i18n*/ 'Open photo {n}', { n }),
  buyer: /*i18n*/ 'buyer',
  seller: /*i18n*/ 'seller',
  dismiss: /*i18n*/ 'Dismiss report',
  dismissed: /*i18n*/ 'Report dismissed.',
  dismissFailed: /*i18n*/ 'The report could not be dismissed. Please try again.',
  summary: (n: number, tr: Translate = english) => (n === 1 ? tr(/*i18n*/ '1 reported conversation') : tr(/*i18n*/ '{count} reported conversations', { count: n })),
} as const;
