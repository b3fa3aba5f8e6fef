import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The instance the listings' routes are registered on (vehicles.routes.ts), with zod's types. */
export type App = Parameters<FastifyPluginAsyncZod>[0];

/** A listing's id in the path. */
export const idParams = z.object({ id: z.uuid() });
