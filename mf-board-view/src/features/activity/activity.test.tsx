import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TaskDetail } from 'contract';
import type { BoardUpdate } from 'contract/realtime';
import type { BoardSocketHandlers } from 'shared-ui';
import { calls, jsonResponse, routeApi } from 'shared-ui/test-kit';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeBoard, makeTask, renderApp } from '../../test/utils';
import { FIELD_LABELS } from '../task-modal/model/task-form';
import type { Activity } from './api/get-activity';
import { describeActivity } from './model/describe';

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

const ctx = { board: makeBoard(), fieldLabels: FIELD_LABELS };
const anna = { id: 1, name: 'Анна' };
const task = { id: '2', title: 'Сделать отчёт' };
const row = (patch: Partial<Activity>): Activity => ({
  id: 1,
  at: '2026-11-24T10:00:00.000Z',
  user: anna,
  kind: 'task.created',
  data: {},
  ...patch,
});
const say = (patch: Partial<Activity>) => describeActivity(row(patch), ctx);

describe('activity sentences', () => {
  it('says each main kind impersonally, the author after a dash', () => {
    expect(say({ task, column: { id: '10', name: 'Нужно сделать' } })).toBe(
      'Создана задача «Сделать отчёт» в колонке «Нужно сделать» — Анна',
    );
    expect(
      say({
        kind: 'task.moved',
        task,
        data: { from: { id: '10', name: 'В работе' }, to: { id: '11', name: 'Готово' } },
      }),
    ).toBe('Задача «Сделать отчёт» перенесена из «В работе» в «Готово» — Анна');
    expect(say({ kind: 'task.deleted', task })).toBe('Удалена задача «Сделать отчёт» — Анна');
    expect(say({ kind: 'comment.added', task, data: { commentId: 5, text: 'Глянь' } })).toBe(
      'Добавлен комментарий к задаче «Сделать отчёт»: «Глянь» — Анна',
    );
    expect(say({ kind: 'file.added', task, data: { name: 'план.pdf' } })).toBe(
      'Прикреплён файл «план.pdf» к задаче «Сделать отчёт» — Анна',
    );
    expect(say({ kind: 'column.renamed', data: { from: 'Старая', to: 'Новая' } })).toBe(
      'Колонка «Старая» переименована в «Новая» — Анна',
    );
    expect(say({ kind: 'label.deleted', data: { title: 'Баг' } })).toBe('Удалена метка «Баг» — Анна');
    expect(say({ kind: 'checklist.item-done', task, data: { text: 'Написать' } })).toBe(
      'Выполнен пункт «Написать» в задаче «Сделать отчёт» — Анна',
    );
    expect(say({ kind: 'member.left' })).toBe('Выход из доски — Анна');
    expect(say({ kind: 'columns.reordered', user: null })).toBe('Изменён порядок колонок');
  });

  it('names the modal’s fields and formats their values', () => {
    const text = say({
      kind: 'task.edited',
      task,
      data: {
        changes: [
          { field: 'priority', from: 'low', to: 'high' },
          { field: 'columnId', from: '10', to: '11' },
          { field: 'assignees', from: [], to: [1, 2] },
          { field: 'labels', from: [21], to: [] },
          { field: 'description', from: 'a', to: 'b' },
          { field: 'dueAt', from: null, to: '2026-11-25T09:00:00.000Z' },
          { field: 'dueDone', from: false, to: true },
        ],
      },
    });
    expect(text).toMatch(/^Изменена задача «Сделать отчёт»: Приоритет: Низкий → Высокий; /);
    expect(text).toContain('Колонка: «Нужно сделать» → «В работе»');
    expect(text).toContain('Исполнители: нет → Анна, Борис');
    expect(text).toContain('Метки: Баг → нет');
    expect(text).toContain('Описание: изменено');
    expect(text).toMatch(/Срок: нет → 25 ноября 2026 г\.(,| в) \d\d:00/);
    expect(text).toContain('Выполнено: нет → да');
  });

  it('survives unknown kinds and missing data', () => {
    // A kind from a newer API than this build knows.
    expect(say({ kind: 'board.exploded' as never })).toBe('Изменение на доске — Анна');
    expect(say({ kind: 'task.moved', data: {} })).toBe('Задача перенесена — Анна');
    expect(say({ kind: 'task.edited', task, data: { changes: 'нет' } })).toBe(
      'Изменена задача «Сделать отчёт» — Анна',
    );
    expect(describeActivity({ ...row({ kind: 'file.added' }), data: null as never }, ctx)).toBe(
      'Прикреплён файл — Анна',
    );
  });
});

const detail = (): TaskDetail => ({
  ...makeTask('2', '10'),
  description: '',
  comments: [],
  files: [],
  checklists: [],
});

