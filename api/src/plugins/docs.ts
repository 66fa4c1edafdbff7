/**
 * The API reference: the OpenAPI document at `/api/openapi.json`, built by @fastify/swagger from the
 * routes' typebox schemas (each schema carries its `operationId` and `summary`), and the interactive
 * page at `/api/docs` (@fastify/swagger-ui). Registered before the domain plugins, whose routes it
 * collects. Paths are documented without a trailing slash: `/api/board` and `/api/board/` both answer.
 */
import fastifySwagger, { type OpenAPIV3_2 } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  type DeliveredEvent,
  WEBHOOK_EVENT_TITLES,
  WEBHOOK_HEADERS,
  WEBHOOK_PAYLOADS,
  WEBHOOK_USER_AGENT,
} from 'contract/webhooks';
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

/** 'task.item-done' -> 'TaskItemDone'. */
const pascal = (event: string) =>
  event.replace(/(^|[.-])(\w)/g, (_match, _sep: string, ch: string) => ch.toUpperCase());

/**
 * The document's `webhooks` (OpenAPI 3.1): one POST per event a board's webhook receives, with its
 * body and headers. Answering 2xx delivers it; anything else (a redirect too) or no answer in time is
 * retried with back-off under the same delivery id (webhooks/delivery.ts).
 */
function webhookDocs(): Record<string, OpenAPIV3_2.PathItemObject> {
  const events = Object.keys(WEBHOOK_PAYLOADS) as DeliveredEvent[];
  return Object.fromEntries(
    events.map((event) => [
      event,
      {
        post: {
          operationId: `webhook${pascal(event)}`,
          summary: event === 'ping' ? "'Проверить': a test delivery" : WEBHOOK_EVENT_TITLES[event],
          tags: ['webhooks'],
          description: `Sent with \`User-Agent: ${WEBHOOK_USER_AGENT}\` once the change is committed. Answer 2xx within 10 s; anything else is tried again after 1 min, 5 min, 30 min, 2 h and 12 h with the same delivery id.`,
          security: [],
          parameters: [
            {
              in: 'header' as const,
              name: WEBHOOK_HEADERS.event,
              required: true,
              schema: { type: 'string', enum: [event] },
            },
            {
              in: 'header' as const,
              name: WEBHOOK_HEADERS.delivery,
              required: true,
              description: "the delivery id, the same on every retry (the body's `id`)",
              schema: { type: 'string', format: 'uuid' },
            },
            {
              in: 'header' as const,
              name: WEBHOOK_HEADERS.signature,
              required: true,
              description:
                "`sha256=` and the hex HMAC-SHA256 of the raw body, keyed with the webhook's secret",
              schema: { type: 'string', pattern: '^sha256=[0-9a-f]{64}$' },
            },
          ],
          // As plain JSON Schema: typebox's types are not openapi-types' schema objects.
          requestBody: {
            required: true,
            content: { 'application/json': { schema: JSON.parse(JSON.stringify(WEBHOOK_PAYLOADS[event])) } },
          },
          responses: {
            '200': { description: 'Delivered (any 2xx)' },
            '400': { description: 'Not delivered (any status but 2xx): tried again later' },
          },
        },
      },
    ]),
  );
}

export default fp(
  async (app) => {
    await app.register(fastifySwagger, {
      openapi: {
        // 3.1 for the `webhooks` section: what a board's webhooks receive.
        openapi: '3.1.0',
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
        webhooks: webhookDocs(),
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
