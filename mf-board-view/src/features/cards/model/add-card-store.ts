import { create } from 'zustand';

interface AddCardState {
  /** The one column whose '+ Добавить карточку' form is open. */
  openColumnId: string | null;
  setOpen: (columnId: string | null) => void;
}

export const useAddCard = create<AddCardState>()((set) => ({
  openColumnId: null,
  setOpen: (openColumnId) => set({ openColumnId }),
}));
