import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { phoneCodeSentSchema, userSchema } from '@/domain/core/wire';
import { normalizePhone, PHONE_CODE_LIMITS, PHONE_CODE_MAX_ATTEMPTS, PHONE_CODE_TTL_MINUTES, PHONE_MESSAGES } from '@/domain/account/phone';
import { phoneSendCodeSchema, phoneVerifySchema } from '@/domain/account/phoneInput';
import { badRequest, unprocessable } from '../errors';
import { hashResetCode, newResetCode, sameHash } from '../passwords';
import { requireUser } from '../plugins/app/auth';
import { toApiUser } from '../repositories/users.repo';
import { countFailedPhoneAttempt, findLivePhoneCode, replacePhoneCode, verifyPhoneWithCode } from '../repositories/phoneCodes.repo';
import { translatorFor } from '../i18n/translators';
import { keyedLimit } from '../keyedLimit';

/** The number a send-code request is for: the one in its body, else the account's; E.164, or a 400. */
function targetPhone(req: FastifyRequest): string {
  const user = requireUser(req);
  const given = (req.body as { phone?: string } | null | undefined)?.phone ?? user.phone;
  if (!given) throw badRequest(PHONE_MESSAGES.noPhone);
  const phone = normalizePhone(given);
  if (!phone) throw badRequest(PHONE_MESSAGES.invalidPhone);
  return phone;
}

/**
 * Verified phones (issue 37): a six-digit code sent by SMS to the account's number (or to a new one,
 * which replaces it once its code is entered), and its check. Codes are stored as a keyed hash, work
 * for 10 minutes, and five wrong tries lock one. Sending is limited per number and per account (three
 * in ten minutes, ten a day: PHONE_CODE_LIMITS), counted where the routes' limits are (Redis when set).
 */
export const phoneRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.ctx;
  // The number's counter is keyed by a hash: the store (Redis) holds no phone numbers.
  const numberKey = (req: FastifyRequest) => createHash('sha256').update(targetPhone(req)).digest('base64url');
  const accountKey = (req: FastifyRequest) => requireUser(req).id;
  const limits = [
    keyedLimit(app, { name: 'sms-number', ...limitOf('burst'), key: numberKey, detail: PHONE_MESSAGES.tooMany }),
    keyedLimit(app, { name: 'sms-number-day', ...limitOf('daily'), key: numberKey, detail: PHONE_MESSAGES.tooMany }),
    keyedLimit(app, { name: 'sms-account', ...limitOf('burst'), key: accountKey, detail: PHONE_MESSAGES.tooMany }),
    keyedLimit(app, { name: 'sms-account-day', ...limitOf('daily'), key: accountKey, detail: PHONE_MESSAGES.tooMany }),
  ];

  app.post(
    '/auth/phone/send-code',
    { schema: { summary: 'Text a phone verification code', body: phoneSendCodeSchema, response: { 200: phoneCodeSentSchema }, tags: ['auth'], security: [{ bearerAuth: [] }] } },
    async (req) => {
      const user = requireUser(req);
      const phone = targetPhone(req);
      for (const limit of limits) await limit(req);
      const code = newResetCode();
      const expiresAt = new Date(app.ctx.now().getTime() + PHONE_CODE_TTL_MINUTES * 60_000);
      await replacePhoneCode(db, user.id, phone, hashResetCode(code, config.jwtSecret, `phone:${user.id}:${phone}`), expiresAt);
      try {
        await app.ctx.sms.send(phone, PHONE_MESSAGES.smsText(code, config.productName, translatorFor(user.language).t));
      } catch (err) {
        req.log.error({ err }, 'the phone verification code could not be sent');
        throw unprocessable(PHONE_MESSAGES.sendFailed);
      }
      return { message: PHONE_MESSAGES.codeSent, phone, expires_at: expiresAt.toISOString() };
    },
  );

  app.post(
    '/auth/phone/verify',
    { schema: { summary: 'Verify the phone number with a code', body: phoneVerifySchema, response: { 200: userSchema }, tags: ['auth'], security: [{ bearerAuth: [] }] } },
    async (req) => {
      const user = requireUser(req);
      const now = app.ctx.now();
      const live = await findLivePhoneCode(db, user.id, now);
      if (!live) throw badRequest(PHONE_MESSAGES.invalidCode);
      if (live.attempts >= PHONE_CODE_MAX_ATTEMPTS) throw badRequest(PHONE_MESSAGES.locked);
      if (!sameHash(live.codeHash, hashResetCode(req.body.code, config.jwtSecret, `phone:${user.id}:${live.phone}`))) {
        await countFailedPhoneAttempt(db, live.id);
        throw badRequest(live.attempts + 1 >= PHONE_CODE_MAX_ATTEMPTS ? PHONE_MESSAGES.locked : PHONE_MESSAGES.invalidCode);
      }
      const verified = await verifyPhoneWithCode(db, live, now);
      if (!verified) throw badRequest(PHONE_MESSAGES.invalidCode);
      return toApiUser(verified);
    },
  );
};

const limitOf = (which: keyof typeof PHONE_CODE_LIMITS) => ({ max: PHONE_CODE_LIMITS[which].max, timeWindow: PHONE_CODE_LIMITS[which].window });
