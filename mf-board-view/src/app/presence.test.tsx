/**
 * Presence on the board screen: the other members on the board in its top bar, a task open elsewhere
 * on its card and in its modal ('Также открыто'), and the modal telling the others which task it shows.
 */
import { act, screen, within } from '@testing-library/react';
import type { TaskDetail } from 'contract';
import type { PresentUser } from 'shared-ui';
import { routeApi } from 'shared-ui/test-kit';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ME, makeBoard, makeTask, renderApp } from '../test/utils';

// The presence feed, driven by the test: `present()` is what the server would send.
const feed = vi.hoisted(() => ({
  onUsers: null as ((users: PresentUser[]) => void) | null,
  reports: [] as [number, string | null][],
}));
vi.mock('shared-ui', async (importOriginal) => ({
  ...(await importOriginal<typeof import('shared-ui')>()),
  watchBoard: () => () => {},
  watchPresence: (_boardId: number, _me: number | null, onUsers: (users: PresentUser[]) => void) => {
    feed.onUsers = onUsers;
    return () => {
      feed.onUsers = null;
    };
  },
  reportOpenTask: (boardId: number, taskId: string | null) => {
    feed.reports.push([boardId, taskId]);
  },
}));

const present = (users: PresentUser[]) =>
  act(() => {
    feed.onUsers?.(users);
  });

const detail = (): TaskDetail => ({
  ...makeTask('2', '10'),
  description: '',
  comments: [],
  files: [],
  checklists: [],
});

describe('presence', () => {
  beforeAll(() => Promise.all([import('./BoardModals'), import('./TaskRoute')]));
  beforeEach(() => {
    feed.onUsers = null;
    feed.reports = [];
  });

  it('shows who else is on the board, and on which card, and leaves out the signed-in user', async () => {
    routeApi({ 'GET /api/board/7': makeBoard() });
    renderApp('/board/7');
    await screen.findByText('Задача 2');
    expect(screen.queryByRole('list', { name: /Сейчас на доске/ })).toBeNull();
    present([{ userId: ME }, { userId: 2, taskId: '2' }]);
    expect(screen.getByRole('list', { name: 'Сейчас на доске: Борис' })).toBeTruthy();
    const card = screen.getByText('Задача 2').closest('article') as HTMLElement;
    expect(within(card).getByRole('img', { name: 'Открыто у: Борис' })).toBeTruthy();
    present([{ userId: ME }]);
    expect(screen.queryByRole('list', { name: /Сейчас на доске/ })).toBeNull();
    expect(within(card).queryByRole('img', { name: /Открыто у/ })).toBeNull();
  });

  it('says which task the modal shows, and shows who else has it open', async () => {
    routeApi({ 'GET /api/board/7': makeBoard(), 'GET /api/task/7/2': detail() });
    const { unmount } = renderApp('/board/7/task/2');
    const dialog = await screen.findByRole('dialog', { name: 'Задача 2' }, { timeout: 5000 });
    expect(feed.reports).toContainEqual([7, '2']);
    present([
      { userId: ME, taskId: '2' },
      { userId: 2, taskId: '2' },
    ]);
    expect(within(dialog).getByText('Также открыто: Борис')).toBeTruthy();
    unmount();
    expect(feed.reports.at(-1)).toEqual([7, null]);
  });
});
