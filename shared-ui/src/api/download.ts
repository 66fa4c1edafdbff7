import { apiRequest } from './api-client';

/** The file name a Content-Disposition header gives (its UTF-8 `filename*` first). */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // A malformed name: the plain one, or the fallback.
    }
  }
  return /filename="([^"]+)"/i.exec(disposition ?? '')?.[1] ?? fallback;
}

/**
 * Downloads an API answer as a file, with the signed-in user's token (a plain link could not carry
 * it): the browser saves it under the name the answer gives. Rejects as any API call does.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  let name = fallbackName;
  const blob = await apiRequest<Blob>('GET', path, {
    headers: { Accept: '*/*' },
    responseType: 'blob',
    onHeaders: (headers) => {
      name = fileNameOf(headers.get('content-disposition'), fallbackName);
    },
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
