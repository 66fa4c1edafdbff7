import type { Board, Task } from 'contract';
import type { Role } from 'contract/roles';
import { useAuthStore } from 'shared-ui';
import { renderInRouter, setUpFrontEndTests } from 'shared-ui/test-kit';
import { beforeAll, beforeEach } from 'vitest';
import { App } from '../app/App';
import { loadBoardModalSwitch } from '../app/BoardModals';
import { useAddCard } from '../features/cards/model/add-card-store';
import { loadDragAndDrop } from '../features/dnd/components/DndBoard';

/** Renders the exposed App the way the shell does: inside a router, outside any <Route>. */
export function renderApp(path: string) {
  return renderInRouter(<App />, [path]);
}

export const ME = 1;

export function makeTask(id: string, columnId: string, patch: Partial<Task> = {}): Task {
  return {
    id,
    boardId: 7,
    columnId,
    number: Number(id),
    title: `Задача ${id}`,
    hasDescription: false,
    estimation: '',
    priority: null,
    assignees: [],
    labels: [],
    commentsCount: 0,
    filesCount: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    createdBy: ME,
    version: 1,
    dueAt: null,
    startAt: null,
    dueDone: false,
    checklist: { done: 0, total: 0 },
    ...patch,
  };
}

/** A board of user ME with two columns: '10' (tasks 1, 2) and '11' (task 3). */
export function makeBoard(patch: Partial<Board> = {}): Board {
  return {
    id: 7,
    name: 'Проект Альфа',
    color: '#dfe7fd',
    showIdsMode: 'empty',
    showTotalColumnEstimation: false,
    createdBy: ME,
    version: 1,
    members: [
      {
        id: ME,
        name: 'Анна',
        email: 'anna@example.com',
        avatar: null,
        accepted: true,
        isDeleted: false,
        role: 'admin',
      },
      {
        id: 2,
        name: 'Борис',
        email: 'boris@example.com',
        avatar: null,
        accepted: true,
        isDeleted: false,
        role: 'member',
      },
      {
        id: 3,
        name: '',
        email: 'vera@example.com',
        avatar: null,
        accepted: false,
        isDeleted: false,
        role: 'member',
      },
      {
        id: 4,
        name: 'Гоша',
        email: 'gosha@example.com',
        avatar: null,
        accepted: true,
        isDeleted: true,
        role: 'member',
      },
    ],
    columnOrder: ['10', '11'],
    columns: {
      '10': {
        id: '10',
        boardId: 7,
        name: 'Нужно сделать',
        taskIds: ['1', '2'],
        version: 1,
        wipLimit: null,
        wipStrict: false,
      },
      '11': {
        id: '11',
        boardId: 7,
        name: 'В работе',
        taskIds: ['3'],
        version: 1,
        wipLimit: null,
        wipStrict: false,
      },
    },
    tasks: { '1': makeTask('1', '10'), '2': makeTask('2', '10'), '3': makeTask('3', '11') },
    labels: [
      { id: 21, boardId: 7, title: 'Баг', color: '#c62828', isMainColor: false, version: 1 },
      { id: 22, boardId: 7, title: 'Фича', color: '#2e7d32', isMainColor: false, version: 1 },
    ],
    priorities: [
      { value: 'low', label: 'Низкий', color: '#2e7d32' },
      { value: 'medium', label: 'Средний', color: '#f9a825' },
      { value: 'high', label: 'Высокий', color: '#ef6c00' },
      { value: 'critical', label: 'Критический', color: '#c62828' },
    ],
    ...patch,
  };
}

/**
 * The fixture board as ME sees it in `role`: Борис (2) owns it (an administrator), ME is an accepted
 * member with that role.
 */
export function makeBoardAs(role: Role, patch: Partial<Board> = {}): Board {
  const board = makeBoard(patch);
  return {
    ...board,
    createdBy: 2,
    members: board.members.map((member) => {
      if (member.id === ME) return { ...member, role };
      return member.id === 2 ? { ...member, role: 'admin' as const } : member;
    }),
  };
}

setUpFrontEndTests({ modalRoot: true });
// jsdom lays nothing out and has no scrollIntoView: the board scrolls to a column it created with it.
Element.prototype.scrollIntoView ??= () => {};
// Boards in tests have drag and drop and the modals from their first render (the app loads both after
// the board's first paint).
beforeAll(() => Promise.all([loadDragAndDrop(), loadBoardModalSwitch()]).then(() => undefined));
beforeEach(() => {
  useAuthStore.setState({ token: 'token', userId: ME });
  // The open add-card form outlives a page (it stays open for the next card): not a test's.
  useAddCard.setState({ openColumnId: null });
});
