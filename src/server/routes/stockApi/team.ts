import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { INVITE_DAYS, inviteEmail, joinPath, TEAM_MESSAGES } from '@/domain/account/dealerTeam';
import { invitePreviewSchema, inviteInputSchema, inviteSchema, joinInputSchema, myTeamSchema, teamSchema } from '@/domain/account/dealerTeamWire';
import { conflict, forbidden, gone, HttpError, notFound } from '@/server/errors';
import { requireUser } from '@/server/plugins/app/auth';
import { noContent } from '@/server/responses';
import { hashSecret, newSecret } from '@/server/tokens';
import { acceptInvite, dealerIdOf, deleteInvite, findOpenInvite, insertInvite, leaveTeam, listMembers, openInvites, removeMember, toInvite } from '@/server/repositories/dealerTeam.repo';
import { findUserById } from '@/server/repositories/users.repo';
import { dealerName } from '@/server/team';
import { translatorFor } from '../../i18n/translators';
import { requireDealer } from './dealer';

const security = [{ bearerAuth: [] }];
const idParams = z.object({ id: z.uuid() });
const memberParams = z.object({ userId: z.uuid() });
const tokenParams = z.object({ token: z.string().min(10).max(200) });

/**
 * A dealer's team (issue 38): the dealer invites staff by an emailed link that works once for
 * INVITE_DAYS, lists and removes them; a person accepts with their own account (the address the
 * invitation went to), sees whom they work for, and may leave. Staff manage the dealer's listings
 * (src/server/team.ts); only the dealer account manages the team.
 */
export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, mailer } = app.ctx;

  app.get('/dealer/team', { schema: { summary: "List the dealer's team and open invitations", response: { 200: teamSchema }, tags: ['team'], security } }, async (req) => {
    const dealer = await requireDealer(req);
    const [members, invites] = await Promise.all([listMembers(db, dealer.id), openInvites(db, dealer.id, app.ctx.now())]);
    return { members, invites: invites.map(toInvite) };
  });

  app.post(
    '/dealer/invites',
    { schema: { summary: 'Invite a person to the dealer’s team', body: inviteInputSchema, response: { 201: inviteSchema }, tags: ['team'], security } },
    async (req, reply) => {
      const dealer = await requireDealer(req);
      const { email } = req.body;
      if ((await listMembers(db, dealer.id)).some((m) => m.email === email)) throw conflict(TEAM_MESSAGES.alreadyMember);
      const token = newSecret();
      const now = app.ctx.now();
      const invite = await insertInvite(db, { dealerId: dealer.id, email, tokenHash: hashSecret(token), expiresAt: new Date(now.getTime() + INVITE_DAYS * 86_400_000) });
      // In the dealer's language (issue 39): the invitee has no account, so none of their own yet.
      const mail = inviteEmail(dealerName(dealer), `${config.publicUrl}${joinPath(token)}`, config.productName, translatorFor(dealer.language).t);
      try {
        await mailer.send({ to: email, ...mail });
      } catch (err) {
        // An invitation nobody received is no invitation: it goes, and the dealer may send it again.
        req.log.error({ err }, 'the invitation could not be mailed');
        await deleteInvite(db, dealer.id, invite.id);
        throw new HttpError(503, 'The invitation could not be emailed. Try again in a few minutes.');
      }
      reply.code(201);
      return toInvite(invite);
    },
  );

  app.delete('/dealer/invites/:id', { schema: { summary: 'Cancel an invitation', params: idParams, response: { 204: noContent }, tags: ['team'], security } }, async (req, reply) => {
    const dealer = await requireDealer(req);
    if (!(await deleteInvite(db, dealer.id, req.params.id))) throw notFound(TEAM_MESSAGES.inviteNotFound);
    return reply.code(204).send();
  });

  app.delete(
    '/dealer/members/:userId',
    { schema: { summary: 'Remove a person from the dealer’s team', params: memberParams, response: { 204: noContent }, tags: ['team'], security } },
    async (req, reply) => {
      const dealer = await requireDealer(req);
      if (!(await removeMember(db, dealer.id, req.params.userId))) throw notFound(TEAM_MESSAGES.memberNotFound);
      return reply.code(204).send();
    },
  );

  app.get('/me/team', { schema: { summary: 'Whom the signed-in account works for', response: { 200: myTeamSchema }, tags: ['team'], security } }, async (req) => {
    const user = requireUser(req);
    if (user.userType === 'dealer') return { role: 'owner' as const, dealer: { id: user.id, name: dealerName(user) } };
    const dealerId = await dealerIdOf(db, user.id);
    const dealer = dealerId ? await findUserById(db, dealerId) : null;
    return dealer ? { role: 'staff' as const, dealer: { id: dealer.id, name: dealerName(dealer) } } : { role: null, dealer: null };
  });

  app.delete('/me/team', { schema: { summary: 'Leave the dealer’s team', response: { 204: noContent }, tags: ['team'], security } }, async (req, reply) => {
    const user = requireUser(req);
    if (!(await leaveTeam(db, user.id))) throw notFound(TEAM_MESSAGES.notStaff);
    return reply.code(204).send();
  });

  app.get(
    '/team/invites/:token',
    { schema: { summary: 'What an invitation link offers', params: tokenParams, response: { 200: invitePreviewSchema }, tags: ['team'], security: [] } },
    async (req, reply) => {
      const invite = await findOpenInvite(db, hashSecret(req.params.token), app.ctx.now());
      const dealer = invite && (await findUserById(db, invite.dealerId));
      if (!invite || !dealer) throw gone(TEAM_MESSAGES.inviteGone);
      reply.header('cache-control', 'private, no-store');
      return { dealer_name: dealerName(dealer), email: invite.email, expires_at: invite.expiresAt.toISOString() };
    },
  );

  app.post('/team/join', { schema: { summary: 'Accept an invitation to a dealer’s team', body: joinInputSchema, response: { 200: myTeamSchema }, tags: ['team'], security } }, async (req) => {
    const user = requireUser(req);
    const invite = await findOpenInvite(db, hashSecret(req.body.token), app.ctx.now());
    const dealer = invite && (await findUserById(db, invite.dealerId));
    if (!invite || !dealer) throw gone(TEAM_MESSAGES.inviteGone);
    if (user.userType === 'dealer') throw forbidden(TEAM_MESSAGES.dealerCannotJoin);
    if (user.email.toLowerCase() !== invite.email) throw forbidden(TEAM_MESSAGES.otherEmail);
    const current = await dealerIdOf(db, user.id);
    if (current && current !== dealer.id) throw conflict(TEAM_MESSAGES.alreadyStaff);
    if (!current && !(await acceptInvite(db, invite.id, user.id, dealer.id, app.ctx.now()))) throw gone(TEAM_MESSAGES.inviteGone);
    return { role: 'staff' as const, dealer: { id: dealer.id, name: dealerName(dealer) } };
  });
};
