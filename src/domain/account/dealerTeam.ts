// A dealer's team (issue 38): the owner (the dealer account) invites staff by email; staff sign in with
// their own accounts and manage the dealer's listings, but not billing, API keys or the team. The
// words and the types; the wire schemas are dealerTeamWire.ts's.

import { english, type Translate } from '../i18n/text';
import { dateText } from '../i18n/format';
import type { Language } from '../i18n/languages';

/** Days an invitation's link works. */
export const INVITE_DAYS = 7;

/** Where an invitation's link opens the app. */
export const joinPath = (token: string) => `/join/${token}`;

export interface TeamMember {
  user_id: string;
  name: string;
  email: string;
  joined_at: string;
}

export interface TeamInvite {
  id: string;
  email: string;
  created_at: string;
  expires_at: string;
}

/** GET /api/dealer/team: the owner's view of the team. */
export interface Team {
  members: TeamMember[];
  invites: TeamInvite[];
}

/** GET /api/me/team: whom the signed-in account works for. */
export interface MyTeam {
  role: 'owner' | 'staff' | null;
  dealer: { id: string; name: string } | null;
}

/** GET /api/team/invites/{token}: what an invitation's link shows before it is accepted. */
export interface InvitePreview {
  dealer_name: string;
  email: string;
  expires_at: string;
}

export const TEAM_MESSAGES = {
  ownerOnly: /*i18n*/ 'Only the dealer account can do this; staff manage listings',
  inviteGone: /*i18n*/ 'This invitation has expired or was already used. Ask the dealer for a new one.',
  otherEmail: /*i18n*/ 'This invitation was sent to another email address. Sign in with that address to accept it.',
  alreadyStaff: /*i18n*/ 'Your account already works for a dealer. Leave that team first.',
  dealerCannotJoin: /*i18n*/ 'A dealer account cannot join another dealer’s team; sign up with a personal account.',
  alreadyMember: /*i18n*/ 'This person is already on your team',
  memberNotFound: /*i18n*/ 'Team member not found',
  inviteNotFound: /*i18n*/ 'Invitation not found',
  notStaff: /*i18n*/ 'Your account does not work for a dealer',
} as const;

/** The invitation's email. */
export function inviteEmail(dealerName: string, link: string, product: string, tr: Translate = english): { subject: string; text: string } {
  const values = { dealer: dealerName, product, days: INVITE_DAYS, link };
  return {
    subject: tr(/*i18n*/ '{dealer} invites you to their team on {product}', values),
    text: tr(
      /*i18n*/ 'Hello,\n\n{dealer} invites you to manage their vehicle listings on {product}.\n\nAccept within {days} days: {link}\n\nYou sign in with your own account; {dealer} can remove you from the team at any time.\nIf you do not know them, you can ignore this message.\n',
      values,
    ),
  };
}

/** The dashboard's 'Your team' card and the invitation's page. */
export const TEAM_TEXTS = {
  title: /*i18n*/ 'Your team',
  intro: /*i18n*/ 'Invite your staff by email. They sign in with their own accounts and manage your listings, but not payments, API keys or the team.',
  members: /*i18n*/ 'Members',
  noMembers: /*i18n*/ 'No team members yet.',
  invites: /*i18n*/ 'Invitations waiting',
  email: /*i18n*/ 'Email address',
  invite: /*i18n*/ 'Send invitation',
  invited: /*i18n*/ 'Invitation sent',
  expires: /*i18n*/ 'Expires',
  cancel: /*i18n*/ 'Cancel',
  cancelled: /*i18n*/ 'Invitation cancelled',
  remove: /*i18n*/ 'Remove',
  removeConfirm: /*i18n*/ 'Remove this person from your team? They can no longer manage your listings.',
  removed: /*i18n*/ 'Removed from your team',
  failed: /*i18n*/ 'That did not work. Check your connection and try again.',
  staffOf: (dealer: string, tr: Translate = english) => tr(/*i18n*/ 'You manage the listings of {dealer}.', { dealer }),
  leave: /*i18n*/ 'Leave this team',
  left: /*i18n*/ 'You left the team',
  invitation: /*i18n*/ 'Team invitation',
  joinTitle: (dealer: string, tr: Translate = english) => tr(/*i18n*/ 'Join {dealer}’s team', { dealer }),
  joinIntro: (dealer: string, email: string, tr: Translate = english) => tr(/*i18n*/ '{dealer} invited {email} to manage their vehicle listings on Motokari.', { dealer, email }),
  joinSignIn: /*i18n*/ 'Sign in or create an account with that email address to accept.',
  join: /*i18n*/ 'Accept invitation',
  home: /*i18n*/ 'Back to Home',
  joined: (dealer: string, tr: Translate = english) => tr(/*i18n*/ 'You now manage the listings of {dealer}.', { dealer }),
  addedBy: (name: string, tr: Translate = english) => tr(/*i18n*/ 'Added by {name}', { name }),
  changedBy: (name: string, tr: Translate = english) => tr(/*i18n*/ 'Last changed by {name}', { name }),
} as const;

/** 'Expires 5 Dec 2025': when an invitation's link stops working, on Zimbabwe's calendar. */
export function expiresText(iso: string, tr: Translate = english, language: Language = 'en'): string {
  return tr(/*i18n*/ 'Expires {date}', { date: dateText(iso, { day: 'numeric', month: 'short', year: 'numeric' }, language) });
}
