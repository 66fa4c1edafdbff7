/**
 * Board roles on the board screen: what a viewer and a commenter see (no add, drag or edit controls;
 * a read-only task; the comment form for a commenter only), and a role change arriving as a live
 * patch of the members list, which brings the controls or takes them away without a reload.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Board, Member, TaskDetail } from 'contract';
import type { BoardUpdate } from 'contract/realtime';
import type { Role } from 'contract/roles';
import type { BoardSocketHandlers } from 'shared-ui';
import { bodyOf, calls, jsonResponse, routeApi } from 'shared-ui/test-kit';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ME, makeBoard, makeBoardAs, makeTask, renderApp } from '../test/utils';

// The board's socket, driven by the test: `live()` acknowledges the subscription, `send()` an update.
const socket = vi.hoisted(() => ({ handlers: null as BoardSocketHandlers | null }));
vi.mock('shared-ui', async (importOriginal) => ({
  ...(await importOriginal<typeof import('shared-ui')>()),
  watchBoard: (_boardId: number, handlers: BoardSocketHandlers) => {
    socket.handlers = handlers;
    return () => handlers.onLive?.(false);
  },
}));

// The lazy task chunk, the board and the task load before the form shows: generous under a busy run.
const WAIT = { timeout: 5000 };
const VIEWER_REASON = 'Недостаточно прав: Наблюдатель только читает доску';

const detail = (): TaskDetail => ({
  ...makeTask('2', '10', { title: 'Сверстать доску', priority: 'high', labels: [21] }),
  description: 'Подробности',
  comments: [{ id: 51, boardId: 7, taskId: '2', userId: 2, text: 'Смотри макет', createdAt: '' }],
  files: [{ id: 9, boardId: 7, taskId: '2', name: 'макет.png', url: '/x', type: 'image/png', size: 10 }],
  checklists: [
    {
      id: 31,
      title: 'Покупки',
      position: 0,
      items: [{ id: 41, text: 'Молоко', done: true, assigneeId: null, position: 0 }],
    },
  ],
});

const column = (id: string) => document.querySelector(`[data-column-id="${id}"]`) as HTMLElement;
const handles = (kind: 'колонка' | 'карточка') =>
  document.querySelectorAll(`[aria-roledescription="${kind}"]`).length;

/** ME's role changed to `role` on the board at `version`, as the API's members patch says it. */
function roleChange(board: Board, role: Role, version: number): BoardUpdate {
  const members: Member[] = board.members.map((member) => (member.id === ME ? { ...member, role } : member));
  return {
    boardId: 7,
    version,
    change: 'members',
    at: 0,
    patch: { prevVersion: version - 1, userId: 2, members },
  };
}

async function openTaskAs(role: Role) {
  routeApi({ 'GET /api/board/7': makeBoardAs(role), 'GET /api/task/7/2': detail() });
  renderApp('/board/7/task/2');
  const dialog = await screen.findByRole('dialog', { name: 'Задача 2' }, WAIT);
  await within(dialog).findByLabelText('Название', {}, WAIT);
  return dialog;
}

