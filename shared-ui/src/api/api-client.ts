/**
 * fetch wrapper used by every front-end. The bearer token comes from localStorage (`token`), bodies are
 * JSON, array query params repeat their key (`?label=1&label=2`). A 401 means the stored token is no
 * longer valid: it is removed and the browser goes to /login. Any other non-2xx rejects with an
 * ApiError whose `body` is the API's field-keyed error object (docs/decisions.md). No timeout (SPEC).
 * A successful board mutation names the board version it left (`x-board-id`, `x-board-version`);
 * `onBoardVersion` listeners hear of it before the caller gets the answer.
 */

import { paths } from '../paths';
import { noteServerDate } from '../time/server-clock';
import { buildQuery, type Query, takePrefetched } from './prefetch';
import { getToken, removeToken } from './token';

export { buildQuery, type Query };

export type FieldErrors = Record<string, string>;

export class ApiError extends Error {
  readonly status: number;
  readonly body: FieldErrors;
  /** The answer's parsed body as it came (a 409 carries the current item and its conflicts). */
  readonly data: unknown;

  constructor(status: number, body: FieldErrors, data: unknown = body) {
    super(body.message ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.data = data;
  }
}

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * Called with a successful answer's headers as soon as they arrive, before its body is read: what
   * they announce (a big board's task count) can be acted on while the body is still on its way.
   */
  onHeaders?: (headers: Headers) => void;
  /** 'blob': a successful answer is the file itself (a download), not JSON. */
  responseType?: 'json' | 'blob';
}

/** The board version a successful mutation left. */
export interface BoardVersion {
  boardId: number;
  version: number;
}

const boardVersionListeners = new Set<(change: BoardVersion) => void>();

/** Calls `listener` for every successful answer naming a board version; returns the unsubscribe. */
export function onBoardVersion(listener: (change: BoardVersion) => void): () => void {
  boardVersionListeners.add(listener);
  return () => {
    boardVersionListeners.delete(listener);
  };
}

function announceBoardVersion(headers: Headers) {
  const boardId = headers.get('x-board-id');
  const version = headers.get('x-board-version');
  if (!boardId || !version) return;
  const change = { boardId: Number(boardId), version: Number(version) };
  if (!Number.isSafeInteger(change.boardId) || !Number.isSafeInteger(change.version)) return;
  for (const listener of boardVersionListeners) listener(change);
}

export const NETWORK_ERROR = 'Нет связи с сервером. Проверьте подключение и попробуйте ещё раз.';

/** As the API words a 503 (database out of reach). */
export const UNAVAILABLE = 'Сервис временно недоступен, повторите попытку';

/** Text a user can read here: the API's own messages are Russian; a proxy's or a framework's are not. */
const readable = (text: string) => /[А-Яа-яЁё]/.test(text);

/** What a failure the answer does not explain says: the error table's Russian message for its status. */
function statusMessage(status: number): string {
  // A proxy's own page for a node that is down or restarting says nothing a user can read.
  if (status === 502 || status === 503 || status === 504) return UNAVAILABLE;
  return status >= 500 ? 'Внутренняя ошибка сервера' : `Ошибка запроса (${status})`;
}

/**
 * A failed answer's body as field-keyed messages. The API's bodies are that already, in Russian; a
 * failure of the server (5xx) whose text is not Russian (a framework's or a proxy's English) and any
 * page that is not JSON (a proxy's HTML) become the Russian message for the status, so no server's
 * English text reaches a form.
 */
export function toFieldErrors(data: unknown, status: number): FieldErrors {
  if (data && typeof data === 'object' && !Array.isArray(data)) {
    const errors: FieldErrors = {};
    for (const [key, value] of Object.entries(data)) {
      if (value === null || value === undefined) continue;
      const text = String(value);
      if (status < 500 || readable(text)) errors[key] = text;
    }
    if (Object.keys(errors).length > 0) return errors;
  }
  if (typeof data === 'string' && readable(data)) return { message: data };
  return { message: statusMessage(status) };
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (!text) return null;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    body instanceof FormData ||
    body instanceof Blob ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer ||
    typeof body === 'string'
  );
}

export async function apiRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    if (isRawBody(options.body)) {
      body = options.body;
    } else {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
  }

  const url = `${path}${buildQuery(options.query)}`;
  // A GET the page started before this code was loaded (./prefetch) is answered from that request.
  const prefetched = method === 'GET' ? takePrefetched(url) : undefined;
  // Asked for either way; a GET with headers of its own is not the request that was prefetched.
  const early = options.headers ? undefined : prefetched;
  let response: Response;
  try {
    response = await (early ?? fetch(url, { method, headers, body, signal: options.signal }));
    options.signal?.throwIfAborted();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, { message: NETWORK_ERROR });
  }

  noteServerDate(response.headers);
  if (response.ok) options.onHeaders?.(response.headers);
  if (response.ok && options.responseType === 'blob') return (await response.blob()) as T;
  const data = await readBody(response);
  if (response.status === 401) {
    removeToken();
    // Signing in again brings the user back to the page that found the token gone.
    const { pathname, search, hash } = window.location;
    if (pathname !== paths.login.pattern)
      window.location.assign(paths.login.href(`${pathname}${search}${hash}`));
    throw new ApiError(401, toFieldErrors(data, 401));
  }
  if (!response.ok) throw new ApiError(response.status, toFieldErrors(data, response.status), data);
  announceBoardVersion(response.headers);
  return data as T;
}

export const apiClient = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => apiRequest<T>('DELETE', path, options),
};

/** The field-keyed errors of a rejected call, or a generic `message` for anything else. */
export function errorsOf(error: unknown): FieldErrors {
  if (error instanceof ApiError) return error.body;
  return { message: 'Что-то пошло не так. Попробуйте ещё раз.' };
}
