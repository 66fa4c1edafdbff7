/**
 * The realtime contract: event names and payloads shared by the API and the front ends (shared-ui
 * imports this file). Clients connect to the site's own origin over a websocket, send their token in
 * the handshake's `auth.token`, emit `subscribe` with a board id and receive `update` after every
 * committed change to that board. A client either re-fetches the board on every `update` (SPEC.md) or
 * applies the update's `patch` to the board it shows when `patch.prevVersion` equals its version,
 * re-fetching only on a gap, a reconnect, an update without a patch, or a change it cannot evaluate.
 */
import type { Activity, BoardSettings, Column, Label, Member, Task } from './index.js';

export const REALTIME_PATH = '/socket.io';

export type BoardChange =
  | 'board'
  | 'deleted'
  | 'members'
  | 'columns'
  | 'tasks'
  | 'labels'
  | 'comments'
  | 'files'
  /** The server may have missed changes (its Redis link was down): re-fetch. */
  | 'resync';

export interface BoardUpdate {
  boardId: number;
  /** The board's version after the change (boards.version); it only grows (0 for a resync). */
  version: number;
  change: BoardChange;
  /** Server time (ms since the epoch) right after the transaction committed. */
  at: number;
  /** The committed change itself; absent for 'deleted' and 'resync' (re-fetch). */
  patch?: BoardPatch;
}

/**
 * One committed change of a board, in the contract's shapes. Applied to a board at `prevVersion` it
 * gives the board at the update's `version`. Upserted tasks are whole tasks whatever the viewer's
 * filter (the client decides whether each is shown); upserted columns carry their full, unfiltered
 * `taskIds` and come whenever a column's name or task order changed. A removed column takes its tasks
 * with it, and a removed label leaves every task that had it.
 */
export interface BoardPatch {
  /** boards.version before the change (the update's `version` minus one). */
  prevVersion: number;
  /** Who made the change. */
  userId: number;
  board?: BoardSettings;
  /** The board's owner, when the ownership was handed over. */
  createdBy?: number;
  columnOrder?: string[];
  tasks?: Task[];
  columns?: Column[];
  labels?: Label[];
  /** The whole member list, when anyone joined, left, was invited or removed. */
  members?: Member[];
  removed?: { tasks?: string[]; columns?: string[]; labels?: number[] };
  /**
   * The activity rows this change recorded (as GET /api/activity answers them), oldest first. Not
   * board state: applying a patch ignores them; an open activity list prepends them.
   */
  activity?: Activity[];
}

export interface SubscribeResult {
  ok: boolean;
  boardId: number | null;
  /** The board's version when the subscription started: a client holding an older one re-fetches. */
  version?: number;
  /** Present when ok is false: 400 for a malformed id, 403 for a board the user may not see. */
  status?: 400 | 403 | 404;
  message?: string;
}

/** Sent to each of a user's sockets when their notifications change (a reminder arrived, one was read). */
export interface NotificationsState {
  unread: number;
}

export interface ServerToClientEvents {
  update: (update: BoardUpdate) => void;
  notifications: (state: NotificationsState) => void;
  /**
   * Sent to each of a user's sockets when their board list or invitations changed: an invitation
   * arrived or was withdrawn, they joined or left a board, a board of theirs was renamed. Re-read them.
   */
  lists: () => void;
  /** Sent instead of joining when a subscription is refused. */
  subscribe_error: (result: SubscribeResult) => void;
  /** Who is on the board now (sent to its members whenever that changes). */
  presence: (state: PresenceState) => void;
}

/** One member looking at the board, with the task they have open (one entry per open task). */
export interface PresentUser {
  userId: number;
  taskId?: string;
}

export interface PresenceState {
  boardId: number;
  /** By user id; a user with two tabs on the same task is there once. */
  users: PresentUser[];
}

/** What a member's page says it has open: the task in its modal, or null when none is. */
export interface PresenceReport {
  boardId: number;
  taskId: string | null;
}

/** What a public link's page subscribes with: its token instead of a board id (no sign-in). */
export interface PublicSubscription {
  publicToken: string;
}

export interface ClientToServerEvents {
  subscribe: (board: number | PublicSubscription, ack?: (result: SubscribeResult) => void) => void;
  unsubscribe: (boardId: number) => void;
  presence: (report: PresenceReport) => void;
}

export const boardRoom = (boardId: number) => `board:${boardId}`;
export const boardIdOfRoom = (room: string): number | null =>
  room.startsWith('board:') ? Number(room.slice('board:'.length)) : null;
export const userRoom = (userId: number) => `user:${userId}`;
/** The readers of a board's public link: told every change with nobody's e-mail and no activity. */
export const publicRoom = (boardId: number) => `public:${boardId}`;

/** The members as a public link's readers see them: without e-mails, and no invited addresses. */
export const publicMembers = (members: readonly Member[]): Member[] =>
  members.filter((member) => member.id > 0).map((member) => ({ ...member, email: '' }));

/** A patch as a public link's readers get it: `publicMembers`, and no activity rows. */
export function publicPatch(patch: BoardPatch): BoardPatch {
  const { activity: _activity, members, ...rest } = patch;
  return { ...rest, ...(members && { members: publicMembers(members) }) };
}
