import { z } from 'zod';
import type { InvitePreview, MyTeam, Team } from './dealerTeam';
import { emailField } from './user';

// A dealer's team's bodies and answers (issue 38), declared on the server's routes.

export const inviteInputSchema = z.object({ email: emailField });
export const joinInputSchema = z.object({ token: z.string().min(10).max(200) });

const memberSchema = z.object({ user_id: z.string(), name: z.string(), email: z.string(), joined_at: z.string() });
export const inviteSchema = z.object({ id: z.string(), email: z.string(), created_at: z.string(), expires_at: z.string() });

export const teamSchema = z.object({ members: z.array(memberSchema), invites: z.array(inviteSchema) }) satisfies z.ZodType<Team>;

export const myTeamSchema = z.object({
  role: z.enum(['owner', 'staff']).nullable(),
  dealer: z.object({ id: z.string(), name: z.string() }).nullable(),
}) satisfies z.ZodType<MyTeam>;

export const invitePreviewSchema = z.object({ dealer_name: z.string(), email: z.string(), expires_at: z.string() }) satisfies z.ZodType<InvitePreview>;
