import { apiClient } from 'shared-ui';

/** Deletes one of the user's own templates (the API refuses a built-in one). */
export function deleteTemplate(id: string) {
  return apiClient.delete<{ success: true }>(`/api/templates/${encodeURIComponent(id)}`);
}
