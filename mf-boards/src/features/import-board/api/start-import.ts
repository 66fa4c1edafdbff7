import { apiClient } from 'shared-ui';
import { importForm } from './import-form';

export interface ImportChoices {
  /** The new board's name; empty keeps the source's. */
  name: string;
  /** Source member id -> e-mail to invite; members left out are not invited. */
  members: Record<string, string>;
}

/** Queues the import (202 { id }); the job runs on the server whether or not the dialog stays open. */
export function startImport(file: File, { name, members }: ImportChoices) {
  const fields: Record<string, string> = { name: name.trim() };
  if (Object.keys(members).length > 0) fields.members = JSON.stringify(members);
  return apiClient.post<{ id: string }>('/api/import', importForm(file, fields));
}
