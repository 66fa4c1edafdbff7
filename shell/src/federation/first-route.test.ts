import { fakeNetwork, fetchMock, jsonResponse } from 'shared-ui/test-kit';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { firstRemote } from '../app/route-table';
import { pageStartScript } from './page-start';

const runtime = vi.hoisted(() => ({
  registerRemotes: vi.fn(),
  registerPlugins: vi.fn(),
  loadRemote: vi.fn(),
}));
vi.mock('@module-federation/enhanced/runtime', () => runtime);
const imported = vi.hoisted(() => vi.fn(async (_url: string) => ({})));
vi.mock('./import-url', () => ({ importUrl: imported }));

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
const modules = () => imported.mock.calls.map(([url]) => url);
/** Runs index.html's page-start script; its `import()` of a module is recorded as `modules()`. */
const runPageStart = () =>
  new Function('importModule', pageStartScript().replace('import(', 'importModule('))(imported);
const at = (path: string) =>
  ({ pathname: path.split('?')[0], search: path.includes('?') ? `?${path.split('?')[1]}` : '' }) as Location;

fakeNetwork();
beforeEach(() => {
  vi.resetModules();
  imported.mockClear();
  document.head.innerHTML = '';
  localStorage.clear();
});

describe('the first route', () => {
  it("asks for the route's remote only, preloads its entry and App, and adds its route-data.js", async () => {
    localStorage.setItem('token', 'abc');
    serve(['App']);
    const { startFirstRoute } = await import('./first-route');

    startFirstRoute(at('/board/7?label=2'));
    await vi.waitFor(() => expect(preloaded()).toHaveLength(3));

    const base = `${origin}/remotes/mf-board-view/`;
    expect(requested()).toEqual([
      '/api/auth/user',
      '/api/notification/unread',
      '/remotes.json',
      `${base}mf-manifest.json`,
    ]);
    expect(preloaded()).toEqual([
      `script ${base}static/js/mf_board_view.0123456789.js`,
      `style ${base}static/css/app.css`,
      `script ${base}static/js/async/App.js`,
    ]);
    expect(modules()).toEqual([`${base}route-data.js`]);
    // The runtime starts on the App at once, not when the shell's route renders.
    await vi.waitFor(() => expect(runtime.loadRemote).toHaveBeenCalledWith('mf_board_view/App'));
    expect(runtime.registerRemotes).toHaveBeenCalledWith(
      [{ name: 'mf_board_view', entry: `${base}mf-manifest.json` }],
      { force: false },
    );
  });

  it("answers the screen's first call with the GET route-data.js started, once", async () => {
    localStorage.setItem('token', 'abc');
    serve(['App']);
    // What a remote's route-data.js does as it runs (its src/route-data.ts).
    const { runRouteData } = await import('shared-ui/prefetch');
    runRouteData(({ get }) => get('/api/board/7', { label: ['2'] }), at('/board/7?label=2'));
    expect(requested()).toEqual(['/api/board/7?label=2']);

    const { apiClient } = await import('shared-ui');
    await expect(apiClient.get('/api/board/7', { query: { label: ['2'] } })).resolves.toEqual({
      from: '/api/board/7?label=2',
    });
    expect(requested()).toHaveLength(1);
  });

  it('adds no route-data.js signed out, and asks for nothing signed in', async () => {
    serve(['App']);
    const { startFirstRoute } = await import('./first-route');
    startFirstRoute(at('/board/7'));
    await vi.waitFor(() => expect(preloaded()).toHaveLength(3));
    // Signed out, /board/7 shows the login screen.
    expect(requested()).toEqual(['/remotes.json', `${origin}/remotes/mf-auth/mf-manifest.json`]);
    expect(modules()).toEqual([]);
  });
});

describe("index.html's page-start script", () => {
  it("sets the stored theme, asks for the route's manifest and route-data.js and preloads the remote's first files, which the shell then does not ask for again", async () => {
    localStorage.setItem('token', 'abc');
    localStorage.setItem('theme', 'dark');
    serve(['App']);
    window.history.replaceState(null, '', '/board/7');
    runPageStart();
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(requested()).toEqual(['/remotes/mf-board-view/mf-manifest.json']);
    expect(modules()).toEqual(['/remotes/mf-board-view/route-data.js']);
    // As the manifest arrives, before the shell's entry runs.
    const base = `${origin}/remotes/mf-board-view/`;
    await vi.waitFor(() =>
      expect(preloaded()).toEqual([
        `script ${base}static/js/mf_board_view.0123456789.js`,
        `style ${base}static/css/app.css`,
        `script ${base}static/js/async/App.js`,
      ]),
    );

    const { startFirstRoute } = await import('./first-route');
    startFirstRoute(at('/board/7'));
    // The shell imports the same module by its full address: the browser runs it once.
    await vi.waitFor(() =>
      expect(modules()).toEqual([
        '/remotes/mf-board-view/route-data.js',
        `${origin}/remotes/mf-board-view/route-data.js`,
      ]),
    );
    await vi.waitFor(() => expect(runtime.loadRemote).toHaveBeenCalledWith('mf_board_view/App'));
    expect(requested().filter((url) => url.endsWith('mf-manifest.json'))).toHaveLength(1);
    expect(preloaded()).toHaveLength(3);
    window.history.replaceState(null, '', '/');
  });

  it("signed out on a public link's page, asks for the board view's manifest and no route data", () => {
    localStorage.setItem('theme', 'light');
    serve(['App']);
    window.history.replaceState(null, '', '/p/AbCdEfGhIjKlMnOpQrStUvWx');
    runPageStart();
    expect(requested()).toEqual(['/remotes/mf-board-view/mf-manifest.json']);
    expect(modules()).toEqual([]);
    window.history.replaceState(null, '', '/');
  });

  it("signed out, asks for the login's manifest and no route data", () => {
    localStorage.setItem('theme', 'light');
    serve(['App']);
    window.history.replaceState(null, '', '/board/7');
    runPageStart();
    expect(requested()).toEqual(['/remotes/mf-auth/mf-manifest.json']);
    expect(modules()).toEqual([]);
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
    // A public link's board, for anyone: no sign-in asked, and a signed-in user stays on it.
    expect(firstRemote('/p/AbCdEfGhIjKlMnOpQrStUvWx', false)).toBe('mf_board_view');
    expect(firstRemote('/p/AbCdEfGhIjKlMnOpQrStUvWx/task/3', false)).toBe('mf_board_view');
    expect(firstRemote('/p/AbCdEfGhIjKlMnOpQrStUvWx', true)).toBe('mf_board_view');
  });
});
