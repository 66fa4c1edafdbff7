import type { CopyColumnBody, CopyColumnResult } from 'contract';
import { apiClient } from 'shared-ui';

/** 'Копировать колонку': '{name} (копия)' with its cards, right after it; it shows through the board's patch. */
export function copyColumn(body: CopyColumnBody) {
  return apiClient.post<CopyColumnResult>('/api/column/copy', body);
}
