import type { ImportPreview } from 'contract/imports';
import { apiClient } from 'shared-ui';
import { importForm } from './import-form';

/** Recognises and describes the file (format, name, counts, people in it); the API writes nothing. */
export function previewImport(file: File, signal?: AbortSignal) {
  return apiClient.post<ImportPreview>('/api/import/preview', importForm(file), signal ? { signal } : {});
}
