/**
 * The whole (unfiltered) board of recently read boards, kept as an object and carried forward by the
 * patches of the changes this instance commits (contract/src/apply-patch.ts, the same reader the board
 * page uses). The first read after a change then costs serializing and compressing, not re-reading
 * thousands of tasks. An object is only ever advanced from exactly its own version: any gap (a change
 * committed by another instance, or announced out of order) drops it and the next read builds afresh.
 */
import type { Board } from 'contract';
import { applyPatch } from 'contract/apply-patch';
import type { BoardUpdate } from 'contract/realtime';
import type { Announcer } from '../board-change/change-board.js';

export class LiveBoards {
  // A Map keeps insertion order: the first key is the least recently used.
  private readonly boards = new Map<number, Board>();

  constructor(private readonly maxBoards = 16) {}

  /** The board at `version` or newer, if held. */
  get(boardId: number, version: number): Board | undefined {
    const board = this.boards.get(boardId);
    if (!board || board.version < version) return undefined;
    this.boards.delete(boardId);
    this.boards.set(boardId, board);
    return board;
  }

  set(board: Board): void {
    const held = this.boards.get(board.id);
    if (held && held.version > board.version) return;
    this.boards.delete(board.id);
    this.boards.set(board.id, board);
    for (const id of this.boards.keys()) {
      if (this.boards.size <= this.maxBoards) break;
      this.boards.delete(id);
    }
  }

  /** Carries the board to the update's version, or forgets it when the patch does not follow on. */
  advance(update: BoardUpdate): void {
    const board = this.boards.get(update.boardId);
    if (!board) return;
    const next = update.change === 'deleted' ? null : applyPatch(board, update);
    if (next) this.boards.set(update.boardId, next);
    else this.boards.delete(update.boardId);
  }
}

const held = new WeakMap<object, LiveBoards>();

/** The live boards of one database handle (one app). */
export function liveBoardsOf(db: object): LiveBoards {
  let boards = held.get(db);
  if (!boards) {
    boards = new LiveBoards();
    held.set(db, boards);
  }
  return boards;
}

/** The kernel's announcer: this instance's live boards follow every committed change. */
export const advanceLiveBoard: Announcer = (app, update) => liveBoardsOf(app.db).advance(update);
