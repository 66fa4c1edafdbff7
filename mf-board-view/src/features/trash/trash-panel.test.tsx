import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TaskDetail, TrashItem } from 'contract';
import type { BoardUpdate } from 'contract/realtime';
import { type BoardSocketHandlers, useAuthStore } from 'shared-ui';
import { bodyOf, calls, jsonResponse, routeApi } from 'shared-ui/test-kit';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeBoard, makeTask, renderApp } from '../../test/utils';
import type { Activity } from '../activity/api/get-activity';
import { describeActivity } from '../activity/model/describe';
import { FIELD_LABELS } from '../task-modal/model/task-form';

const socket = vi.hoisted(() => ({ handlers: null as BoardSocketHandlers | null }));
vi.mock('shared-ui', async (importOriginal) => ({
  ...(await importOriginal<typeof import('shared-ui')>()),
  watchBoard: (_boardId: number, handlers: BoardSocketHandlers) => {
    socket.handlers = handlers;
    return () => handlers.onLive?.(false);
  },
}));

beforeEach(() => {
  socket.handlers = null;
});

const WAIT = { timeout: 5000 };
const anna = { id: 1, name: 'Анна' };

const deleted = (patch: Partial<TrashItem>): TrashItem => ({
  kind: 'task',
  id: '5',
  title: 'Сделать отчёт',
  column: { id: '10', name: 'Нужно сделать' },
  deletedAt: '2026-11-24T10:00:00.000Z',
  deletedBy: anna,
  purgeAt: '2026-12-24T10:00:00.000Z',
  ...patch,
});

const trashGets = () => calls().filter((call) => call === 'GET /api/trash/7');

async function openTrash() {
  renderApp('/board/7');
  await screen.findByRole('heading', { name: 'Проект Альфа' }, WAIT);
  fireEvent.click(screen.getAllByRole('button', { name: 'Корзина' })[0] as HTMLElement);
  return screen.findByRole('dialog', { name: 'Корзина' });
}

