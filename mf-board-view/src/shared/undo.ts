import type { TrashKind } from 'contract';
import { create } from 'zustand';

/** A delete (or an archiving) that can still be taken back: the board page's toast shows it (features/trash). */
export interface UndoOffer {
  boardId: number;
  kind: TrashKind;
  id: string;
  /** What happened, e.g. 'Задача удалена'. */
  message: string;
  /** Tells two offers of the same item apart, so a new delete restarts the toast. */
  key: number;
  /** When the offer ends (epoch ms), however often the toast is shown again meanwhile. */
  until: number;
  /** What 'Отменить' does, when not a restore from the trash (an archive's 'Вернуть'). */
  undo?: () => Promise<unknown>;
}

/**
 * A change that is done and has nothing to take back here (a copy, a move): the same toast, with a
 * link to where the change went when it is elsewhere ('Открыть').
 */
export interface Notice {
  kind: 'notice';
  boardId: number;
  message: string;
  link?: { href: string; text: string };
  key: number;
  until: number;
}

/** How long 'Отменить' is offered after a delete (and a notice shown). */
export const UNDO_MS = 10_000;

/** The board page's one toast: an undo offer or a notice; a new one replaces the one shown. */
export const useUndo = create<{ offer: UndoOffer | Notice | null; dismiss: () => void }>()((set) => ({
  offer: null,
  dismiss: () => set({ offer: null }),
}));

let offers = 0;

/**
 * After a successful delete: shows 'Задача удалена · Отменить' for a while. A new offer replaces the
 * one shown. Lives here rather than in features/trash so that every feature's delete can call it.
 */
export function offerUndo(item: {
  boardId: number;
  kind: TrashKind;
  id: string;
  message: string;
  undo?: () => Promise<unknown>;
}): void {
  offers += 1;
  useUndo.setState({ offer: { ...item, key: offers, until: Date.now() + UNDO_MS } });
}

/**
 * After a change that cannot be undone here: says what happened in the board page's toast (a polite
 * status, inside the topmost dialog while one is open), with `link` to where it went.
 */
export function showNotice(item: { boardId: number; message: string; link?: Notice['link'] }): void {
  offers += 1;
  useUndo.setState({ offer: { ...item, kind: 'notice', key: offers, until: Date.now() + UNDO_MS } });
}
