import { apiClient } from 'shared-ui';
import type { FileItem } from '../../../shared/types';

/** Answers the files left on the task. */
export function deleteFile(boardId: number, id: number) {
  return apiClient.delete<FileItem[]>(`/api/file/${boardId}/${id}/delete`);
}
