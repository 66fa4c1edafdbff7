import { fakeNetwork, fetchMock, jsonResponse } from 'shared-ui/test-kit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { firstRemote } from '../app/route-table';
import { pageStartScript } from './page-start';

const runtime = vi.hoisted(() => ({
  registerRemotes: vi.fn(),
  registerPlugins: vi.fn(),
  loadRemote: vi.fn(),
}));
vi.mock('@module-federation/enhanced/runtime', () => runtime);

const origin = window.location.origin;
const MAP = {
  mf_auth: '/remotes/mf-auth/mf-manifest.json',
  mf_boards: '/remotes/mf-boards/mf-manifest.json',
  mf_board_view: '/remotes/mf-board-view/mf-manifest.json',
  mf_settings: '/remotes/mf-settings/mf-manifest.json',
};
const manifest = (exposes: string[]) => ({
  metaData: { publicPath: 'auto', remoteEntry: { name: 'static/js/mf_board_view.0123456789.js', path: '' } },
  exposes: exposes.map((name) => ({
    name,
    assets: {
      js: { sync: [`static/js/async/${name}.js`] },
      css: { sync: name === 'App' ? ['static/css/app.css'] : [] },
    },
  })),
});

function serve(exposes: string[]) {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/remotes.json') return jsonResponse(200, MAP);
    if (url.endsWith('mf-manifest.json')) return jsonResponse(200, manifest(exposes));
    return jsonResponse(200, { from: url });
  });
}

const requested = () => fetchMock.mock.calls.map(([input]) => String(input));
const preloaded = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map(
    (link) => `${link.as} ${link.href}`,
  );
const at = (path: string) =>
  ({ pathname: path.split('?')[0], search: path.includes('?') ? `?${path.split('?')[1]}` : '' }) as Location;

describe('the first route', () => {
  fakeNetwork();
  beforeEach(() => {
    vi.resetModules();
    document.head.innerHTML = '';
    localStorage.clear();
  });
  afterEach(() => {
    runtime.loadRemote.mockReset();
    runtime.registerRemotes.mockReset();
  });

  it("asks for the route's remote only, preloads its entry and App, and starts the GETs its route-data names", async () => {
    localStorage.setItem('token', 'abc');
    serve(['App', 'route-data']);
    const routeData = vi.fn(({ get }) => get('/api/board/7', { label: ['2'] }));
    runtime.loadRemote.mockResolvedValue({ default: routeData });
    const { startFirstRoute } = await import('./first-route');

    startFirstRoute(at('/board/7?label=2'));
    await vi.waitFor(() => expect(requested()).toContain('/api/board/7?label=2'));

    const base = `${origin}/remotes/mf-board-view/`;
    expect(requested()).toEqual([
      '/api/auth/user',
      '/api/notification/unread',
      '/remotes.json',
      `${base}mf-manifest.json`,
      '/api/board/7?label=2',
    ]);
    expect(preloaded()).toEqual([
      `script ${base}static/js/mf_board_view.0123456789.js`,
      `style ${base}static/css/app.css`,
      `script ${base}static/js/async/App.js`,
      `script ${base}static/js/async/route-data.js`,
    ]);
    expect(runtime.registerRemotes).toHaveBeenCalledWith(
      [{ name: 'mf_board_view', entry: `${base}mf-manifest.json` }],
      {
        force: false,
      },
    );
    expect(runtime.loadRemote).toHaveBeenCalledWith('mf_board_view/route-data');
    expect(routeData).toHaveBeenCalledWith(
      expect.objectContaining({ pathname: '/board/7', search: '?label=2' }),
    );

    // The screen's own call is answered by that request, not a second one.
    const { apiClient } = await import('shared-ui');
    await expect(apiClient.get('/api/board/7', { query: { label: ['2'] } })).resolves.toEqual({
      from: '/api/board/7?label=2',
    });
    expect(requested().filter((url) => url.startsWith('/api/board/7'))).toHaveLength(1);
  });

  it('loads no route-data from a remote that does not expose it, and nothing signed in when signed out', async () => {
    serve(['App']);
    const { startFirstRoute } = await import('./first-route');
    startFirstRoute(at('/board/7'));
    await vi.waitFor(() => expect(preloaded()).toHaveLength(3));
    // Signed out, /board/7 shows the login screen.
    expect(requested()).toEqual(['/remotes.json', `${origin}/remotes/mf-auth/mf-manifest.json`]);
    expect(runtime.loadRemote).not.toHaveBeenCalled();
  });
});

describe("index.html's page-start script", () => {
  fakeNetwork();
  beforeEach(() => {
    vi.resetModules();
    document.head.innerHTML = '';
    localStorage.clear();
  });

  it('sets the stored theme and asks for the route manifest, which the shell then takes instead of asking again', async () => {
    localStorage.setItem('token', 'abc');
    localStorage.setItem('theme', 'dark');
    serve(['App']);
    window.history.replaceState(null, '', '/board/7');
    new Function(pageStartScript())();
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(requested()).toEqual(['/remotes/mf-board-view/mf-manifest.json']);

    const { startFirstRoute } = await import('./first-route');
    startFirstRoute(at('/board/7'));
    await vi.waitFor(() => expect(preloaded()).toHaveLength(3));
    expect(requested().filter((url) => url.endsWith('mf-manifest.json'))).toHaveLength(1);
    window.history.replaceState(null, '', '/');
  });
});

describe('which remote a page shows first', () => {
  it('follows the route table and the guards', () => {
    expect(firstRemote('/', false)).toBe('mf_boards');
    expect(firstRemote('/board/12', true)).toBe('mf_board_view');
    expect(firstRemote('/board/12/task/3/', true)).toBe('mf_board_view');
    expect(firstRemote('/board/12', false)).toBe('mf_auth');
    expect(firstRemote('/login', true)).toBe('mf_boards');
    expect(firstRemote('/reset/validate/abc', false)).toBe('mf_auth');
    expect(firstRemote('/settings', true)).toBe('mf_settings');
    expect(firstRemote('/nowhere/at/all', true)).toBe('mf_boards');
    expect(firstRemote('/about', false)).toBeNull();
  });
});
