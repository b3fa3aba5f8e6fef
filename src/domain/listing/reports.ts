// Reporting a listing (issue 20, Trust): the reasons a person may give, the note's limit, how many
// different people's open reports hide a listing until an administrator reviews it, and the texts.

export const REPORT_REASONS = ['scam', 'wrong_details', 'already_sold', 'duplicate', 'offensive'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  scam: 'Scam or too good to be true',
  wrong_details: 'Wrong details',
  already_sold: 'Already sold',
  duplicate: 'Duplicate',
  offensive: 'Offensive',
};

export const REPORT_NOTE_MAX = 1000;

/** Open reports from this many different signed-in people hide a listing pending review. */
export const REPORTS_TO_HIDE = 3;

export const REPORT_TEXTS = {
  link: 'Report this listing',
  title: 'Report this listing',
  reasonLabel: 'What is wrong with it?',
  noteLabel: 'Note (optional)',
  notePlaceholder: 'Anything that helps us check it',
  send: 'Send report',
  cancel: 'Cancel',
  signIn: 'Sign in to report this listing',
  sent: 'Thank you. Our team will review this listing.',
  alreadyReported: 'You have already reported this listing. Our team will review it.',
  ownListing: 'You cannot report your own listing.',
  tooMany: 'You have sent many reports in a short time. Please try again in an hour.',
  failed: 'Your report could not be sent. Please try again.',
  hiddenPendingReview: 'Hidden pending review',
  hiddenText: 'Several people reported this listing, so buyers do not see it until our team has reviewed it.',
  tab: 'Reports',
  heading: 'Open reports',
  summary: (n: number) => (n === 1 ? '1 listing with open reports' : `${n} listings with open reports`),
  none: 'No open reports.',
  count: (n: number) => (n === 1 ? '1 report' : `${n} reports`),
  dismiss: 'Dismiss reports',
  dismissed: 'Reports dismissed; the listing is public again if it was hidden.',
  dismissFailed: 'The reports could not be dismissed. Please try again.',
  noOpenReports: 'This listing has no open reports.',
  removeListing: 'Remove listing',
  view: 'View listing',
} as const;
