import { create } from 'zustand';

/** The board menu's dialogs that copy the board: 'Сохранить как шаблон' and 'Копировать доску'. */
export type BoardCopyDialog = 'template' | 'copy';

/** Which of them is open: the board menu opens it, the app renders it (features/copy). */
export const useBoardCopyPanel = create<{
  open: BoardCopyDialog | null;
  setOpen: (open: BoardCopyDialog | null) => void;
}>()((set) => ({
  open: null,
  setOpen: (open) => set({ open }),
}));
