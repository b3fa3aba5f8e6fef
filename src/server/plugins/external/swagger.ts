import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { operationIdOf, withoutRepeatedAnyOf, withProblemResponse } from './openApiOperation';

/** The OpenAPI description of the routes' zod schemas, at /api/docs (and /api/docs/json). */
export const swaggerPlugin = fp(async (app) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${app.ctx.config.productName} API`,
        description: 'The marketplace API: listings, accounts, payments, sync and administration.',
        version: '1.0.0',
        license: { name: 'Terms and conditions', url: `${app.ctx.config.publicUrl}/terms-and-conditions` },
      },
      // Relative: the server that serves this description, whatever its address.
      servers: [{ url: '/', description: 'This server' }],
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: (route) => {
      const out = jsonSchemaTransform(route);
      const method = Array.isArray(route.route.method) ? route.route.method[0]! : route.route.method;
      const schema = out.schema as Record<string, unknown>;
      return { ...out, schema: { operationId: operationIdOf(method, route.url), ...schema, response: withProblemResponse(schema.response as Record<string, unknown> | undefined) } };
    },
    transformObject: (doc) => withoutRepeatedAnyOf('openapiObject' in doc ? doc.openapiObject : doc.swaggerObject),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
});
