import type { ReactNode } from 'react';
import { create } from 'zustand';

/**
 * What a page contributes to the shell's header: whether clicking the current user's avatar or name
 * toggles the `assignee` filter (the board sets it), and an optional left menu for the burger panel.
 */
export interface HeaderState {
  userFilterEnabled: boolean;
  leftMenu: ReactNode;
  setUserFilterEnabled: (enabled: boolean) => void;
  setLeftMenu: (menu: ReactNode) => void;
}

export const useHeaderStore = create<HeaderState>()((set) => ({
  userFilterEnabled: false,
  leftMenu: null,
  setUserFilterEnabled: (userFilterEnabled) => set({ userFilterEnabled }),
  setLeftMenu: (leftMenu) => set({ leftMenu }),
}));
