// The OpenAPI description of every route (from their zod schemas), browsable at /api/docs.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export const apiDocs = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Edu Center API',
          version: '1',
          description:
            'JSON API of Edu Center. Sign in with POST /api/auth/login; the session cookie does the rest.',
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
  },
  { name: 'api-docs' },
);
