/**
 * Optional Redis connection (REDIS_URL), what lets several API instances share state: the limiter keeps
 * its counters here, the realtime hub duplicates this connection for the Socket.IO adapter's publish
 * and subscribe clients, and /health/ready pings it.
 */
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /** Null when REDIS_URL is unset: rate limits and realtime then run in-process, for one instance. */
    redis: Redis | null;
  }
}

export default fp(
  async (app) => {
    const url = app.config.redisUrl;
    if (!url) {
      app.decorate('redis', null);
      return;
    }
    const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
    redis.on('error', (err) => app.log.warn({ err }, 'redis connection error'));
    await redis.connect();
    app.decorate('redis', redis);
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  },
  { name: 'redis', dependencies: ['config'] },
);
