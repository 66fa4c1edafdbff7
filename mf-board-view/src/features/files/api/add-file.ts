import type { AddFileBody, FileItem } from 'contract';
import { apiClient } from 'shared-ui';

/** Step 3: attach the uploaded object to the task. Answers the task's files, oldest first. */
export type { AddFileBody };

export function addFile(body: AddFileBody) {
  return apiClient.post<FileItem[]>('/api/file/add', body);
}
