/**
 * The graceful stop that makes a rolling restart invisible (server.ts calls `app.drain()` on SIGTERM
 * and SIGINT). From its first moment /health/ready answers 503 and new sockets are refused. After
 * DRAIN_DELAY_MS (time for a balancer that polls readiness; 0 behind nginx, which moves a refused
 * connection to the next instance by itself) the app closes: the realtime hub closes this instance's
 * own sockets, which reconnect through the proxy to another instance; the listener stops accepting
 * connections; requests under way finish, and one arriving on an open connection meanwhile is still
 * served; every answer sent while draining says `Connection: close`; then the queue, the pool and
 * Redis close.
 */
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** True from the first moment of `drain()`. */
    readonly draining: boolean;
    /** Stops taking new work, waits DRAIN_DELAY_MS, then closes the app. */
    drain(): Promise<void>;
  }
}

export default fp(
  async (app) => {
    let draining = false;
    app.decorate('draining', {
      getter: () => draining,
    });
    app.decorate('drain', async () => {
      if (draining) return;
      draining = true;
      const delayMs = app.config.drainDelayMs ?? 0;
      app.log.info({ delayMs }, 'draining');
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      await app.close();
    });
    // A close without drain() (tests, a failed start) is a drain too.
    app.addHook('preClose', async () => {
      draining = true;
    });
    // Every answer sent while draining ends its connection, those under way when it began included:
    // a keep-alive client would otherwise hold the close until its connection times out.
    app.addHook('onSend', async (_request, reply) => {
      if (draining) reply.header('connection', 'close');
    });
  },
  { name: 'drain', dependencies: ['config'] },
);
