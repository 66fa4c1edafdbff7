import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import { pingDatabase } from '../plugins/db.js';

const CHECK_TIMEOUT_MS = 2000;

const Live = {
  operationId: 'live',
  summary: 'Liveness: the process answers',
  security: [],
  tags: ['health'],
  response: { 200: Type.Object({ status: Type.Literal('ok') }) },
};

const Readiness = Type.Object({
  /** `draining`: the instance is stopping (plugins/drain.ts) and takes no new work. */
  status: Type.Union([Type.Literal('ok'), Type.Literal('error'), Type.Literal('draining')]),
  db: Type.Union([Type.Literal('up'), Type.Literal('down')]),
  redis: Type.Union([Type.Literal('up'), Type.Literal('down'), Type.Literal('disabled')]),
});
const Ready = {
  operationId: 'ready',
  summary: 'Readiness: the database and Redis answer, and the instance is not stopping',
  security: [],
  tags: ['health'],
  response: { 200: Readiness, 503: Readiness },
};

async function up(check: () => Promise<unknown>): Promise<'up' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return 'up';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/live', { schema: Live, logLevel: 'warn' }, async () => ({ status: 'ok' as const }));

  app.get('/ready', { schema: Ready, logLevel: 'warn' }, async (_request, reply) => {
    const redis = app.redis;
    const [db, redisState] = await Promise.all([
      up(() => pingDatabase(app.db as Kysely<unknown>)),
      redis ? up(() => redis.ping()) : Promise.resolve('disabled' as const),
    ]);
    const ok = db === 'up' && redisState !== 'down';
    const status = app.draining ? 'draining' : ok ? 'ok' : 'error';
    return reply.code(status === 'ok' ? 200 : 503).send({ status, db, redis: redisState });
  });
};

export default healthRoutes;
