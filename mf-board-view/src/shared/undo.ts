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

/** How long 'Отменить' is offered after a delete. */
export const UNDO_MS = 10_000;

export const useUndo = create<{ offer: UndoOffer | null; dismiss: () => void }>()((set) => ({
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
