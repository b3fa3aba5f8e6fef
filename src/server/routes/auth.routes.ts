import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authAnswerSchema, messageSchema, userSchema } from '@/domain/core/wire';
import { AUTH_MESSAGES } from '@/domain/account/authMessages';
import { RESET_CODE_MAX_ATTEMPTS, RESET_CODE_TTL_MINUTES } from '@/domain/core/constants';
import { forgotPasswordSchema, loginSchema, resetPasswordSchema, signupSchema, verifyCodeSchema } from '@/domain/account/user';
import { conflict, HttpError, unauthorized } from '../errors';
import { hashPassword, hashResetCode, newResetCode, sameHash, verifyPassword } from '../passwords';
import { findUserByEmail, insertUser, revokeTokens, toApiUser } from '../repositories/users.repo';
import { countFailedAttempt, findLiveResetCode, replaceResetCode, resetPasswordWithCode } from '../repositories/passwordResets.repo';
import { requireUser, signToken } from '../plugins/app/auth';
import type { Db } from '../db/client';
import type { ServerConfig } from '../config';
import { translatorFor } from '../i18n/translators';
import { keyedLimit } from '../keyedLimit';

const invalidCode = () => new HttpError(400, AUTH_MESSAGES.invalidCode);

export const authRoutes: FastifyPluginAsyncZod<{ rateLimits: ServerConfig['rateLimits'] }> = async (app, opts) => {
  const { db, config, mailer } = app.ctx;
  const limit = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });
  // Reset codes mailed to one address, from any number of client addresses. Every address is counted,
  // registered or not, so the 429 past the limit tells nothing about who has an account. The counter's
  // key is a hash: the store (Redis) holds no email addresses.
  const perRecipient = keyedLimit(app, {
    name: 'reset-mail',
    max: opts.rateLimits.resetPerEmail,
    timeWindow: '1 hour',
    key: (req) =>
      createHash('sha256')
        .update((req.body as { email: string }).email.trim().toLowerCase())
        .digest('base64url'),
    detail: AUTH_MESSAGES.tooManyCodes,
  });

  app.post(
    '/auth/signup',
    { schema: { summary: 'Create an account and sign in', body: signupSchema, response: { 201: authAnswerSchema }, tags: ['auth'], security: [] }, config: limit(opts.rateLimits.signup) },
    async (req, reply) => {
      const b = req.body;
      const user = await insertUser(db, {
        name: b.name,
        email: b.email,
        phone: b.phone,
        location: b.location,
        latitude: b.latitude ?? null,
        longitude: b.longitude ?? null,
        userType: b.user_type,
        businessName: b.user_type === 'dealer' ? (b.business_name ?? b.name) : null,
        passwordHash: await hashPassword(b.password),
      });
      if (!user) throw conflict(AUTH_MESSAGES.emailTaken);
      reply.code(201);
      return { access_token: await signToken(reply, user), token_type: 'bearer' as const, user: toApiUser(user) };
    },
  );

  // Signing in again is harmless, so login keeps no idempotency record (it would hold a token for 24 hours).
  app.post(
    '/auth/login',
    {
      schema: { summary: 'Sign in with email and password', body: loginSchema, response: { 200: authAnswerSchema }, tags: ['auth'], security: [] },
      config: { ...limit(opts.rateLimits.login), skipIdempotency: true },
    },
    async (req, reply) => {
      const user = await findUserByEmail(db, req.body.email);
      const ok = await verifyPassword(req.body.password, user?.passwordHash ?? null);
      if (!user || !ok) throw unauthorized(AUTH_MESSAGES.invalidCredentials);
      return { access_token: await signToken(reply, user), token_type: 'bearer' as const, user: toApiUser(user) };
    },
  );

  app.get('/auth/me', { schema: { summary: 'Get the signed-in user', response: { 200: userSchema }, tags: ['auth'], security: [{ bearerAuth: [] }] } }, async (req) => toApiUser(requireUser(req)));

  // "Sign out on all devices": every token issued so far, this one included, is refused from now on.
  app.post('/auth/logout-all', { schema: { summary: 'Sign out on all devices', response: { 200: messageSchema }, tags: ['auth'], security: [{ bearerAuth: [] }] } }, async (req) => {
    await revokeTokens(db, requireUser(req).id);
    return { message: AUTH_MESSAGES.signedOutEverywhere };
  });

  // Always the same answer, so the call cannot be used to find out which emails have accounts.
  app.post(
    '/auth/forgot-password',
    { schema: { summary: 'Email a password reset code', body: forgotPasswordSchema, response: { 200: messageSchema }, tags: ['auth'], security: [] }, config: limit(opts.rateLimits.reset) },
    async (req) => {
      await perRecipient(req);
      const user = await findUserByEmail(db, req.body.email);
      if (user?.passwordHash) {
        const code = newResetCode();
        await replaceResetCode(db, user.id, hashResetCode(code, config.jwtSecret, user.id), new Date(app.ctx.now().getTime() + RESET_CODE_TTL_MINUTES * 60_000));
        // A mail server that fails is logged, not answered: an error here and none for an address
        // without an account would tell which addresses have one. The person can ask again.
        // In the language the person chose (issue 39).
        const tr = translatorFor(user.language).t;
        const values = { product: config.productName, name: user.name, code, minutes: RESET_CODE_TTL_MINUTES };
        await mailer
          .send({
            to: user.email,
            subject: tr(/*i18n*/ 'Your {product} password reset code', values),
            text: tr(
              /*i18n*/ 'Hello {name},\n\nYour {product} password reset code is {code}.\nIt expires in {minutes} minutes and can be used once.\n\nIf you did not ask for it, you can ignore this message.\n',
              values,
            ),
          })
          .catch((err: unknown) => req.log.error({ err }, 'the password reset code could not be mailed'));
      }
      return { message: AUTH_MESSAGES.codeSent };
    },
  );

  app.post(
    '/auth/verify-code',
    { schema: { summary: 'Check a password reset code', body: verifyCodeSchema, response: { 200: messageSchema }, tags: ['auth'], security: [] }, config: limit(opts.rateLimits.reset) },
    async (req) => {
      await checkCode(db, config.jwtSecret, req.body.email, req.body.code, app.ctx.now());
      return { message: AUTH_MESSAGES.codeVerified };
    },
  );

  app.post(
    '/auth/reset-password',
    { schema: { summary: 'Set a new password with a reset code', body: resetPasswordSchema, response: { 200: messageSchema }, tags: ['auth'], security: [] }, config: limit(opts.rateLimits.reset) },
    async (req) => {
      const { userId, resetId } = await checkCode(db, config.jwtSecret, req.body.email, req.body.code, app.ctx.now());
      const hash = await hashPassword(req.body.new_password);
      if (!(await resetPasswordWithCode(db, resetId, userId, hash))) throw invalidCode();
      return { message: AUTH_MESSAGES.passwordReset };
    },
  );
};

/**
 * Checks a reset code against the user's newest live code. A wrong guess counts against that code;
 * after five it is dead, so six digits cannot be guessed through the rate limit.
 */
async function checkCode(db: Db, secret: string, email: string, code: string, now: Date): Promise<{ userId: string; resetId: string }> {
  const user = await findUserByEmail(db, email);
  if (!user) throw invalidCode();
  const reset = await findLiveResetCode(db, user.id, now);
  if (!reset || reset.attempts >= RESET_CODE_MAX_ATTEMPTS) throw invalidCode();
  if (!sameHash(reset.codeHash, hashResetCode(code, secret, user.id))) {
    await countFailedAttempt(db, reset.id);
    throw invalidCode();
  }
  return { userId: user.id, resetId: reset.id };
}