describe("the board's 'Корзина'", { timeout: 15_000 }, () => {
  it('lists what was deleted, by whom, and restores an item', async () => {
    let items = [
      deleted({}),
      deleted({
        kind: 'column',
        id: '12',
        title: 'Архив',
        column: undefined,
        tasksCount: 3,
        deletedBy: null,
      }),
      deleted({
        kind: 'comment',
        id: '40',
        title: 'Глянь',
        column: undefined,
        task: { id: '1', title: 'Задача 1' },
      }),
    ];
    routeApi({
      'GET /api/board/7': makeBoard(),
      'GET /api/trash/7': () => jsonResponse(200, items),
      'POST /api/trash/7/restore': () => {
        items = items.slice(1);
        return jsonResponse(200, { success: true });
      },
    });
    const panel = await openTrash();
    const list = await within(panel).findByRole('list', { name: 'Удалённые элементы' }, WAIT);
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[0]?.textContent).toContain('Задача «Сделать отчёт» из колонки «Нужно сделать»');
    expect(rows[0]?.textContent).toContain('— Анна');
    expect(rows[0]?.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-24T10:00:00.000Z');
    expect(rows[1]?.textContent).toContain('Колонка «Архив» с карточками (3)');
    expect(rows[2]?.textContent).toContain('Комментарий «Глянь» к задаче «Задача 1»');
    expect(within(panel).getByRole('button', { name: 'Восстановить колонку «Архив»' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Восстановить комментарий «Глянь»' })).toBeTruthy();

    const restore = within(panel).getByRole('button', { name: 'Восстановить задачу «Сделать отчёт»' });
    restore.focus();
    fireEvent.click(restore);
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    // Focus goes on to the next item, and the change is said.
    expect(document.activeElement).toBe(
      within(panel).getByRole('button', { name: 'Восстановить колонку «Архив»' }),
    );
    expect(within(panel).getByText('Задача «Сделать отчёт» восстановлена').getAttribute('role')).toBe(
      'status',
    );
    expect(bodyOf('POST /api/trash/7/restore')).toEqual({ kind: 'task', id: '5' });
  });

  it('shows why an item cannot come back', async () => {
    routeApi({
      'GET /api/board/7': makeBoard(),
      'GET /api/trash/7': [deleted({})],
      'POST /api/trash/7/restore': () =>
        jsonResponse(409, { message: 'Сначала восстановите колонку «Нужно сделать»' }),
    });
    const panel = await openTrash();
    fireEvent.click(
      await within(panel).findByRole('button', { name: 'Восстановить задачу «Сделать отчёт»' }, WAIT),
    );
    expect((await within(panel).findByRole('alert')).textContent).toBe(
      'Сначала восстановите колонку «Нужно сделать»',
    );
    expect(within(panel).getAllByRole('listitem')).toHaveLength(1);
  });

  it('shows the loading, error and empty states', async () => {
    let fail!: () => void;
    const failed = new Promise<void>((resolve) => {
      fail = resolve;
    });
    let answer = () => failed.then(() => jsonResponse(500, { message: 'Внутренняя ошибка сервера' }));
    routeApi({ 'GET /api/board/7': makeBoard(), 'GET /api/trash/7': () => answer() });
    const panel = await openTrash();
    expect(await within(panel).findByText('Загрузка корзины…')).toBeTruthy();
    fail();
    expect((await within(panel).findByRole('alert')).textContent).toContain('Внутренняя ошибка сервера');
    answer = () => Promise.resolve(jsonResponse(200, []));
    fireEvent.click(within(panel).getByRole('button', { name: 'Повторить' }));
    expect(await within(panel).findByText('Корзина пуста')).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Очистить корзину' })).toBeNull();
  });

  it('the creator empties it after confirming; others do not see the button', async () => {
    let items = [deleted({}), deleted({ kind: 'label', id: '23', title: 'Срочно', column: undefined })];
    routeApi({
      'GET /api/board/7': makeBoard(),
      'GET /api/trash/7': () => jsonResponse(200, items),
      'DELETE /api/trash/7': () => {
        items = [];
        return jsonResponse(200, { success: true });
      },
    });
    const panel = await openTrash();
    await within(panel).findByRole('list', { name: 'Удалённые элементы' }, WAIT);
    fireEvent.click(within(panel).getByRole('button', { name: 'Очистить корзину' }));
    const confirm = await screen.findByRole('dialog', { name: 'Очистить корзину?' });
    expect(confirm.textContent).toContain('(2)');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Очистить корзину' }));
    expect(await within(panel).findByText('Корзина пуста', undefined, WAIT)).toBeTruthy();
    expect(calls()).toContain('DELETE /api/trash/7');
  });

  it('a member who is not the creator has no empty button', async () => {
    useAuthStore.setState({ userId: 2 });
    routeApi({ 'GET /api/board/7': makeBoard(), 'GET /api/trash/7': [deleted({})] });
    const panel = await openTrash();
    await within(panel).findByRole('list', { name: 'Удалённые элементы' }, WAIT);
    expect(within(panel).queryByRole('button', { name: 'Очистить корзину' })).toBeNull();
  });

  it('reads the trash again when the board changes live', async () => {
    let items: TrashItem[] = [];
    routeApi({ 'GET /api/board/7': makeBoard(), 'GET /api/trash/7': () => jsonResponse(200, items) });
    const panel = await openTrash();
    await within(panel).findByText('Корзина пуста', undefined, WAIT);
    expect(trashGets()).toHaveLength(1);
    items = [deleted({ id: '2', title: 'Задача 2' })];
    const update: BoardUpdate = {
      boardId: 7,
      version: 2,
      change: 'tasks',
      at: 0,
      patch: { prevVersion: 1, userId: 2, removed: { tasks: ['2'] } },
    };
    // The board's watch starts once the board has settled.
    await waitFor(() => expect(socket.handlers).not.toBeNull());
    act(() => {
      socket.handlers?.onLive?.(true);
      socket.handlers?.onChange(update);
    });
    expect(
      await within(panel).findByRole('button', { name: 'Восстановить задачу «Задача 2»' }, WAIT),
    ).toBeTruthy();
  });
});

describe('deleting offers undo', { timeout: 15_000 }, () => {
  it("deleting a task from its modal shows 'Задача удалена · Отменить'", async () => {
    const detail: TaskDetail = {
      ...makeTask('2', '10'),
      description: '',
      comments: [],
      files: [],
      checklists: [],
    };
    routeApi({
      'GET /api/board/7': makeBoard(),
      'GET /api/task/7/2': detail,
      'DELETE /api/task/delete/7/2': { success: true },
    });
    renderApp('/board/7/task/2');
    const dialog = await screen.findByRole('dialog', { name: 'Задача 2' }, WAIT);
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Удалить' }, WAIT));
    const confirm = await screen.findByRole('dialog', { name: 'Удалить задачу?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Удалить задачу' }));
    const toast = await waitFor(() => {
      const region = screen.getAllByRole('status').find((node) => node.classList.contains('bv-undo'));
      expect(region?.textContent).toContain('Задача удалена');
      return region as HTMLElement;
    }, WAIT);
    expect(within(toast).getByRole('button', { name: 'Отменить' })).toBeTruthy();
  });
});

const undoRegion = () =>
  waitFor(() => {
    const region = document.querySelector<HTMLElement>('.bv-undo');
    expect(region?.textContent || null).not.toBeNull();
    expect(region?.getAttribute('role')).toBe('status');
    return region as HTMLElement;
  }, WAIT);

describe('deleting a column or a label offers undo too', { timeout: 15_000 }, () => {
  it("'Колонка удалена' restores the column by its id", async () => {
    routeApi({
      'GET /api/board/7': makeBoard(),
      'DELETE /api/column/delete/7/11': { success: true },
      'POST /api/trash/7/restore': { success: true },
    });
    renderApp('/board/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Колонка «В работе»: изменить' }, WAIT));
    const dialog = await screen.findByRole('dialog', { name: 'Колонка' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    const confirm = await screen.findByRole('dialog', { name: 'Удалить колонку?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Удалить колонку' }));
    // The column's dialog closes after the delete: the toast then moves out of it to the page, so it
    // is looked for once no dialog is left (a toast found inside the closing one is a detached copy).
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), WAIT);
    const toast = await undoRegion();
    expect(toast.textContent).toContain('Колонка удалена');
    fireEvent.click(within(toast).getByRole('button', { name: 'Отменить' }));
    await waitFor(() => expect(bodyOf('POST /api/trash/7/restore')).toEqual({ kind: 'column', id: '11' }));
  });

  it("'Метка удалена' restores the label by its id", async () => {
    routeApi({
      'GET /api/board/7': makeBoard(),
      'DELETE /api/label/7/22': { success: true },
      'POST /api/trash/7/restore': { success: true },
    });
    renderApp('/board/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Метки 2' }, WAIT));
    const dialog = await screen.findByRole('dialog', { name: 'Метки' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Удалить метку «Фича»' }));
    const confirm = await screen.findByRole('dialog', { name: 'Удалить метку?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Удалить метку' }));
    const toast = await undoRegion();
    expect(toast.textContent).toContain('Метка удалена');
    // 'Метки' stays open and the page behind it is inert: the toast is inside the dialog.
    expect(toast.closest('[role="dialog"]')).toBe(dialog);
    fireEvent.click(within(toast).getByRole('button', { name: 'Отменить' }));
    await waitFor(() => expect(bodyOf('POST /api/trash/7/restore')).toEqual({ kind: 'label', id: '22' }));
  });
});

