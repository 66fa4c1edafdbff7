/**
 * One Socket.IO connection for the signed-in session, shared by everything in the page that listens
 * (the header's bell, the board page, 'Мои задачи'). The server puts each socket into its user's room
 * at connect, so `notifications` arrive without any subscription, and a board is watched by
 * `subscribe` on the same connection.
 *
 * Holders are counted: the first `acquireSessionSocket` loads socket.io-client (its own chunk, so a
 * page nobody listens on never downloads it) and opens the socket, the last release closes it. While
 * the connection is down and socket.io is not already retrying (the server closed it), it is reopened
 * every CONNECTION_CHECK_MS, and at once when the browser comes back online. The token is read afresh
 * at every (re)connect; signing in or out reloads the page, so one socket never outlives its user.
 */

import type { ClientToServerEvents, ServerToClientEvents } from 'contract/realtime';
import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';
import { getToken } from '../api/token';

export type SessionSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

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

/** The socket to the page's origin (or `url`); the token is read afresh at every (re)connect. */
export async function createSocket(
  url?: string,
  token: () => string | null = getToken,
): Promise<SessionSocket> {
  const { io } = await import('socket.io-client');
  const options = { ...SOCKET_OPTIONS, auth: (cb: (data: object) => void) => cb({ token: token() }) };
  return url ? io(url, options) : io(options);
}

type Holder = (socket: SessionSocket) => void;

interface Session {
  holders: Set<Holder>;
  socket: SessionSocket | null;
  retry?: ReturnType<typeof setTimeout>;
  check?: ReturnType<typeof setInterval>;
  online?: () => void;
}

let session: Session | null = null;

function open(current: Session) {
  createSocket().then(
    (socket) => {
      if (session !== current) {
        socket.disconnect();
        return;
      }
      current.socket = socket;
      current.check = setInterval(() => {
        if (!socket.connected && !socket.active) socket.connect();
      }, CONNECTION_CHECK_MS);
      // Going offline while a connection is still opening, engine.io drops it without telling the
      // manager, which then waits out its 20 s connect timeout before it tries again (and, between
      // retries, its back-off). Back online, a socket that is not connected starts afresh at once.
      current.online = () => {
        if (socket.connected) return;
        socket.disconnect();
        socket.connect();
      };
      window.addEventListener('online', current.online);
      for (const holder of current.holders) holder(socket);
    },
    // The client's chunk may fail to load (offline): try again.
    () => {
      if (session === current) current.retry = setTimeout(() => open(current), CONNECTION_CHECK_MS);
    },
  );
}

/**
 * Holds the session's socket until the returned function is called: `onSocket` gets it once it is
 * open (at once when it already is; never after the release). Listeners the holder adds are its own
 * to remove; it must not disconnect the socket.
 */
export function acquireSessionSocket(onSocket: Holder): () => void {
  if (!session) {
    session = { holders: new Set(), socket: null };
    open(session);
  }
  const current = session;
  // A holder is an entry of its own even when the same function is passed twice.
  const holder: Holder = (socket) => onSocket(socket);
  current.holders.add(holder);
  if (current.socket) holder(current.socket);

  let released = false;
  return () => {
    if (released) return;
    released = true;
    current.holders.delete(holder);
    if (current.holders.size > 0 || session !== current) return;
    session = null;
    clearTimeout(current.retry);
    clearInterval(current.check);
    if (current.online) window.removeEventListener('online', current.online);
    current.socket?.disconnect();
  };
}
