import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userSchema } from '@/domain/core/wire';
import { CONTACT_PREFERENCES } from '@/domain/messages/apiMessages';
import { LANGUAGES } from '@/domain/i18n/languages';
import { requireUser } from '../../plugins/app/auth';
import { toApiUser } from '../../repositories/users.repo';
import { updateMessageSettings } from '../../repositories/conversations/contactPreference';

/** What a person may change of how they are reached (issue 37); a field left out stays as it is. */
const settingsBody = z.object({
  contact_preference: z.enum(CONTACT_PREFERENCES).optional(),
  message_emails: z.boolean().optional(),
  /** The language chosen on the switch (issue 39): the app's on the person's other devices, and the emails', pushes' and SMS'. */
  language: z.enum(LANGUAGES).optional(),
});

/**
 * PUT /api/me/settings: the account's contact preference (the phone shown to signed-in buyers, or
 * messages only: its listings' phone is then never sent, unless a listing says otherwise) and the
 * email digest of unread messages, and the language (issue 39). Answers the account as GET /api/auth/me does.
 */
export const messageSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  app.put(
    '/me/settings',
    { schema: { summary: 'Update contact preference and message emails', body: settingsBody, response: { 200: userSchema }, tags: ['users'], security: [{ bearerAuth: [] }] } },
    async (req) => {
      const user = requireUser(req);
      return toApiUser(await updateMessageSettings(db, user.id, { contactPreference: req.body.contact_preference, messageEmails: req.body.message_emails, language: req.body.language }));
    },
  );
};