/** `count` rows for task 2 counting down from id `top`. */
const page = (top: number, count: number): Activity[] =>
  Array.from({ length: count }, (_, index) =>
    row({ id: top - index, kind: 'comment.added', task, data: { text: `Комментарий ${top - index}` } }),
  );

const WAIT = { timeout: 5000 };
const activityGets = () => calls().filter((call) => call.startsWith('GET /api/activity/7'));

describe('activity lists', { timeout: 15_000 }, () => {
  it("the task modal's 'История' lists the task's activity and loads more", async () => {
    routeApi({
      'GET /api/board/7': makeBoard(),
      'GET /api/task/7/2': detail(),
      'GET /api/activity/7': (url) =>
        jsonResponse(200, url.searchParams.get('before') === '51' ? page(50, 2) : page(100, 50)),
    });
    renderApp('/board/7/task/2');
    const dialog = await screen.findByRole('dialog', { name: 'Задача 2' }, WAIT);
    const toggle = await within(dialog).findByRole('button', { name: 'История' }, WAIT);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    const list = await within(dialog).findByRole('list', { name: 'История задачи' }, WAIT);
    expect(within(list).getAllByRole('listitem')).toHaveLength(50);
    expect(within(list).getAllByRole('listitem')[0]?.textContent).toContain('«Комментарий 100»');
    expect(activityGets()).toEqual(['GET /api/activity/7?taskId=2']);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Показать ещё' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(52));
    expect(activityGets()[1]).toBe('GET /api/activity/7?taskId=2&before=51');
    expect(within(dialog).queryByRole('button', { name: 'Показать ещё' })).toBeNull();
  });

  it("the board's 'Активность' shows a new row from a patch without a fetch", async () => {
    routeApi({
      'GET /api/board/7': makeBoard(),
      'GET /api/activity/7': [row({ id: 3, kind: 'column.created', column: { id: '11', name: 'В работе' } })],
    });
    renderApp('/board/7');
    await screen.findByRole('heading', { name: 'Проект Альфа' }, WAIT);
    fireEvent.click(screen.getAllByRole('button', { name: 'Активность' })[0] as HTMLElement);
    const panel = await screen.findByRole('dialog', { name: 'Активность' });
    const list = await within(panel).findByRole('list', { name: 'Активность доски' });
    expect(list.textContent).toContain('Создана колонка «В работе» — Анна');

    const update: BoardUpdate = {
      boardId: 7,
      version: 2,
      change: 'tasks',
      at: 0,
      patch: {
        prevVersion: 1,
        userId: 2,
        tasks: [makeTask('2', '10', { title: 'Переименована' })],
        activity: [
          row({
            id: 4,
            user: { id: 2, name: 'Борис' },
            kind: 'task.edited',
            task: { id: '2', title: 'Переименована' },
            data: { changes: [{ field: 'title', from: 'Задача 2', to: 'Переименована' }] },
          }),
        ],
      } as BoardUpdate['patch'],
    };
    // The board's watch starts once the board has settled.
    await waitFor(() => expect(socket.handlers).not.toBeNull());
    act(() => {
      socket.handlers?.onLive?.(true);
      socket.handlers?.onChange(update);
    });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]?.textContent).toContain(
      'Изменена задача «Переименована»: Название: «Задача 2» → «Переименована» — Борис',
    );
    expect(activityGets()).toHaveLength(1);

    // A gap: the board is fetched again, and so is the panel's first page.
    act(() => {
      socket.handlers?.onChange({ ...update, version: 5, patch: { ...update.patch!, prevVersion: 4 } });
    });
    await waitFor(() => expect(activityGets()).toHaveLength(2));

    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Активность' })).toBeNull());
  });

  it('shows the empty and the error state', async () => {
    routeApi({
      'GET /api/board/7': makeBoard(),
      'GET /api/activity/7': () => jsonResponse(500, { message: 'Внутренняя ошибка сервера' }),
    });
    renderApp('/board/7');
    await screen.findByRole('heading', { name: 'Проект Альфа' }, WAIT);
    fireEvent.click(screen.getAllByRole('button', { name: 'Активность' })[0] as HTMLElement);
    const panel = await screen.findByRole('dialog', { name: 'Активность' });
    expect((await within(panel).findByRole('alert')).textContent).toContain('Внутренняя ошибка сервера');
    routeApi({ 'GET /api/board/7': makeBoard(), 'GET /api/activity/7': [] });
    fireEvent.click(within(panel).getByRole('button', { name: 'Повторить' }));
    expect(await within(panel).findByText('Пока никаких изменений')).toBeTruthy();
  });
});
