/**
 * Sends a file's bytes to a signed upload link with XMLHttpRequest, because fetch cannot report upload
 * progress. The link itself is the permission (docs/api.md, "Files and avatars"), so no bearer token is
 * sent: the same code works for the API's own links and for an object store's presigned URLs. A failed
 * upload rejects with an ApiError like every other call (status 0 for a network failure).
 */
import { ApiError, NETWORK_ERROR, toFieldErrors } from './api-client';

export interface UploadOptions {
  /** PUT (the default) or POST, as the link expects. */
  method?: 'PUT' | 'POST';
  /** Defaults to the file's own type (`application/octet-stream` when the browser has none). */
  contentType?: string;
  /** Whole percents, 0-100, as bytes leave the browser. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** The type a file is announced and sent with. */
export function fileType(file: Blob): string {
  return file.type || 'application/octet-stream';
}

function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

export function uploadFile(url: string, file: Blob, options: UploadOptions = {}): Promise<unknown> {
  const { method = 'PUT', contentType = fileType(file), onProgress, signal } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('Загрузка отменена', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.setRequestHeader('Content-Type', contentType);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const body = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(100);
        resolve(body);
      } else {
        reject(new ApiError(xhr.status, toFieldErrors(body, xhr.status)));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, { message: NETWORK_ERROR }));
    xhr.onabort = () => reject(new DOMException('Загрузка отменена', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
