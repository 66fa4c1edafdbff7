import { screen, within } from '@testing-library/react';
import { fetchMock, jsonResponse, location, renderInRouter } from 'shared-ui/test-kit';
import { describe, expect, it, vi } from 'vitest';
import { anna, signIn } from '../test/utils';
import { ShellRoutes } from './ShellRoutes';

const deployed = new Set(['mf_auth', 'mf_settings', 'mf_board_view']);

vi.mock('../federation/load-remote', () => {
  class RemoteMissingError extends Error {}
  return {
    RemoteMissingError,
    loadRemoteComponent: async (name: string) => {
      if (!deployed.has(name)) throw new RemoteMissingError(name);
      return () => <div>remote {name}</div>;
    },
  };
});

function renderAt(path: string) {
  return renderInRouter(<ShellRoutes />, [path]);
}

describe('shell routes', () => {
  it('redirects an unknown path to /', async () => {
    renderAt('/no/such/page');
    expect(location()).toBe('/');
    expect(await screen.findByText(/Зарегистрируйтесь/)).toBeTruthy();
  });

  it('shows the shell page /about to anyone, with the loaded and deployed build of each part', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url === '/remotes.json')
        return jsonResponse(200, { mf_boards: '/remotes/mf-boards/mf-manifest.json' });
      if (url.endsWith('/remotes/mf-boards/mf-manifest.json') || url === '/mf-manifest.json') {
        return jsonResponse(200, {
          metaData: {
            buildInfo: { buildVersion: '1.4.0' },
            remoteEntry: { name: 'static/js/mf_boards.0123abcd99.js' },
          },
        });
      }
      if (url === '/') return new Response('<script defer src="/static/js/index.fedcba9876.js"></script>');
      return new Response('', { status: 404 });
    });
    renderAt('/about');
    expect(await screen.findByRole('heading', { name: 'О версии' })).toBeTruthy();
    expect(location()).toBe('/about');
    const boards = screen.getByRole('row', { name: /Мои доски/ });
    expect(await within(boards).findByText('1.4.0 · 0123abcd99')).toBeTruthy();
    expect(within(boards).getByText('не загружен')).toBeTruthy();
    expect(
      await within(screen.getByRole('row', { name: /Настройки/ })).findByText('не развёрнут'),
    ).toBeTruthy();
    expect(
      await within(screen.getByRole('row', { name: /Оболочка/ })).findByText(/· fedcba9876/),
    ).toBeTruthy();
  });

  it.each(['/settings', '/my-tasks', '/board/5', '/board/5/task/9'])(
    'sends %s without a token to /login, which will bring them back',
    async (path) => {
      renderAt(path);
      expect(location()).toBe(`/login?${new URLSearchParams({ returnTo: path })}`);
      expect(await screen.findByText('remote mf_auth')).toBeTruthy();
    },
  );

  it.each(['/login', '/register', '/reset', '/reset/validate/abc', '/reset/finish/abc', '/reset/success'])(
    'sends %s with a stored token to /',
    async (path) => {
      signIn();
      renderAt(path);
      expect(location()).toBe('/');
      expect(await screen.findByRole('heading', { name: 'Мои доски' })).toBeTruthy();
    },
  );

  it('mounts mf_auth for the auth screens of a visitor', async () => {
    renderAt('/reset/validate/abc?code=x1');
    expect(await screen.findByText('remote mf_auth')).toBeTruthy();
    expect(location()).toBe('/reset/validate/abc?code=x1');
  });

  it("mounts mf_board_view for a public link's page, signed in or not, without redirecting", async () => {
    const { unmount } = renderAt('/p/AbCdEfGhIjKlMnOpQrStUvWx/task/2');
    expect(await screen.findByText('remote mf_board_view')).toBeTruthy();
    expect(location()).toBe('/p/AbCdEfGhIjKlMnOpQrStUvWx/task/2');
    unmount();
    signIn();
    renderAt('/p/AbCdEfGhIjKlMnOpQrStUvWx');
    expect(await screen.findByText('remote mf_board_view')).toBeTruthy();
    expect(location()).toBe('/p/AbCdEfGhIjKlMnOpQrStUvWx');
  });

  it("mounts mf_boards for a signed-in user's /my-tasks", async () => {
    signIn();
    deployed.add('mf_boards');
    try {
      renderAt('/my-tasks');
      expect(await screen.findByText('remote mf_boards')).toBeTruthy();
      expect(location()).toBe('/my-tasks');
    } finally {
      deployed.delete('mf_boards');
    }
  });

  it('loads the current user before a protected page and shows nothing until then', async () => {
    signIn(null);
    let answer!: (response: Response) => void;
    fetchMock.mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));

    const { container } = renderAt('/board/3/task/4');
    expect(container.textContent).toBe('/board/3/task/4');
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/user', expect.anything());

    answer(jsonResponse(200, anna));
    expect(await screen.findByText('remote mf_board_view')).toBeTruthy();
  });
});
