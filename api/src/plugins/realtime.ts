/**
 * Realtime hub: Socket.IO on the API's own HTTP server, websocket transport only, so any instance can
 * serve any client without sticky sessions. With REDIS_URL, @socket.io/redis-adapter fans every emit
 * (and room changes such as evicting a removed member) out to all instances; without it the
 * in-process adapter serves one instance.
 *
 * The token is checked at the handshake; `subscribe` joins a board's room only when the `canWatch`
 * option (given where the app is assembled: the boards domain's membership check) answers a version.
 * A public link's reader connects without a token and subscribes with the link (`publicWatch`): it
 * joins the board's public room, which hears every change without e-mails or activity rows.
 * Routes call `app.realtime.announce(...)` after their transaction commits.
 */
import type { IncomingMessage } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import type { User } from 'contract/auth';
import {
  type BoardChange,
  type BoardPatch,
  type BoardUpdate,
  boardIdOfRoom,
  boardRoom,
  type ClientToServerEvents,
  publicPatch,
  publicRoom,
  REALTIME_PATH,
  type ServerToClientEvents,
  type SubscribeResult,
  userRoom,
} from 'contract/realtime';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';

interface SocketData {
  /** Null for a public link's reader, who connects without a token. */
  user: User | null;
  boardId: number | null;
  /** The public link a reader subscribed with. */
  publicToken: string | null;
}

/** The board's current version when the user may watch it, null otherwise. */
export type WatchCheck = (boardId: number, userId: number) => Promise<number | null>;

/** The board a live public link opens and its version, or null. */
export type PublicWatchCheck = (token: string) => Promise<{ boardId: number; version: number } | null>;

export interface RealtimeOptions {
  /** Decides who may watch a board: the version they start from, or null (refused). */
  canWatch: WatchCheck;
  /** Decides what a public link's reader watches. */
  publicWatch: PublicWatchCheck;
}

/** Between API instances (through the Redis adapter): every committed update, for their held boards. */
interface InterServerEvents {
  'board-update': (update: BoardUpdate) => void;
}

type HubSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

