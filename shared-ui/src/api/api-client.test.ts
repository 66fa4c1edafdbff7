import { describe, expect, it, vi } from 'vitest';
import { assign, fetchMock, jsonResponse, setUpFrontEndTests } from '../test';
import { ApiError, apiClient, buildQuery, onBoardVersion } from './api-client';

type SentInit = { method: string; headers: Record<string, string | undefined>; body: string };

describe('api client', () => {
  setUpFrontEndTests({ pathname: '/board/1' });

  it('repeats the key for array query params and skips empty values', () => {
    expect(buildQuery({ label: [1, 2], assignee: ['7'], search: 'a b', priority: undefined, x: null })).toBe(
      '?label=1&label=2&assignee=7&search=a+b',
    );
    expect(buildQuery({})).toBe('');
  });

  it('sends the stored token as a bearer header and JSON bodies', async () => {
    localStorage.setItem('token', 'abc');
    fetchMock.mockResolvedValue(jsonResponse(200, { ok: true }));

    await expect(
      apiClient.post('/api/board', { name: 'Доска' }, { query: { sort: 'byNameASC' } }),
    ).resolves.toEqual({
      ok: true,
    });

    const [url, init] = fetchMock.mock.calls[0] as [string, SentInit];
    expect(url).toBe('/api/board?sort=byNameASC');
    expect(init.method).toBe('POST');
    expect(init.headers.Authorization).toBe('Bearer abc');
    expect(init.headers['Content-Type']).toBe('application/json');
    expect(init.body).toBe(JSON.stringify({ name: 'Доска' }));
  });

  it('sends no authorization header without a token', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, []));
    await apiClient.get('/api/board', { query: { label: ['1', '2'] } });
    const [url, init] = fetchMock.mock.calls[0] as [string, SentInit];
    expect(url).toBe('/api/board?label=1&label=2');
    expect(init.headers.Authorization).toBeUndefined();
  });

  it('tells board-version listeners which version a successful mutation left', async () => {
    const listener = vi.fn();
    const stop = onBoardVersion(listener);
    const headers = { 'x-board-id': '7', 'x-board-version': '12' };
    fetchMock
      .mockResolvedValueOnce(jsonResponse(200, { success: true }, headers))
      .mockResolvedValueOnce(jsonResponse(200, { success: true }))
      .mockResolvedValueOnce(jsonResponse(409, { message: 'Конфликт' }, headers));

    await apiClient.put('/api/task/edit', { title: 'Новое' });
    expect(listener).toHaveBeenCalledWith({ boardId: 7, version: 12 });
    await apiClient.put('/api/task/edit', { title: 'Новое' });
    await expect(apiClient.put('/api/task/edit', {})).rejects.toBeInstanceOf(ApiError);
    expect(listener).toHaveBeenCalledTimes(1);

    stop();
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { success: true }, headers));
    await apiClient.put('/api/task/edit', { title: 'Новое' });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("hands a successful answer's headers over before its body has arrived, and an error's never", async () => {
    let finish: (() => void) | undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"tasks":'));
        finish = () => {
          controller.enqueue(new TextEncoder().encode('{}}'));
          controller.close();
        };
      },
    });
    const headers = { 'content-type': 'application/json', 'x-board-tasks': '4000' };
    fetchMock.mockResolvedValueOnce(new Response(body, { status: 200, headers }));
    const seen: string[] = [];
    const answer = apiClient.get('/api/board/1', {
      onHeaders: (received) => seen.push(received.get('x-board-tasks') ?? ''),
    });
    await vi.waitFor(() => expect(seen).toEqual(['4000']));
    finish?.();
    await expect(answer).resolves.toEqual({ tasks: {} });

    fetchMock.mockResolvedValueOnce(jsonResponse(403, { message: 'Нет доступа' }, { 'x-board-tasks': '1' }));
    await expect(
      apiClient.get('/api/board/2', {
        onHeaders: (received) => seen.push(received.get('x-board-tasks') ?? ''),
      }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(seen).toEqual(['4000']);
  });

  it('on 401 removes the token and goes to /login, which will bring the user back', async () => {
    localStorage.setItem('token', 'stale');
    vi.stubGlobal('location', {
      ...window.location,
      pathname: '/board/3',
      search: '?label=2',
      hash: '',
      assign,
    });
    fetchMock.mockResolvedValue(jsonResponse(401, { message: 'Требуется вход' }));

    await expect(apiClient.get('/api/auth/user')).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem('token')).toBeNull();
    expect(assign).toHaveBeenCalledWith('/login?returnTo=%2Fboard%2F3%3Flabel%3D2');
  });

  it('on 401 while already on /login does not navigate again', async () => {
    vi.stubGlobal('location', { ...window.location, pathname: '/login', assign });
    fetchMock.mockResolvedValue(jsonResponse(401, {}));
    await expect(apiClient.get('/api/auth/user')).rejects.toBeInstanceOf(ApiError);
    expect(assign).not.toHaveBeenCalled();
  });

  it('rejects non-2xx with an ApiError carrying status and the field-keyed body', async () => {
    fetchMock.mockResolvedValue(jsonResponse(400, { email: 'Введите корректный e-mail' }));
    const error = await apiClient.post('/api/auth/login', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).body).toEqual({ email: 'Введите корректный e-mail' });
  });

  it('keeps a 409 answer whole: the current item and who changed what', async () => {
    const answer = {
      message: 'Задачу изменили',
      task: { id: '5', title: 'Их' },
      conflicts: [{ field: 'title' }],
    };
    fetchMock.mockResolvedValue(jsonResponse(409, answer));
    const error = (await apiClient.put('/api/task/edit', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(409);
    expect(error.body.message).toBe('Задачу изменили');
    expect(error.data).toEqual(answer);
  });

  it('turns a network failure into an ApiError with a message', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = (await apiClient.get('/api/board').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(0);
    expect(error.body.message).toMatch(/Нет связи/);
  });

  it("words a proxy's page for a node that is down as the service being unavailable", async () => {
    fetchMock.mockResolvedValue(new Response('<html>502 Bad Gateway</html>', { status: 502 }));
    const error = (await apiClient.get('/api/board').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(502);
    expect(error.body).toEqual({ message: 'Сервис временно недоступен, повторите попытку' });
  });

  it("never shows a server's English text: a framework's 503 and a proxy's 413 are worded in Russian", async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(503, { statusCode: 503, error: 'Service Unavailable', message: 'Service Unavailable' }),
    );
    const closing = (await apiClient.post('/api/auth/login', {}).catch((e: unknown) => e)) as ApiError;
    expect(closing.body).toEqual({ message: 'Сервис временно недоступен, повторите попытку' });
    fetchMock.mockResolvedValueOnce(
      new Response('<html>413 Request Entity Too Large</html>', { status: 413 }),
    );
    const tooLarge = (await apiClient.post('/api/file/add', {}).catch((e: unknown) => e)) as ApiError;
    expect(tooLarge.body).toEqual({ message: 'Ошибка запроса (413)' });
    fetchMock.mockResolvedValueOnce(jsonResponse(500, { message: 'Internal Server Error' }));
    const broken = (await apiClient.get('/api/board').catch((e: unknown) => e)) as ApiError;
    expect(broken.body).toEqual({ message: 'Внутренняя ошибка сервера' });
  });
});
