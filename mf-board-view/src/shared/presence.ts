/**
 * Who else is on the board now (shared-ui `watchPresence`): kept in one small store per page, so the
 * top bar, each card and the task modal read just their part. The signed-in user is left out of what
 * they read: they know they are here. `useReportOpenTask` tells the others which task the modal shows.
 * A public link's page takes no part: its readers are not shown, and see no one.
 */
import type { Member } from 'contract';
import { useEffect } from 'react';
import { type PresentUser, reportOpenTask, useAuthStore, watchPresence } from 'shared-ui';
import { create } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { useBoardState } from './board-context';
import { usePublicToken } from './public-board';

interface PresenceState {
  boardId: number | null;
  users: PresentUser[];
  /** The task this page's modal has open, said again after a reconnect. */
  openTask: string | null;
}

const usePresenceStore = create<PresenceState>()(() => ({ boardId: null, users: [], openTask: null }));

/** Follows the board's presence while the board is on screen. */
export function useWatchPresence(boardId: number): void {
  const me = useAuthStore((state) => state.userId);
  const reader = usePublicToken() !== null;
  useEffect(() => {
    if (reader) return;
    usePresenceStore.setState({ boardId, users: [], openTask: null });
    const stop = watchPresence(
      boardId,
      me,
      (users) => usePresenceStore.setState({ users }),
      () => usePresenceStore.getState().openTask,
    );
    return () => {
      stop();
      usePresenceStore.setState({ boardId: null, users: [], openTask: null });
    };
  }, [boardId, me, reader]);
}

/** Says which task the modal shows while it is open (and that none is when it closes). */
export function useReportOpenTask(boardId: number, taskId: string | null): void {
  const reader = usePublicToken() !== null;
  useEffect(() => {
    if (taskId === null || reader) return;
    usePresenceStore.setState({ openTask: taskId });
    reportOpenTask(boardId, taskId);
    return () => {
      usePresenceStore.setState({ openTask: null });
      reportOpenTask(boardId, null);
    };
  }, [boardId, taskId, reader]);
}

/** The board's members (accepted, not removed) among `ids`, in the board's order. */
function membersOf(members: readonly Member[], ids: ReadonlySet<number>): Member[] {
  return members.filter((member) => ids.has(member.id) && member.accepted && !member.isDeleted);
}

/** The other members on the board now. */
export function useOthersOnBoard(): Member[] {
  const me = useAuthStore((state) => state.userId);
  const ids = usePresenceStore(
    useShallow((state) => [...new Set(state.users.map((user) => user.userId))].filter((id) => id !== me)),
  );
  const members = useBoardState((state) => state.board?.members ?? []);
  return membersOf(members, new Set(ids));
}

/** The other members who have `taskId` open in their modal now. */
export function useTaskViewers(taskId: string): Member[] {
  const me = useAuthStore((state) => state.userId);
  const ids = usePresenceStore(
    useShallow((state) =>
      state.users.filter((user) => user.taskId === taskId && user.userId !== me).map((user) => user.userId),
    ),
  );
  const members = useBoardState((state) => state.board?.members ?? []);
  return ids.length === 0 ? [] : membersOf(members, new Set(ids));
}
