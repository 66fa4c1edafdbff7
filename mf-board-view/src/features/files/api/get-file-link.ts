import { apiClient } from 'shared-ui';

/** A short-lived download link of one file. */
export function getFileLink(id: number) {
  return apiClient.get<{ url: string }>('/api/file/get', { query: { id } });
}
