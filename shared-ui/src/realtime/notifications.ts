/**
 * The current user's own changes, heard on the session's shared socket: the server sends
 * `notifications` `{ unread }` to each of the user's sockets whenever their notifications change (a
 * reminder arrived, some were read), and `lists` whenever their board list or invitations change (an
 * invitation arrived). Events sent while the connection was down are lost, so after each connect the
 * listener hears `null` and re-reads what it shows.
 */
import type { NotificationsState } from 'contract/realtime';
import { acquireSessionSocket } from './session-socket';

export type { NotificationsState };

/** `state` is the new unread count, or null after a reconnect (re-fetch). */
export type NotificationsListener = (state: NotificationsState | null) => void;

/** Calls `listener` with each `event` and with null after every connect, until the returned function is called. */
function watchUserEvent(
  event: 'notifications' | 'lists',
  listener: (state: NotificationsState | null) => void,
): () => void {
  let stop: (() => void) | null = null;
  const release = acquireSessionSocket((socket) => {
    // Every connect after listening began may follow missed events (the first one too: the caller's
    // data may have been read before the socket joined the user's room).
    const connected = () => listener(null);
    const changed = (state?: NotificationsState) => listener(state ?? null);
    // `lists` carries nothing: its listener takes the same optional state.
    const name = event as 'notifications';
    socket.on('connect', connected);
    socket.on(name, changed);
    // Already connected (another holder opened it): events may have come before this listener did.
    if (socket.connected) listener(null);
    stop = () => {
      socket.off('connect', connected);
      socket.off(name, changed);
    };
  });
  return () => {
    stop?.();
    release();
  };
}

/** Listens to the unread count until the returned function is called. */
export function watchNotifications(listener: NotificationsListener): () => void {
  return watchUserEvent('notifications', listener);
}

/**
 * Calls `listener` whenever the user's board list or invitations may have changed (an event, or a
 * reconnect after which one may have been missed), until the returned function is called.
 */
export function watchLists(listener: () => void): () => void {
  return watchUserEvent('lists', () => listener());
}
