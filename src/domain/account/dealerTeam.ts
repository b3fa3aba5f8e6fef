// A dealer's team (issue 38): the owner (the dealer account) invites staff by email; staff sign in with
// their own accounts and manage the dealer's listings, but not billing, API keys or the team. The
// words and the types; the wire schemas are dealerTeamWire.ts's.

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
  ownerOnly: 'Only the dealer account can do this; staff manage listings',
  inviteGone: 'This invitation has expired or was already used. Ask the dealer for a new one.',
  otherEmail: 'This invitation was sent to another email address. Sign in with that address to accept it.',
  alreadyStaff: 'Your account already works for a dealer. Leave that team first.',
  dealerCannotJoin: 'A dealer account cannot join another dealer’s team; sign up with a personal account.',
  alreadyMember: 'This person is already on your team',
  memberNotFound: 'Team member not found',
  inviteNotFound: 'Invitation not found',
  notStaff: 'Your account does not work for a dealer',
} as const;

/** The invitation's email. */
export function inviteEmail(dealerName: string, link: string, product: string): { subject: string; text: string } {
  return {
    subject: `${dealerName} invites you to their team on ${product}`,
    text: `Hello,\n\n${dealerName} invites you to manage their vehicle listings on ${product}.\n\nAccept within ${INVITE_DAYS} days: ${link}\n\nYou sign in with your own account; ${dealerName} can remove you from the team at any time.\nIf you do not know them, you can ignore this message.\n`,
  };
}

/** The dashboard's 'Your team' card and the invitation's page. */
export const TEAM_TEXTS = {
  title: 'Your team',
  intro: 'Invite your staff by email. They sign in with their own accounts and manage your listings, but not payments, API keys or the team.',
  members: 'Members',
  noMembers: 'No team members yet.',
  invites: 'Invitations waiting',
  email: 'Email address',
  invite: 'Send invitation',
  invited: 'Invitation sent',
  expires: 'Expires',
  cancel: 'Cancel',
  cancelled: 'Invitation cancelled',
  remove: 'Remove',
  removeConfirm: 'Remove this person from your team? They can no longer manage your listings.',
  removed: 'Removed from your team',
  failed: 'That did not work. Check your connection and try again.',
  staffOf: (dealer: string) => `You manage the listings of ${dealer}.`,
  leave: 'Leave this team',
  left: 'You left the team',
  invitation: 'Team invitation',
  joinTitle: (dealer: string) => `Join ${dealer}’s team`,
  joinIntro: (dealer: string, email: string) => `${dealer} invited ${email} to manage their vehicle listings on Motokari.`,
  joinSignIn: 'Sign in or create an account with that email address to accept.',
  join: 'Accept invitation',
  home: 'Back to Home',
  joined: (dealer: string) => `You now manage the listings of ${dealer}.`,
  addedBy: (name: string) => `Added by ${name}`,
  changedBy: (name: string) => `Last changed by ${name}`,
} as const;

/** 'Expires 5 Dec 2025': when an invitation's link stops working, on Zimbabwe's calendar. */
export function expiresText(iso: string): string {
  return `${TEAM_TEXTS.expires} ${new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Africa/Harare' })}`;
}
