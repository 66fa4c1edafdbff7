import { create } from 'zustand';

/** Whether the board's 'Корзина' panel is open: the board menu opens it, the app renders it. */
export const useTrashPanel = create<{ open: boolean; setOpen: (open: boolean) => void }>()((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
}));
