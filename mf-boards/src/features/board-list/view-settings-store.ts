/** The store of 'Мои доски''s view settings, kept in localStorage (view-settings.ts). */

import type { Sort } from 'contract';
import { create } from 'zustand';
import { type BoardView, SORT_KEY, storedViewSettings, VIEW_KEY, writeViewSetting } from './view-settings';

export { type BoardView, SORT_KEY, SORTS, storedViewSettings, VIEW_KEY, VIEWS } from './view-settings';

interface ViewSettingsState {
  view: BoardView;
  sort: Sort;
  setView: (view: BoardView) => void;
  setSort: (sort: Sort) => void;
}

export const useViewSettings = create<ViewSettingsState>()((set) => ({
  ...storedViewSettings(),
  setView: (view) => {
    writeViewSetting(VIEW_KEY, view);
    set({ view });
  },
  setSort: (sort) => {
    writeViewSetting(SORT_KEY, sort);
    set({ sort });
  },
}));
