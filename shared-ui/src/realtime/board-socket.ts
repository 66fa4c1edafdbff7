/**
 * The client side of the realtime contract (contract/src/realtime.ts) for one board: it subscribes
 * on the session's shared connection (session-socket.ts; websocket only, to the page's own origin).
 * The caller applies every `update` (or re-fetches), and re-fetches after a reconnect or when the
 * server's version is newer than the one it holds, so a client that missed events while offline
 * converges. `onLive` tells whether the subscription stands, that is whether every change will arrive
 * as an update. A public link's page watches its board by the link (`{ publicToken }`), on the same
 * connection (a visitor who is not signed in opens it without a token): `onGone` hears that the link
 * was turned off or replaced, after which nothing more arrives.
 */
import type { BoardUpdate, PublicSubscription, SubscribeResult } from 'contract/realtime';
import {
  acquireSessionSocket,
  CONNECTION_CHECK_MS,
  createSocket,
  type SessionSocket,
  SOCKET_OPTIONS,
} from './session-socket';

export type { BoardUpdate, PublicSubscription, SubscribeResult };
export { CONNECTION_CHECK_MS, createSocket, SOCKET_OPTIONS };

/** How often, and how many times, a subscription waits for the board's first load to be shown. */
const FIRST_LOAD_CHECK_MS = 50;
const FIRST_LOAD_CHECKS = 200;

export interface BoardSocketHandlers {
  /** Something on the board changed (update is null after a reconnect or a stale subscription). */
  onChange(update: BoardUpdate | null): void;
  /** The server refused the subscription (the user is no longer a member). */
  onForbidden?(): void;
  /** A public link's subscription was refused or ended: the link was turned off or replaced (404). */
  onGone?(): void;
  /** The version of the board the caller currently shows, to skip a needless re-fetch. */
  currentVersion?(): number | null;
  /** True once a subscription is acknowledged, false when the connection drops or the watch stops. */
  onLive?(live: boolean): void;
}

export type BoardSocket = SessionSocket;

/**
 * Watches a board (by its id, or a public link's `{ publicToken }`) until the returned function is
 * called: on `socket` (which the watch then owns and closes), or else on the session's shared socket,
 * which stays open for its other holders.
 */
export function watchBoard(
  board: number | PublicSubscription,
  handlers: BoardSocketHandlers,
  socket?: BoardSocket,
): () => void {
  if (socket) return watchOn(socket, board, handlers, true);
  let stop: (() => void) | null = null;
  const release = acquireSessionSocket((shared) => {
    stop = watchOn(shared, board, handlers, false);
  });
  return () => {
    stop?.();
    release();
  };
}

/**
 * Subscribes on connect (at once when `socket` is already connected). The server watches one board per
 * connection: subscribing leaves the board the connection watched before.
 */
function watchOn(
  socket: BoardSocket,
  board: number | PublicSubscription,
  handlers: BoardSocketHandlers,
  owned: boolean,
): () => void {
  // A public link's board is known by the subscription's answer.
  let boardId = typeof board === 'number' ? board : null;
  let connectedBefore = false;
  let live = false;
  const setLive = (value: boolean) => {
    if (value === live) return;
    live = value;
    handlers.onLive?.(value);
  };

  let waiting: ReturnType<typeof setTimeout> | undefined;
  /**
   * After a subscription: fetch again after a reconnect, or when the board shown is older than the
   * server's version at the subscription. While the first load is still on its way (nothing shown
   * yet), it is judged once it arrives, so opening a board costs one fetch, not two.
   */
  const settle = (version: number | undefined, reconnected: boolean, tries = 0) => {
    clearTimeout(waiting);
    const shown = handlers.currentVersion?.() ?? null;
    if (reconnected || !handlers.currentVersion || tries >= FIRST_LOAD_CHECKS) return handlers.onChange(null);
    if (shown === null) {
      waiting = setTimeout(() => settle(version, false, tries + 1), FIRST_LOAD_CHECK_MS);
      return;
    }
    if (version !== undefined && version > shown) handlers.onChange(null);
  };

  const subscribe = () => {
    const reconnected = connectedBefore;
    connectedBefore = true;
    socket.emit('subscribe', board, (result) => {
      if (!result.ok) return;
      boardId = result.boardId ?? boardId;
      setLive(true);
      settle(result.version, reconnected);
    });
  };
  const dropped = () => setLive(false);
  const updated = (update: BoardUpdate) => {
    if (boardId !== null && update.boardId === boardId) handlers.onChange(update);
  };
  const refused = (result: SubscribeResult) => {
    if (result.boardId !== null && result.boardId !== boardId) return;
    setLive(false);
    if (result.status === 403) handlers.onForbidden?.();
    if (result.status === 404 && typeof board !== 'number') handlers.onGone?.();
  };

  socket.on('connect', subscribe);
  socket.on('disconnect', dropped);
  socket.on('update', updated);
  socket.on('subscribe_error', refused);
  if (socket.connected) subscribe();

  // A shared socket is kept open by the session; one the watch owns is checked here.
  const check = owned
    ? setInterval(() => {
        if (!socket.connected && !socket.active) socket.connect();
      }, CONNECTION_CHECK_MS)
    : undefined;

  return () => {
    clearInterval(check);
    clearTimeout(waiting);
    socket.off('connect', subscribe);
    socket.off('disconnect', dropped);
    socket.off('update', updated);
    socket.off('subscribe_error', refused);
    if (owned) socket.disconnect();
    else if (socket.connected && boardId !== null) socket.emit('unsubscribe', boardId);
    setLive(false);
  };
}
