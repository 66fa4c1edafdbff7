import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('prefetched remotes', () => {
  const fetchMock = vi.fn();
  beforeEach(() => {
    vi.resetModules();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('fetches the map and every manifest at start; the runtime gets each manifest answer once', async () => {
    const manifest = `${window.location.origin}/remotes/mf-boards/mf-manifest.json`;
    fetchMock.mockImplementation(async (url: string) =>
      url === '/remotes.json'
        ? json({ mf_boards: '/remotes/mf-boards/mf-manifest.json' })
        : json({ id: 'mf_boards', from: 'network' }),
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
      .mockResolvedValueOnce(json({ mf_auth: '/m.json' }))
      .mockResolvedValueOnce(json({}, 502))
      .mockResolvedValueOnce(json({ ok: true }));
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
