import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { firstScript } from '@/domain/content/firstScript';

/** The pages' one inline script (the device's last results and the opening's language before the app runs), allowed by its hash. */
const OPENING_SCRIPT = `'sha256-${createHash('sha256').update(firstScript()).digest('base64')}'`;

/**
 * Security headers, with the content security policy the app, Stripe and the media store need. Helmet's
 * middleware is made once and run on every request: @fastify/helmet made it afresh for each one (its
 * twelve header functions, the policy's directives parsed again), more than the health check's own work.
 */
export const helmetPlugin = fp(async (app) => {
  const { config } = app.ctx;
  // Photos redirected to MEDIA_PUBLIC_URL load from there: as images, and through the service worker's fetch.
  const mediaOrigin = config.media.store === 's3' && config.media.publicUrl ? [new URL(config.media.publicUrl).origin] : [];
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...mediaOrigin],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'", OPENING_SCRIPT, 'https://js.stripe.com'],
        frameSrc: ["'self'", 'https://js.stripe.com'],
        connectSrc: ["'self'", 'https://api.stripe.com', ...mediaOrigin],
        workerSrc: ["'self'", 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        // Helmet's default upgrades every http request of the page to https: on a server reached over plain
        // http (one machine, `npm start`) a redirect to a same-origin file (a sample listing's card
        // thumbnail) then fails. Behind TLS the browser is on https already, and HSTS keeps it there.
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (req, reply, done) => {
    securityHeaders(req.raw, reply.raw, (err?: unknown) => done(err instanceof Error ? err : undefined));
  });
});
