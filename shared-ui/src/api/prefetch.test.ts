import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchMock, jsonResponse, setUpFrontEndTests } from '../test';
import { ApiError, apiClient } from './api-client';
import { prefetchGet, takePrefetched } from './prefetch';

describe('answers started before the screen asks', () => {
  setUpFrontEndTests({ pathname: '/board/1' });
  afterEach(() => vi.useRealTimers());

  it("answers the screen's GET from the request started early, once, with the same URL and token", async () => {
    localStorage.setItem('token', 'abc');
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { id: 1, name: 'Ремонт' }));
    prefetchGet('/api/board/1', { label: ['2', '3'], search: undefined });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, { headers: Record<string, string> }];
    expect(url).toBe('/api/board/1?label=2&label=3');
    expect(init.headers.Authorization).toBe('Bearer abc');

    await expect(apiClient.get('/api/board/1', { query: { label: ['2', '3'] } })).resolves.toEqual({
      id: 1,
      name: 'Ремонт',
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);

    // Taken once: the next read is a request of its own.
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { id: 1, name: 'Ремонт квартиры' }));
    await expect(apiClient.get('/api/board/1', { query: { label: ['2', '3'] } })).resolves.toMatchObject({
      name: 'Ремонт квартиры',
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('never answers a later GET with an early request: once the client has asked, it has newer data', async () => {
    localStorage.setItem('token', 'abc');
    // The screen asked before the early request was made (it loaded first): the late one is not made.
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { version: 1 }));
    await apiClient.get('/api/board/3');
    prefetchGet('/api/board/3');
    expect(fetchMock).toHaveBeenCalledTimes(1);

    // An early answer is for the first GET only: a reload (after a reconnect) asks the server again.
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { version: 1 }));
    prefetchGet('/api/board/4');
    await expect(apiClient.get('/api/board/4')).resolves.toEqual({ version: 1 });
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { version: 2 }));
    prefetchGet('/api/board/4');
    await expect(apiClient.get('/api/board/4')).resolves.toEqual({ version: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('leaves other queries, other tokens and signed-out pages alone', async () => {
    prefetchGet('/api/board');
    expect(fetchMock).not.toHaveBeenCalled();

    localStorage.setItem('token', 'abc');
    fetchMock.mockResolvedValue(jsonResponse(200, []));
    prefetchGet('/api/board', { sort: 'byNameASC' });
    expect(takePrefetched('/api/board')).toBeUndefined();

    prefetchGet('/api/invite');
    localStorage.setItem('token', 'other-user');
    expect(takePrefetched('/api/invite')).toBeUndefined();
  });

  it('does not hand out an answer the screen did not ask for within 15 s', () => {
    vi.useFakeTimers();
    localStorage.setItem('token', 'abc');
    fetchMock.mockResolvedValue(jsonResponse(200, []));
    prefetchGet('/api/task/mine');
    vi.advanceTimersByTime(15_001);
    expect(takePrefetched('/api/task/mine')).toBeUndefined();
  });

  it('reports an early failure as the API client would have', async () => {
    localStorage.setItem('token', 'abc');
    fetchMock.mockResolvedValueOnce(jsonResponse(403, { message: 'Нет доступа к доске' }));
    prefetchGet('/api/board/9');
    const error = await apiClient.get('/api/board/9').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).body).toEqual({ message: 'Нет доступа к доске' });
  });
});
