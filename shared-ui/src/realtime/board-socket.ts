/**
 * The client side of the realtime contract (api/src/realtime/contract.ts): one Socket.IO connection to
 * the page's own origin, websocket only, that watches one board. The caller applies every `update`
 * (or re-fetches), and re-fetches after a reconnect or when the server's version is newer than the
 * one it holds, so a client that missed events while offline converges. `onLive` tells whether the
 * subscription stands, that is whether every change will arrive as an update. socket.io-client is loaded on first
 * use (its own chunk), so pages without a board do not download it.
 */
import type {
  BoardUpdate,
  ClientToServerEvents,
  ServerToClientEvents,
  SubscribeResult,
} from 'api/realtime-contract';
import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';
import { getToken } from '../api/token';

export type { BoardUpdate, SubscribeResult };

export const SOCKET_OPTIONS = {
  path: '/socket.io',
  transports: ['websocket'],
  reconnection: true,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  timeout: 20000,
} satisfies Partial<ManagerOptions & SocketOptions>;

/** While the connection is down it is checked this often and reopened if nothing else is trying. */
export const CONNECTION_CHECK_MS = 1000;

export interface BoardSocketHandlers {
  /** Something on the board changed (update is null after a reconnect or a stale subscription). */
  onChange(update: BoardUpdate | null): void;
  /** The server refused the subscription (the user is no longer a member). */
  onForbidden?(): void;
  /** The version of the board the caller currently shows, to skip a needless re-fetch. */
  currentVersion?(): number | null;
  /** True once a subscription is acknowledged, false when the connection drops or the watch stops. */
  onLive?(live: boolean): void;
}

export type BoardSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** The socket to the page's origin (or `url`); the token is read afresh at every (re)connect. */
export async function createSocket(
  url?: string,
  token: () => string | null = getToken,
): Promise<BoardSocket> {
  const { io } = await import('socket.io-client');
  const options = { ...SOCKET_OPTIONS, auth: (cb: (data: object) => void) => cb({ token: token() }) };
  return url ? io(url, options) : io(options);
}

/**
 * Watches a board until the returned function is called, on `socket` or else on a new socket to the
 * page's origin (created once socket.io-client has loaded).
 */
export function watchBoard(boardId: number, handlers: BoardSocketHandlers, socket?: BoardSocket): () => void {
  if (socket) return watchOn(socket, boardId, handlers);
  let stop: (() => void) | null = null;
  let stopped = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  // The client's chunk may fail to load (offline): try again every CONNECTION_CHECK_MS.
  const open = () =>
    createSocket().then(
      (created) => {
        if (stopped) created.disconnect();
        else stop = watchOn(created, boardId, handlers);
      },
      () => {
        if (!stopped) retry = setTimeout(open, CONNECTION_CHECK_MS);
      },
    );
  void open();
  return () => {
    stopped = true;
    clearTimeout(retry);
    stop?.();
  };
}

function watchOn(socket: BoardSocket, boardId: number, handlers: BoardSocketHandlers): () => void {
  let connectedBefore = false;
  let live = false;
  const setLive = (value: boolean) => {
    if (value === live) return;
    live = value;
    handlers.onLive?.(value);
  };

  const subscribe = () => {
    const reconnected = connectedBefore;
    connectedBefore = true;
    socket.emit('subscribe', boardId, (result) => {
      if (!result.ok) return;
      setLive(true);
      const shown = handlers.currentVersion?.() ?? null;
      const stale = shown === null || (result.version !== undefined && result.version > shown);
      if (reconnected || stale) handlers.onChange(null);
    });
  };
  const dropped = () => setLive(false);

  socket.on('connect', subscribe);
  socket.on('disconnect', dropped);
  socket.on('update', (update) => {
    if (update.boardId === boardId) handlers.onChange(update);
  });
  socket.on('subscribe_error', (result) => {
    setLive(false);
    if (result.status === 403) handlers.onForbidden?.();
  });

  const check = setInterval(() => {
    if (!socket.connected && !socket.active) socket.connect();
  }, CONNECTION_CHECK_MS);

  return () => {
    clearInterval(check);
    socket.off('connect', subscribe);
    socket.off('disconnect', dropped);
    socket.disconnect();
    setLive(false);
  };
}
