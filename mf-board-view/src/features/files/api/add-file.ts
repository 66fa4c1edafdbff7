import type { FileItem } from 'contract';
import { apiClient } from 'shared-ui';

export interface AddFileBody {
  boardId: number;
  taskId: string;
  name: string;
  /** The upload link without its query (the signature). */
  url: string;
  type: string;
  size: number;
}

/** Step 3: attach the uploaded object to the task. Answers the task's files, oldest first. */
export function addFile(body: AddFileBody) {
  return apiClient.post<FileItem[]>('/api/file/add', body);
}
