/**
 * Optional Redis connection (REDIS_URL), what lets several API instances share state: the limiter keeps
 * its counters here, the realtime hub duplicates this connection for the Socket.IO adapter's publish
 * and subscribe clients, and /health/ready pings it.
 *
 * Redis is not needed to start or to answer: the instance starts while it is down and connects when it
 * comes (ioredis keeps retrying). Commands fail at once while it is away (no offline queue) and give up
 * after a short timeout when it hangs, so the limiter (which then lets attempts through) and the
 * readiness check keep their normal latency instead of waiting on retries.
 */
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /** Null when REDIS_URL is unset: rate limits and realtime then run in-process, for one instance. */
    redis: Redis | null;
  }
}

/** A command Redis does not answer within this fails (the limiter then lets the attempt through). */
export const REDIS_COMMAND_TIMEOUT_MS = 250;

export default fp(
  async (app) => {
    const url = app.config.redisUrl;
    if (!url) {
      app.decorate('redis', null);
      return;
    }
    const redis = new Redis(url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      connectTimeout: 2000,
      // Reconnect soon after Redis returns, but never busy-loop while it is away.
      retryStrategy: (attempt) => Math.min(attempt * 100, 1000),
    });
    let down = false;
    redis.on('error', (err) => {
      if (!down) app.log.warn({ err }, 'redis connection error');
      down = true;
    });
    redis.on('ready', () => {
      if (down) app.log.info('redis connection back');
      down = false;
    });
    // Not awaited: without Redis the instance still starts, and /health/ready reports it down.
    redis.connect().catch((err) => app.log.warn({ err }, 'redis not reachable at start; retrying'));
    app.decorate('redis', redis);
    app.addHook('onClose', async () => {
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    });
  },
  { name: 'redis', dependencies: ['config'] },
);
