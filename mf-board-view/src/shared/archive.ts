/** The board's archive as every feature reaches it: the 'Архив' panel's switch and 'В архив' / 'Вернуть'. */
import { apiClient } from 'shared-ui';
import { create } from 'zustand';

/** Whether the board's 'Архив' panel is open: the board menu opens it, the app renders it. */
export const useArchivePanel = create<{ open: boolean; setOpen: (open: boolean) => void }>()((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
}));

/** 'В архив' (true) or 'Вернуть' (false) of a task or a column with its tasks. */
export function setArchived(boardId: number, kind: 'task' | 'column', id: string, archived: boolean) {
  const body = kind === 'task' ? { boardId, taskId: id, archived } : { boardId, columnId: id, archived };
  return apiClient.put<{ success: true }>(`/api/${kind}/archive`, body);
}
