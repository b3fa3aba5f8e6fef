import { english, type Translate } from '../i18n/text';

// Reporting a listing (issue 20, Trust): the reasons a person may give, the note's limit, how many
// different people's open reports hide a listing until an administrator reviews it, and the texts.

export const REPORT_REASONS = ['scam', 'wrong_details', 'already_sold', 'duplicate', 'offensive'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  scam: /*i18n*/ 'Scam or too good to be true',
  wrong_details: /*i18n*/ 'Wrong details',
  already_sold: /*i18n*/ 'Already sold',
  duplicate: /*i18n*/ 'Duplicate',
  offensive: /*i18n*/ 'Offensive',
};

export const REPORT_NOTE_MAX = 1000;

/** Open reports from this many different signed-in people hide a listing pending review. */
export const REPORTS_TO_HIDE = 3;

export const REPORT_TEXTS = {
  link: /*i18n*/ 'Report this listing',
  title: /*i18n*/ 'Report this listing',
  reasonLabel: /*i18n*/ 'What is wrong with it?',
  noteLabel: /*i18n*/ 'Note (optional)',
  notePlaceholder: /*i18n*/ 'Anything that helps us check it',
  send: /*i18n*/ 'Send report',
  cancel: /*i18n*/ 'Cancel',
  signIn: /*i18n*/ 'Sign in to report this listing',
  sent: /*i18n*/ 'Thank you. Our team will review this listing.',
  alreadyReported: /*i18n*/ 'You have already reported this listing. Our team will review it.',
  ownListing: /*i18n*/ 'You cannot report your own listing.',
  tooMany: /*i18n*/ 'You have sent many reports in a short time. Please try again in an hour.',
  failed: /*i18n*/ 'Your report could not be sent. Please try again.',
  hiddenPendingReview: /*i18n*/ 'Hidden pending review',
  hiddenText: /*i18n*/ 'Several people reported this listing, so buyers do not see it until our team has reviewed it.',
  tab: /*i18n*/ 'Reports',
  heading: /*i18n*/ 'Open reports',
  summary: (n: number, tr: Translate = english) => (n === 1 ? tr(/*i18n*/ '1 listing with open reports') : tr(/*i18n*/ '{count} listings with open reports', { count: n })),
  none: /*i18n*/ 'No open reports.',
  count: (n: number, tr: Translate = english) => (n === 1 ? tr(/*i18n*/ '1 report') : tr(/*i18n*/ '{count} reports', { count: n })),
  dismiss: /*i18n*/ 'Dismiss reports',
  dismissed: /*i18n*/ 'Reports dismissed; the listing is public again if it was hidden.',
  dismissFailed: /*i18n*/ 'The reports could not be dismissed. Please try again.',
  noOpenReports: /*i18n*/ 'This listing has no open reports.',
  removeListing: /*i18n*/ 'Remove listing',
  view: /*i18n*/ 'View listing',
} as const;
