/**
 * The graceful stop that makes a rolling restart invisible (server.ts calls `app.drain()` on SIGTERM
 * and SIGINT). From its first moment /health/ready answers 503 and new sockets are refused. After
 * DRAIN_DELAY_MS (time for a balancer that polls readiness; 0 when the deploy takes the instance out
 * of the proxy's rotation first, as `pnpm stack --rolling-restart` does) the app closes: the realtime hub closes this instance's
 * own sockets, which reconnect through the proxy to another instance; the listener stops accepting
 * connections; requests under way finish, and one arriving on an open connection meanwhile is still
 * served; every answer sent while draining says `Connection: close`; then the queue, the pool and
 * Redis close.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
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
    // Node's server.close() also closes every connection with no request under way, among them one
    // just accepted whose request is not read yet: the proxy sees it reset after sending the request
    // and may not retry a POST elsewhere (502). Only connections that have answered and wait idle
    // for another request are closed here; one whose request is still to come is served.
    const waiting = new Set<Socket>();
    app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      const socket = request.socket;
      waiting.delete(socket);
      response.once('finish', () => {
        if (!socket.destroyed) waiting.add(socket);
      });
    });
    app.server.on('connection', (socket: Socket) => {
      socket.once('close', () => waiting.delete(socket));
    });
    app.server.closeIdleConnections = () => {
      for (const socket of waiting) socket.destroy();
      waiting.clear();
    };

    // This hook runs first (drain is registered first): the listener closes before the realtime hub
    // closes its sockets, so none of them reconnects here, and before that the connections the proxy
    // already made are accepted (a listener closed with connections in its backlog resets them).
    // Fastify's own server.close() afterwards still waits for the connections to end. A close
    // without drain() (tests, a failed start) is a drain too.
    app.addHook('preClose', async () => {
      draining = true;
      if (!app.server.listening) return;
      await new Promise((resolve) => setImmediate(resolve));
      app.server.close();
    });
    // Every answer sent while draining ends its connection, those under way when it began included:
    // a keep-alive client would otherwise hold the close until its connection times out.
    app.addHook('onSend', async (_request, reply) => {
      if (draining) reply.header('connection', 'close');
    });
  },
  { name: 'drain', dependencies: ['config'] },
);
