import type { SaveTemplateBody, Template } from 'contract';
import { apiClient } from 'shared-ui';

/** 'Сохранить как шаблон': a refusal is keyed by `name`, `withTasks`, or `message` (too many, no access). */
export function saveTemplate(body: SaveTemplateBody) {
  return apiClient.post<Template>('/api/templates', body);
}