describe('board roles', { timeout: 15_000 }, () => {
  beforeAll(() => Promise.all([import('./BoardModals'), import('./TaskRoute')]));
  beforeEach(() => {
    socket.handlers = null;
  });

  it('shows a viewer the board with no add, drag or column controls', async () => {
    routeApi({ 'GET /api/board/7': makeBoardAs('viewer') });
    renderApp('/board/7');
    await screen.findByText('Задача 2');
    expect(screen.getByText('Наблюдатель: только чтение')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '+ Добавить карточку' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Создать новую колонку/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /: изменить$/ })).toBeNull();
    expect(handles('колонка')).toBe(0);
    expect(handles('карточка')).toBe(0);
    // The cards still open from the keyboard: each title link is a tab stop.
    expect(within(column('10')).getByRole('link', { name: 'Задача 1' }).getAttribute('tabindex')).toBe('0');
    // Reading is every role's: the menu keeps its buttons, except the administrator's 'Доска'.
    expect(screen.getByRole('button', { name: /^Экспорт/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Доска' })).toBeNull();
  });

  it('shows a viewer the task read-only, saying why, with no comment form but the watch toggle', async () => {
    const dialog = await openTaskAs('viewer');
    const title = within(dialog).getByLabelText('Название') as HTMLInputElement;
    expect(title.readOnly).toBe(true);
    expect(title.value).toBe('Сверстать доску');
    const reason = document.getElementById(title.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe(VIEWER_REASON);
    expect((within(dialog).getByLabelText('Описание') as HTMLTextAreaElement).readOnly).toBe(true);
    expect((within(dialog).getByLabelText('Приоритет') as HTMLSelectElement).disabled).toBe(true);
    expect((within(dialog).getByLabelText('Колонка') as HTMLSelectElement).disabled).toBe(true);
    expect((within(dialog).getByLabelText('Срок') as HTMLInputElement).disabled).toBe(true);
    const labels = within(dialog).getByRole('group', { name: 'Метки' }) as HTMLFieldSetElement;
    expect(labels.disabled).toBe(true);
    expect((within(labels).getByLabelText('Баг') as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).queryByRole('button', { name: 'Удалить' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'В архив' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Готово' })).toBeTruthy();
    // Checklists as they are: the tick disabled, no handle, no buttons or forms.
    const checklists = within(dialog).getByRole('region', { name: 'Чек-листы' });
    expect((within(checklists).getByRole('checkbox', { name: 'Молоко' }) as HTMLInputElement).disabled).toBe(
      true,
    );
    expect(within(checklists).queryAllByRole('button')).toHaveLength(0);
    // Files open, nothing more.
    expect(within(dialog).getByRole('button', { name: 'макет.png' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /Удалить файл/ })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /обложкой/ })).toBeNull();
    expect(within(dialog).queryByText('Прикрепить файлы')).toBeNull();
    // Comments are read, not written.
    expect(within(dialog).getByText('Смотри макет')).toBeTruthy();
    expect(within(dialog).queryByLabelText('Новый комментарий')).toBeNull();
    expect(within(dialog).getByText('Наблюдатель не может комментировать.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Следить' })).toBeTruthy();
  });

  it('lets a commenter comment, but not edit the task', async () => {
    const dialog = await openTaskAs('commenter');
    expect((within(dialog).getByLabelText('Название') as HTMLInputElement).readOnly).toBe(true);
    expect(
      within(dialog).getByText('Недостаточно прав: Комментатор только читает и комментирует', {
        selector: '.bv-task__locked',
      }),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Удалить' })).toBeNull();
    routeApi({
      'GET /api/board/7': makeBoardAs('commenter'),
      'GET /api/task/7/2': detail(),
      'POST /api/comment/create': () =>
        jsonResponse(200, { id: 52, boardId: 7, taskId: '2', userId: ME, text: 'Согласна', createdAt: '' }),
    });
    const box = within(dialog).getByLabelText('Новый комментарий') as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'Согласна' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отправить' }));
    await waitFor(() => expect(box.value).toBe(''));
    expect(bodyOf('POST /api/comment/create')).toEqual({ boardId: 7, taskId: '2', text: 'Согласна' });
  });

  it("shows 'Метки' read-only to a viewer", async () => {
    routeApi({ 'GET /api/board/7': makeBoardAs('viewer') });
    renderApp('/board/7');
    await screen.findByText('Задача 2');
    fireEvent.click(screen.getByRole('button', { name: /^Метки/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Метки' });
    expect(within(dialog).getByText('Баг')).toBeTruthy();
    expect(within(dialog).queryByLabelText('Название новой метки')).toBeNull();
    expect(within(dialog).queryAllByRole('button', { name: /метку/ })).toHaveLength(0);
    expect(within(dialog).getByText(VIEWER_REASON)).toBeTruthy();
  });

  it('brings the add, drag and column controls with a live role change, and takes them away again', async () => {
    const viewerBoard = makeBoardAs('viewer');
    routeApi({ 'GET /api/board/7': viewerBoard });
    renderApp('/board/7');
    await screen.findByText('Задача 2');
    await waitFor(() => expect(socket.handlers).not.toBeNull());
    act(() => socket.handlers?.onLive?.(true));
    expect(screen.queryByRole('button', { name: '+ Добавить карточку' })).toBeNull();

    act(() => socket.handlers?.onChange(roleChange(viewerBoard, 'member', 2)));
    expect(within(column('11')).getByRole('button', { name: '+ Добавить карточку' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Создать новую колонку/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Колонка «В работе»: изменить' })).toBeTruthy();
    await waitFor(() => expect(handles('колонка')).toBe(2));
    expect(handles('карточка')).toBe(3);
    expect(screen.queryByText('Наблюдатель: только чтение')).toBeNull();

    act(() => socket.handlers?.onChange(roleChange(viewerBoard, 'commenter', 3)));
    expect(screen.queryByRole('button', { name: '+ Добавить карточку' })).toBeNull();
    expect(handles('колонка')).toBe(0);
    expect(screen.getByText('Комментатор: чтение и комментарии')).toBeTruthy();
    // Applied from the patches: the board was fetched once.
    expect(calls().filter((call) => call.startsWith('GET /api/board/7'))).toHaveLength(1);
  });

  it("closes 'Колонка' when the role that opened it goes", async () => {
    const board = makeBoardAs('member');
    routeApi({ 'GET /api/board/7': board });
    renderApp('/board/7');
    await screen.findByText('Задача 2');
    await waitFor(() => expect(socket.handlers).not.toBeNull());
    act(() => socket.handlers?.onLive?.(true));
    fireEvent.click(screen.getByRole('button', { name: 'Колонка «В работе»: изменить' }));
    await screen.findByRole('dialog', { name: 'Колонка' });
    act(() => socket.handlers?.onChange(roleChange(board, 'viewer', 2)));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Колонка' })).toBeNull());
  });

  it('keeps everything for the owner', async () => {
    routeApi({ 'GET /api/board/7': makeBoard() });
    renderApp('/board/7');
    await screen.findByText('Задача 2');
    expect(screen.getAllByRole('button', { name: '+ Добавить карточку' })).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Доска' })).toBeTruthy();
    expect(screen.queryByText(/только чтение/)).toBeNull();
  });
});
