import { fakeNetwork, fetchMock, jsonResponse } from 'shared-ui/test-kit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const runtime = vi.hoisted(() => ({
  registerRemotes: vi.fn(),
  registerPlugins: vi.fn(),
  loadRemote: vi.fn(),
}));
vi.mock('@module-federation/enhanced/runtime', () => runtime);

const App = () => null;

describe('runtime remotes', () => {
  fakeNetwork();
  beforeEach(() => vi.resetModules());
  afterEach(() => {
    runtime.registerRemotes.mockReset();
    runtime.loadRemote.mockReset();
  });

  it('registers a remote from /remotes.json with an absolute manifest URL, then loads name/App', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { mf_auth: '/remotes/mf-auth/mf-manifest.json' }));
    runtime.loadRemote.mockResolvedValue({ default: App });
    const { loadRemoteComponent } = await import('./load-remote');

    await expect(loadRemoteComponent('mf_auth', 'App')).resolves.toBe(App);
    expect(fetchMock).toHaveBeenCalledWith('/remotes.json');
    expect(runtime.registerRemotes).toHaveBeenCalledWith(
      [{ name: 'mf_auth', entry: `${window.location.origin}/remotes/mf-auth/mf-manifest.json` }],
      { force: false },
    );
    expect(runtime.loadRemote).toHaveBeenCalledWith('mf_auth/App');

    await loadRemoteComponent('mf_auth', 'App');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(runtime.registerRemotes).toHaveBeenCalledTimes(1);
  });

  it('hands the App the first route started loading to the slot that asks for it, once', async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse(200, { mf_auth: '/remotes/mf-auth/mf-manifest.json' }),
    );
    runtime.loadRemote.mockResolvedValue({ default: App });
    const { loadRemoteComponent, startLoadingApp } = await import('./load-remote');

    startLoadingApp('mf_auth');
    startLoadingApp('mf_auth');
    await vi.waitFor(() => expect(runtime.loadRemote).toHaveBeenCalledOnce());
    await expect(loadRemoteComponent('mf_auth', 'App')).resolves.toBe(App);
    expect(runtime.loadRemote).toHaveBeenCalledOnce();

    // Later loads, and a retry with a fresh map, ask the runtime again.
    await loadRemoteComponent('mf_auth', 'App');
    await loadRemoteComponent('mf_auth', 'App', { refresh: true });
    expect(runtime.loadRemote).toHaveBeenCalledTimes(3);
  });

  it('lets the slot see a failure of the App the first route started loading', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, {}));
    const { loadRemoteComponent, RemoteMissingError, startLoadingApp } = await import('./load-remote');
    startLoadingApp('mf_boards');
    await expect(loadRemoteComponent('mf_boards', 'App')).rejects.toBeInstanceOf(RemoteMissingError);
  });

  it('rejects with RemoteMissingError for a remote absent from the map', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, {}));
    const { loadRemoteComponent, RemoteMissingError } = await import('./load-remote');
    await expect(loadRemoteComponent('mf_boards', 'App')).rejects.toBeInstanceOf(RemoteMissingError);
    expect(runtime.loadRemote).not.toHaveBeenCalled();
  });

  it('fetches the map again after a failure', async () => {
    fetchMock
      .mockRejectedValueOnce(new TypeError('offline'))
      .mockResolvedValueOnce(jsonResponse(200, { mf_auth: '/m.json' }));
    runtime.loadRemote.mockResolvedValue({ default: () => null });
    const { loadRemoteComponent } = await import('./load-remote');
    await expect(loadRemoteComponent('mf_auth', 'App')).rejects.toThrow('offline');
    await expect(loadRemoteComponent('mf_auth', 'App')).resolves.toBeTypeOf('function');
  });
});