describe('activity sentences of the trash', () => {
  const row = (patch: Partial<Activity>): Activity => ({
    id: 1,
    at: '2026-11-24T10:00:00.000Z',
    user: anna,
    kind: 'task.restored',
    data: {},
    ...patch,
  });
  const say = (patch: Partial<Activity>) =>
    describeActivity(row(patch), { board: makeBoard(), fieldLabels: FIELD_LABELS });

  it('says each restore impersonally, the author after a dash', () => {
    expect(say({ task: { id: '2', title: 'Сделать отчёт' } })).toBe(
      'Восстановлена задача «Сделать отчёт» — Анна',
    );
    expect(say({ kind: 'column.restored', data: { name: 'Архив', tasksCount: 3 } })).toBe(
      'Восстановлена колонка «Архив» с карточками (3) — Анна',
    );
    expect(
      say({ kind: 'column.restored', column: { id: '12', name: 'Архив' }, data: { tasksCount: 0 } }),
    ).toBe('Восстановлена колонка «Архив» — Анна');
    expect(say({ kind: 'label.restored', data: { title: 'Баг' } })).toBe('Восстановлена метка «Баг» — Анна');
    expect(
      say({ kind: 'comment.restored', task: { id: '2', title: 'Сделать отчёт' }, data: { text: 'Глянь' } }),
    ).toBe('Восстановлен комментарий к задаче «Сделать отчёт»: «Глянь» — Анна');
    expect(say({ kind: 'trash.emptied', data: { count: 4 } })).toBe('Очищена корзина (стёрто: 4) — Анна');
    expect(say({ kind: 'trash.emptied', data: {} })).toBe('Очищена корзина — Анна');
    expect(say({ kind: 'board.restored' })).toBe('Восстановлена доска — Анна');
  });
});
