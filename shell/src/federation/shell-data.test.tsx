import { render, screen } from '@testing-library/react';
import { fetchMock, jsonResponse, storeSession } from 'shared-ui/test-kit';
import { describe, expect, it, vi } from 'vitest';
import { App } from '../app/App';
import { anna } from '../test/utils';
import { SHELL_DATA } from './first-route';

vi.mock('../federation/load-remote', () => ({
  RemoteMissingError: class extends Error {},
  loadRemoteComponent: async () => () => <h1>Мои доски</h1>,
}));

describe("the shell's own first calls", () => {
  it('are the ones its screen makes when a signed-in page opens', async () => {
    // A stored token, the user not read yet: as a page starts.
    storeSession('token', { userId: anna.id, user: null, userStatus: 'default' });
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url === '/api/auth/user') return jsonResponse(200, anna);
      if (url === '/api/notification/unread') return jsonResponse(200, { unread: 2 });
      return jsonResponse(404, {});
    });
    render(<App />);
    await screen.findByRole('heading', { name: 'Мои доски' });
    await screen.findByRole('button', { name: 'Уведомления, 2 непрочитанных' });
    const apiGets = fetchMock.mock.calls
      .filter(([, init]) => (init?.method ?? 'GET') === 'GET')
      .map(([input]) => String(input))
      .filter((url) => url.startsWith('/api/'));
    expect([...new Set(apiGets)].sort()).toEqual([...SHELL_DATA].sort());
  });
});
