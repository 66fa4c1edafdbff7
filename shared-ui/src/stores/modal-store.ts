import { create } from 'zustand';

/** The one current modal of the page (SPEC.md 'Modals'). */
export const MODALS = {
  BOARD_FILTER: 'BOARD_FILTER',
  CREATE_BOARD: 'CREATE_BOARD',
  EDIT_BOARD: 'EDIT_BOARD',
  EDIT_TASK: 'EDIT_TASK',
  EDIT_COLUMN: 'EDIT_COLUMN',
  EDIT_LABELS: 'EDIT_LABELS',
  EDIT_MEMBERS: 'EDIT_MEMBERS',
  EXPORT_BOARD: 'EXPORT_BOARD',
  IMPORT_BOARD: 'IMPORT_BOARD',
  PUBLIC_LINK: 'PUBLIC_LINK',
} as const;

export type ModalType = keyof typeof MODALS;

export interface ModalState {
  modal: ModalType | null;
  payload: unknown;
  open: (modal: ModalType, payload?: unknown) => void;
  close: () => void;
}

export const useModalStore = create<ModalState>()((set) => ({
  modal: null,
  payload: undefined,
  open: (modal, payload) => set({ modal, payload }),
  close: () => set({ modal: null, payload: undefined }),
}));
