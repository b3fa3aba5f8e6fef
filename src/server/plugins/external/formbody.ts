import fp from 'fastify-plugin';
import formbody from '@fastify/formbody';

/** Form-encoded bodies: Paynow posts its status callback that way. */
export const formbodyPlugin = fp(async (app) => {
  await app.register(formbody);
});
