import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Response schemas of answers the route sends as it built them (see asBuilt). */
const builtAnswers = new WeakSet<object>();

/**
 * A response schema that documents an answer built for speed: JSON text or compressed bytes made
 * once (the search index, the answer cache, the catalogue), or a large page. It is described at
 * /api/docs like every answer but not serialised again through zod: what the route built is sent as
 * it is (text and bytes are never serialised by Fastify; an object is JSON.stringify'd, as before).
 * The tests check real answers against the schema.
 */
export function asBuilt<T extends z.ZodType>(schema: T): z.ZodType<z.output<T> | string | Buffer, z.input<T>> {
  builtAnswers.add(schema);
  return schema as unknown as z.ZodType<z.output<T> | string | Buffer, z.input<T>>;
}

/** The routes' serialiser: zod's (it strips what the schema does not list, and refuses a wrong answer), except for asBuilt answers. */
export const responseSerializer: FastifySerializerCompiler<z.ZodType> = (route) => (builtAnswers.has(route.schema) ? (data) => JSON.stringify(data) : serializerCompiler(route));

/**
 * An answer without a body (a 204, 304 or redirect): documented by its description. Typed as no
 * payload, so the route's `reply.send()` takes none; nothing is serialised.
 */
export const bodiless = (description: string) => z.null().describe(description) as unknown as z.ZodType<undefined>;

export const noContent = bodiless('No content');

/** An answer of bytes of one media type (an image): documented, never serialised. */
export const bytesOf = (mediaType: string, description: string) => ({
  description,
  content: { [mediaType]: { schema: z.string().meta({ format: 'binary' }) } },
});
