/**
 * The multipart form both import calls send: the text fields first, then the browser's time zone
 * (the API reads dates written without a zone, as in a CSV, in it), then the file itself.
 */
export function importForm(file: File, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (timeZone) form.append('tz', timeZone);
  form.append('file', file, file.name);
  return form;
}
