/**
 * The API reference: the OpenAPI document at `/api/openapi.json`, built by @fastify/swagger from the
 * routes' typebox schemas (each schema carries its `operationId` and `summary`), and the interactive
 * page at `/api/docs` (@fastify/swagger-ui). Registered before the domain plugins, whose routes it
 * collects. Paths are documented without a trailing slash: `/api/board` and `/api/board/` both answer.
 */
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifySchema } from 'fastify';
import fp from 'fastify-plugin';

interface ParamsSchema {
  properties?: Record<string, unknown>;
}

/**
 * A route as the document lists it: no trailing slash, and a wildcard (`/api/file/object/*`) as a
 * named parameter `{key}` carrying the wildcard's schema.
 */
function documented({ schema, url }: { schema: FastifySchema; url: string }) {
  if (url.endsWith('/*')) {
    const params = schema.params as ParamsSchema | undefined;
    const key = params?.properties?.['*'] ?? { type: 'string' };
    return {
      url: `${url.slice(0, -1)}:key`,
      schema: { ...schema, params: { type: 'object', properties: { key }, required: ['key'] } },
    };
  }
  return { schema, url: url.length > 1 ? url.replace(/\/$/, '') : url };
}

export default fp(
  async (app) => {
    await app.register(fastifySwagger, {
      openapi: {
        info: {
          title: 'Kanban API',
          version: '1.0.0',
          description:
            'Errors answer a flat object of Russian messages keyed by field, or `message` when no field applies.',
        },
        // Relative, so the reference's "Try it out" calls the address the page was opened at.
        servers: [{ url: '/', description: 'this server' }],
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      transform: documented,
    });
    await app.register(fastifySwaggerUi, {
      routePrefix: '/api/docs',
      uiConfig: { deepLinking: true, persistAuthorization: false },
      // Swagger UI's bundle injects a <style> element: inline styles on these pages only; scripts stay
      // 'self' (the site's policy, src/plugins/security.ts).
      transformStaticCSP: (header) => header.replace(/style-src ([^;]*)/, "style-src $1 'unsafe-inline'"),
    });
    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'docs' },
);
