import { create } from 'zustand';

export const LABELS_OPEN_KEY = 'isLabelOpen';

function readOpen(): boolean {
  try {
    return window.localStorage.getItem(LABELS_OPEN_KEY) === 'true';
  } catch {
    return false;
  }
}

interface LabelsOpenState {
  open: boolean;
  toggle: () => void;
}

/** Card labels collapsed (colour chips) or expanded (with titles), for every card; kept in localStorage. */
export const useLabelsOpen = create<LabelsOpenState>()((set, get) => ({
  open: readOpen(),
  toggle: () => {
    const open = !get().open;
    try {
      window.localStorage.setItem(LABELS_OPEN_KEY, String(open));
    } catch {
      // Private mode: the choice lasts for this page only.
    }
    set({ open });
  },
}));
