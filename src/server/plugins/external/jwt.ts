import fp from 'fastify-plugin';
import jwt from '@fastify/jwt';
import { TOKEN_LIFETIME_DAYS } from '@/domain/core/constants';

/** Signs and verifies the bearer tokens (the session is read from them by plugins/app/auth.ts). */
export const jwtPlugin = fp(async (app) => {
  await app.register(jwt, { secret: app.ctx.config.jwtSecret, sign: { expiresIn: `${TOKEN_LIFETIME_DAYS}d` } });
});
