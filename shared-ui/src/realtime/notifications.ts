/**
 * The current user's notification changes, heard on the session's shared socket: the server sends
 * `notifications` `{ unread }` to each of the user's sockets whenever their notifications change (a
 * reminder arrived, some were read). Events sent while the connection was down are lost, so after each
 * connect the listener hears `null` and re-reads what it shows.
 */
import type { NotificationsState } from 'contract/realtime';
import { acquireSessionSocket } from './session-socket';

export type { NotificationsState };

/** `state` is the new unread count, or null after a reconnect (re-fetch). */
export type NotificationsListener = (state: NotificationsState | null) => void;

/** Listens until the returned function is called. */
export function watchNotifications(listener: NotificationsListener): () => void {
  let stop: (() => void) | null = null;
  const release = acquireSessionSocket((socket) => {
    // Every connect after listening began may follow missed events (the first one too: the caller's
    // data may have been read before the socket joined the user's room).
    const connected = () => listener(null);
    const changed = (state: NotificationsState) => listener(state);
    socket.on('connect', connected);
    socket.on('notifications', changed);
    stop = () => {
      socket.off('connect', connected);
      socket.off('notifications', changed);
    };
  });
  return () => {
    stop?.();
    release();
  };
}
