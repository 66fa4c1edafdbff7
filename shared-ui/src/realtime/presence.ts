/**
 * Who else is on the board (contract/realtime.ts `presence`), on the session's shared connection: the
 * server sends the board's list whenever it changes, and the page says which task its modal has open,
 * again every REPORT_MS while it is on the board: a page whose network went quiet is taken off the
 * list within seconds (api/src/realtime/presence.ts), long before the connection's own heartbeat.
 * The server forgets the open task when the connection drops; the page learns it from the next list
 * (its own entry without the task) and says it again, so a reconnect needs no bookkeeping here.
 */
import type { PresenceState, PresentUser } from 'contract/realtime';
import { acquireSessionSocket } from './session-socket';

export type { PresentUser };

/** How often a page on a board says it is still there. */
export const REPORT_MS = 3000;

/**
 * Calls `onUsers` with the board's present users (the caller `me` included) until the returned
 * function is called; while `openTask()` names a task the server's list lacks for `me`, it is said again.
 */
export function watchPresence(
  boardId: number,
  me: number | null,
  onUsers: (users: PresentUser[]) => void,
  openTask: () => string | null,
): () => void {
  let stop: (() => void) | null = null;
  const release = acquireSessionSocket((socket) => {
    const heard = (state: PresenceState) => {
      if (state.boardId !== boardId) return;
      onUsers(state.users);
      const taskId = openTask();
      const mine = state.users.filter((user) => user.userId === me);
      const said =
        taskId === null
          ? mine.every((user) => user.taskId === undefined)
          : mine.some((user) => user.taskId === taskId);
      if (me !== null && mine.length > 0 && !said) socket.emit('presence', { boardId, taskId });
    };
    socket.on('presence', heard);
    const still = setInterval(() => {
      if (socket.connected) socket.emit('presence', { boardId, taskId: openTask() });
    }, REPORT_MS);
    stop = () => {
      clearInterval(still);
      socket.off('presence', heard);
    };
  });
  return () => {
    stop?.();
    release();
  };
}

/** Says which task the page has open on the board (null: none). */
export function reportOpenTask(boardId: number, taskId: string | null): void {
  const release = acquireSessionSocket((socket) => {
    if (socket.connected) socket.emit('presence', { boardId, taskId });
  });
  release();
}
