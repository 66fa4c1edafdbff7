import type { Template } from 'contract';
import { apiClient } from 'shared-ui';

/** The user's own templates (newest first), then the built-in ones. */
export function getTemplates(signal?: AbortSignal) {
  return apiClient.get<Template[]>('/api/templates', { signal });
}