export interface Realtime {
  io: Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
  /** Tells everyone viewing the board, on every instance, that it changed. Call after commit. */
  announce(boardId: number, version: number, change: BoardChange, patch?: BoardPatch): void;
  /** Takes a user's sockets out of a board's room at once (removed member, left, board deleted). */
  evict(boardId: number, userId?: number): void;
  /**
   * Takes the board's public readers out of its public room, on every instance, and tells them the
   * link is gone: all of them, or those of every token but `keep` (the link that replaced theirs).
   */
  closePublic(boardId: number, keep: string | null): Promise<void>;
  /** Calls `listener` with every update announced by the other instances. */
  onPeerUpdate(listener: (update: BoardUpdate) => void): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

export default fp<RealtimeOptions>(
  async (app, { canWatch, publicWatch }) => {
    const { publicUrl, allowedOrigins } = app.config;
    const trusted = new Set([new URL(publicUrl).origin, ...allowedOrigins]);

    const io: Realtime['io'] = new Server(app.server, {
      path: REALTIME_PATH,
      transports: ['websocket'],
      serveClient: false,
      // A draining instance takes no new sockets: they reconnect to another one (plugins/drain.ts).
      allowRequest: (req, callback) => callback(null, !app.draining && originAllowed(req, trusted)),
    });

    const redisClients: Redis[] = [];
    if (app.redis) {
      // Publishing fails at once while Redis is away (the change still reaches this instance's
      // clients); subscriptions wait for it in the offline queue, however long it is away.
      const pub = app.redis.duplicate({
        connectionName: `${app.config.redisPrefix}realtime-pub`,
        lazyConnect: false,
        // Not on any request's path: a slow publish under load must not be dropped as the limiter's is.
        commandTimeout: 5000,
      });
      const sub = app.redis.duplicate({
        connectionName: `${app.config.redisPrefix}realtime-sub`,
        lazyConnect: false,
        enableOfflineQueue: true,
        maxRetriesPerRequest: null,
        commandTimeout: undefined,
      });
      for (const client of [pub, sub]) {
        client.on('error', (err) => app.log.debug({ err }, 'realtime redis connection error'));
      }
      // The adapter ignores what publish and subscribe answer: a failure is only logged, never an
      // unhandled rejection. A publish lost while Redis is away is made up by the resync below.
      const publish = pub.publish.bind(pub);
      pub.publish = ((...args: Parameters<typeof publish>) =>
        publish(...args).catch((err: unknown) => {
          app.outages.refused('redis', 'publish', err);
          return 0;
        })) as typeof pub.publish;
      for (const name of ['subscribe', 'psubscribe'] as const) {
        const subscribe = sub[name].bind(sub) as (...args: unknown[]) => Promise<unknown>;
        sub[name] = ((...args: unknown[]) =>
          subscribe(...args).catch((err: unknown) => {
            app.log.warn({ err }, 'realtime subscribe failed');
            return 0;
          })) as (typeof sub)[typeof name];
      }
      // Updates published elsewhere while this instance's subscription was down (or before it first
      // connected) are lost: once it is up, every board watched here is told to re-fetch.
      let subscriptionLost = sub.status !== 'ready';
      sub.on('close', () => {
        subscriptionLost = true;
      });
      sub.on('ready', () => {
        if (!subscriptionLost) return;
        subscriptionLost = false;
        resyncLocalBoards();
      });
      io.adapter(createAdapter(pub, sub, { key: `${app.config.redisPrefix}socket.io` }));
      redisClients.push(pub, sub);
    }

    // A socket without a token is a public link's reader: it may only subscribe with that link.
    io.use(async (socket, next) => {
      const token: unknown = socket.handshake.auth?.token;
      const user =
        typeof token === 'string' && token ? await app.authenticate(token).catch(() => null) : null;
      if (!user && token) return next(new Error('unauthorized'));
      socket.data.user = user;
      socket.data.boardId = null;
      socket.data.publicToken = null;
      next();
    });

    /** Moves the socket to the board's room (one board per connection: a page shows one board). */
    async function enter(socket: HubSocket, boardId: number, room: string): Promise<void> {
      if (socket.data.boardId !== null) {
        socket.leave(boardRoom(socket.data.boardId));
        socket.leave(publicRoom(socket.data.boardId));
      }
      socket.data.boardId = boardId;
      await socket.join(room);
    }

    io.on('connection', (socket: HubSocket) => {
      const { user } = socket.data;
      if (user) socket.join(userRoom(user.id));

      socket.on('subscribe', async (target, ack) => {
        const reply = (result: SubscribeResult) => {
          if (!result.ok) socket.emit('subscribe_error', result);
          if (typeof ack === 'function') ack(result);
        };
        if (typeof target === 'object' && target !== null) {
          const token = typeof target.publicToken === 'string' ? target.publicToken : '';
          const found = token ? await publicWatch(token).catch(() => null) : null;
          if (!found) return reply({ ok: false, boardId: null, status: 404, message: 'Ссылка не действует' });
          socket.data.publicToken = token;
          await enter(socket, found.boardId, publicRoom(found.boardId));
          return reply({ ok: true, boardId: found.boardId, version: found.version });
        }
        if (!user) return reply({ ok: false, boardId: null, status: 403, message: 'Нет доступа' });
        const boardId = Number(target);
        if (!Number.isSafeInteger(boardId) || boardId <= 0) {
          return reply({ ok: false, boardId: null, status: 400, message: 'Некорректная доска' });
        }
        const version = await canWatch(boardId, user.id).catch((err) => {
          app.log.error({ err }, 'realtime access check failed');
          return null;
        });
        if (version === null) return reply({ ok: false, boardId, status: 403, message: 'Нет доступа' });
        socket.data.publicToken = null;
        await enter(socket, boardId, boardRoom(boardId));
        reply({ ok: true, boardId, version });
      });

      socket.on('unsubscribe', (rawBoardId) => {
        const boardId = Number(rawBoardId);
        if (socket.data.boardId === boardId) socket.data.boardId = null;
        socket.leave(boardRoom(boardId));
        socket.leave(publicRoom(boardId));
      });
    });

    function resyncLocalBoards() {
      for (const room of io.of('/').adapter.rooms.keys()) {
        const boardId = boardIdOfRoom(room);
        if (boardId === null) continue;
        io.local.to(room).emit('update', { boardId, version: 0, change: 'resync', at: Date.now() });
      }
    }

    const realtime: Realtime = {
      io,
      announce(boardId, version, change, patch) {
        const update: BoardUpdate = { boardId, version, change, at: Date.now(), ...(patch && { patch }) };
        io.to(boardRoom(boardId)).emit('update', update);
        io.to(publicRoom(boardId)).emit('update', patch ? { ...update, patch: publicPatch(patch) } : update);
        if (redisClients.length > 0) io.serverSideEmit('board-update', update);
      },
      evict(boardId, userId) {
        const target = userId === undefined ? io.in(boardRoom(boardId)) : io.in(userRoom(userId));
        target.socketsLeave(boardRoom(boardId));
        if (userId === undefined) io.in(publicRoom(boardId)).socketsLeave(publicRoom(boardId));
      },
      async closePublic(boardId, keep) {
        const gone: SubscribeResult = { ok: false, boardId, status: 404, message: 'Ссылка не действует' };
        for (const socket of await io.in(publicRoom(boardId)).fetchSockets()) {
          if (keep !== null && socket.data.publicToken === keep) continue;
          socket.emit('subscribe_error', gone);
          socket.leave(publicRoom(boardId));
        }
      },
      onPeerUpdate(listener) {
        io.on('board-update', listener);
      },
    };
    app.decorate('realtime', realtime);

    app.addHook('preClose', async () => {
      // This instance's own sockets only (io.disconnectSockets would reach every instance through the
      // adapter), closed at the transport without a disconnect packet: socket.io-client then reconnects
      // by itself, through the proxy, to an instance that is still up (the listener here closed just before,
      // plugins/drain.ts).
      for (const socket of io.of('/').sockets.values()) socket.conn.close();
    });
    app.addHook('onClose', async () => {
      // The adapter unsubscribes while closing, so its Redis clients go only after it.
      await new Promise<void>((resolve) => io.close(() => resolve()));
      // quit() would wait behind subscriptions queued while Redis is away.
      await Promise.allSettled(
        redisClients.map((client) => (client.status === 'ready' ? client.quit() : client.disconnect())),
      );
    });
  },
  { name: 'realtime', dependencies: ['config', 'redis', 'auth', 'drain', 'outages'] },
);

/** Same-origin pages, PUBLIC_URL and ALLOWED_ORIGINS; clients that send no Origin (not browsers) pass. */
function originAllowed(req: IncomingMessage, trusted: Set<string>): boolean {
  const origin = req.headers.origin;
  if (!origin) return true;
  if (trusted.has(origin)) return true;
  const host = req.headers['x-forwarded-host'] ?? req.headers.host;
  const proto = req.headers['x-forwarded-proto'] ?? 'http';
  return typeof host === 'string' && (origin === `${proto}://${host}` || origin === `https://${host}`);
}
