import { create } from 'zustand';

/**
 * Whether the board's 'Вебхуки' dialog is open: the board menu opens it, the app renders it (for an
 * administrator only). Beside shared-ui's modal store, as the panels are, since that store's list of
 * modals belongs to shared-ui.
 */
export const useWebhooksPanel = create<{ open: boolean; setOpen: (open: boolean) => void }>()((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
}));
