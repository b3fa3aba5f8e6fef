// The admin Reports tab's words for a reported conversation (issue 37).

export const CONVERSATION_REPORT_TEXTS = {
  badge: 'Reported conversation',
  label: (listing: string) => `Reported conversation about ${listing}`,
  people: (buyer: string, seller: string) => `Between ${buyer} (buyer) and ${seller} (seller)`,
  reportedBy: (name: string, date: string) => `Reported by ${name} on ${date}`,
  reportedMessage: 'Reported message',
  warned: 'Flagged by the scam rules',
  noMessages: 'The conversation has no messages.',
  openPhoto: (n: number) => `Open photo ${n}`,
  buyer: 'buyer',
  seller: 'seller',
  dismiss: 'Dismiss report',
  dismissed: 'Report dismissed.',
  dismissFailed: 'The report could not be dismissed. Please try again.',
  summary: (n: number) => (n === 1 ? '1 reported conversation' : `${n} reported conversations`),
} as const;
