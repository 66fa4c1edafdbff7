import { apiClient } from 'shared-ui';

export interface UploadLinkQuery {
  name: string;
  boardId: number;
  taskId: string;
  type: string;
  size: number;
}

/** Step 1 of an attachment: a signed upload link bound to the file's size and type. */
export function getUploadLink(query: UploadLinkQuery) {
  return apiClient.get<{ url: string }>('/api/file/upload', { query: { ...query } });
}
