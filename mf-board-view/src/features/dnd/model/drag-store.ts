import { create } from 'zustand';

interface DragState {
  /** The card being dragged: its slot stays rendered even when scrolled out of view. */
  activeTaskId: string | null;
  setActiveTaskId: (id: string | null) => void;
}

export const useDragStore = create<DragState>()((set) => ({
  activeTaskId: null,
  setActiveTaskId: (activeTaskId) => set({ activeTaskId }),
}));
