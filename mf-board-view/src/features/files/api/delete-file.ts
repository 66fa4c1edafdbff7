import type { FileItem } from 'contract';
import { apiClient } from 'shared-ui';

/** Answers the files left on the task. */
export function deleteFile(boardId: number, id: number) {
  return apiClient.delete<FileItem[]>(`/api/file/${boardId}/${id}/delete`);
}
