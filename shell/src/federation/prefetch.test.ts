import { fakeNetwork, fetchMock, jsonResponse } from 'shared-ui/test-kit';
import { beforeEach, describe, expect, it, vi } from 'vitest';

describe('prefetched remotes', () => {
  fakeNetwork();
  beforeEach(() => vi.resetModules());

  it('fetches the map and every manifest at start; the runtime gets each manifest answer once', async () => {
    const manifest = `${window.location.origin}/remotes/mf-boards/mf-manifest.json`;
    fetchMock.mockImplementation(async (url) =>
      String(url) === '/remotes.json'
        ? jsonResponse(200, { mf_boards: '/remotes/mf-boards/mf-manifest.json' })
        : jsonResponse(200, { id: 'mf_boards', from: 'network' }),
    );
    const { prefetchRemotes } = await import('./prefetch');
    const { retryPlugin } = await import('../runtime-plugins/retry');
    prefetchRemotes();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledWith(manifest, expect.anything()));
    expect(fetchMock).toHaveBeenCalledTimes(2);

    const plugin = retryPlugin() as { fetch: (url: string, init: RequestInit) => Promise<Response> };
    await expect((await plugin.fetch(manifest, {})).json()).resolves.toEqual({
      id: 'mf_boards',
      from: 'network',
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await plugin.fetch(manifest, {});
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('fetches again when the prefetched manifest failed', async () => {
    const manifest = `${window.location.origin}/m.json`;
    fetchMock
      .mockResolvedValueOnce(jsonResponse(200, { mf_auth: '/m.json' }))
      .mockResolvedValueOnce(jsonResponse(502, {}))
      .mockResolvedValueOnce(jsonResponse(200, { ok: true }));
    const { prefetchRemotes } = await import('./prefetch');
    const { retryPlugin } = await import('../runtime-plugins/retry');
    prefetchRemotes();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const plugin = retryPlugin() as { fetch: (url: string, init: RequestInit) => Promise<Response> };
    const response = await plugin.fetch(manifest, {});
    expect(response.status).toBe(200);
    expect(fetchMock).toHaveBeenLastCalledWith(manifest, { cache: 'no-cache' });
  });
});
