import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Board, Conflict, TaskDetail } from 'contract';
import { bodyOf, calls, jsonResponse, location, renderInRouter, routeApi } from 'shared-ui/test-kit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TaskRoute } from '../../app/TaskRoute';
import { BoardStoreProvider } from '../../shared/board-context';
import { type BoardStore, createBoardStore } from '../../shared/board-store';
import { makeBoard, makeTask } from '../../test/utils';
import { ConflictPanel } from './components/ConflictPanel';
import { autosaveTiming } from './model/use-task-draft';

const WAIT = { timeout: 5000 };

const detail = (patch: Partial<TaskDetail> = {}): TaskDetail => ({
  ...makeTask('2', '10', { title: 'Сверстать доску', estimation: '3', labels: [21] }),
  description: 'Подробности',
  comments: [],
  files: [],
  checklists: [],
  ...patch,
});

/** The task modal of task 2 over board 7, with a board store the test drives as realtime patches do. */
async function openTask(server: { task: TaskDetail }, saves: Record<string, unknown> = {}) {
  routeApi({ 'GET /api/task/7/2': () => jsonResponse(200, server.task), ...saves });
  const store = createBoardStore('7', async () => board(store, server.task));
  await store.getState().reload();
  renderInRouter(
    <BoardStoreProvider store={store}>
      <TaskRoute taskNumber="2" />
    </BoardStoreProvider>,
    ['/board/7/task/2'],
  );
  const dialog = await screen.findByRole('dialog', { name: 'Задача 2' }, WAIT);
  await within(dialog).findByLabelText('Название', {}, WAIT);
  return { store, dialog };
}

/** The board as the store holds it, with task 2 as the server has it now. */
function board(store: BoardStore | null, task: TaskDetail): Board {
  const { description: _d, comments: _c, files: _f, ...card } = task;
  const base = store?.getState().serverBoard ?? makeBoard();
  return { ...base, tasks: { ...base.tasks, '2': { ...card, hasDescription: task.description !== '' } } };
}

/** Someone else's change reaches the board, as a realtime patch would put it there. */
function publish(store: BoardStore, task: TaskDetail | null) {
  store.setState((state) => {
    const current = state.serverBoard ?? makeBoard();
    const next = task ? board(store, task) : { ...current, tasks: { ...current.tasks } };
    if (!task) delete next.tasks['2'];
    return { board: next, serverBoard: next };
  });
}

const field = (dialog: HTMLElement, label: string) =>
  within(dialog).getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement;

const save = (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole('button', { name: 'Готово' }));

// These tests save with 'Готово' (or meet a 400, 404 or 409 there): the save after a quiet moment
// would race them, so it waits past their end. The modal's own quiet-time save has its test.
beforeEach(() => {
  autosaveTiming.delayMs = 60_000;
});
afterEach(() => {
  autosaveTiming.delayMs = 700;
});

describe('task modal with others editing', { timeout: 15_000 }, () => {
  it('follows a live change in the fields the user left alone and keeps the one being edited', async () => {
    const server = { task: detail() };
    const { store, dialog } = await openTask(server, { 'PUT /api/task/edit': makeTask('2', '10') });
    fireEvent.change(field(dialog, 'Название'), { target: { value: 'Моё название' } });

    server.task = detail({ version: 2, description: 'Их подробности', estimation: '5' });
    publish(store, server.task);
    await waitFor(() => expect(field(dialog, 'Описание').value).toBe('Их подробности'), WAIT);
    expect(field(dialog, 'Оценка').value).toBe('5');
    expect(field(dialog, 'Название').value).toBe('Моё название');

    save(dialog);
    await waitFor(() => expect(location()).toBe('/board/7'), WAIT);
    expect(bodyOf('PUT /api/task/edit')).toMatchObject({
      title: 'Моё название',
      description: 'Их подробности',
      estimation: '5',
      version: 2,
    });
  });

  it('keeps the older version when a field being edited changed remotely, then resolves the 409', async () => {
    const server = { task: detail() };
    const conflicts: Conflict[] = [{ field: 'description', userId: 2, name: 'Борис' }];
    const edits: unknown[] = [];
    const { store, dialog } = await openTask(server, {
      'PUT /api/task/edit': (_url: URL, init?: RequestInit) => {
        const body = JSON.parse(String(init?.body)) as { version: number };
        edits.push(body);
        if (body.version < server.task.version) {
          return jsonResponse(409, { message: 'Задачу изменили', task: server.task, conflicts });
        }
        return jsonResponse(200, makeTask('2', '10'));
      },
    });
    fireEvent.change(field(dialog, 'Описание'), { target: { value: 'Мои подробности' } });
    server.task = detail({ version: 2, description: 'Подробности Бориса', estimation: '8' });
    publish(store, server.task);
    await waitFor(() => expect(field(dialog, 'Оценка').value).toBe('8'), WAIT);
    expect(field(dialog, 'Описание').value).toBe('Мои подробности');

    save(dialog);
    const choice = await within(dialog).findByRole(
      'group',
      { name: 'Поле «Описание» изменил(а) Борис' },
      WAIT,
    );
    expect(edits[0]).toMatchObject({ description: 'Мои подробности', estimation: '8', version: 1 });
    const panel = within(dialog).getByRole('region', { name: 'Задачу изменили, пока вы её редактировали' });
    await waitFor(() => expect(document.activeElement).toBe(panel));
    expect(within(choice).getByText('Подробности Бориса')).toBeTruthy();
    expect((within(choice).getByRole('radio', { name: 'Оставить моё' }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(location()).toBe('/board/7/task/2');

    fireEvent.click(within(choice).getByRole('radio', { name: 'Взять их' }));
    expect(field(dialog, 'Описание').value).toBe('Подробности Бориса');
    save(dialog);
    await waitFor(() => expect(location()).toBe('/board/7'), WAIT);
    expect(edits[1]).toMatchObject({ description: 'Подробности Бориса', estimation: '8', version: 2 });
  });

  it('shows a new comment as soon as the board counts it', async () => {
    const server = { task: detail() };
    const { store, dialog } = await openTask(server);
    expect(within(dialog).getByText('Пока никто ничего не написал.')).toBeTruthy();
    const comment = {
      id: 5,
      boardId: 7,
      taskId: '2',
      userId: 2,
      text: 'Уже смотрю',
      createdAt: new Date().toISOString(),
    };
    server.task = detail({ commentsCount: 1, comments: [comment] });
    publish(store, server.task);
    const text = await within(dialog).findByText('Уже смотрю', {}, WAIT);
    expect(text.closest('li')?.textContent).toContain('Борис');
  });

  it('shows others’ checklist changes as soon as the board’s progress changes', async () => {
    const server = { task: detail() };
    const { store, dialog } = await openTask(server);
    const checklist = {
      id: 31,
      title: 'Проверка',
      position: 0,
      items: [{ id: 41, text: 'Макет согласован', done: true, assigneeId: null, position: 0 }],
    };
    server.task = detail({ checklist: { done: 1, total: 1 }, checklists: [checklist] });
    publish(store, server.task);
    const item = (await within(dialog).findByLabelText('Макет согласован', {}, WAIT)) as HTMLInputElement;
    expect(item.checked).toBe(true);
  });

  it('takes a due date set by someone else into the untouched field', async () => {
    vi.stubEnv('TZ', 'Europe/Moscow');
    const server = { task: detail() };
    const { store, dialog } = await openTask(server);
    server.task = detail({ version: 2, dueAt: '2026-11-25T11:00:00.000Z' });
    publish(store, server.task);
    await waitFor(() => expect(field(dialog, 'Срок').value).toBe('2026-11-25'), WAIT);
    expect(field(dialog, 'Время').value).toBe('14:00');
    vi.unstubAllEnvs();
  });

  it('says the task was deleted and turns saving off, but still closes', async () => {
    const server = { task: detail() };
    const { store, dialog } = await openTask(server);
    routeApi({ 'GET /api/task/7/2': () => jsonResponse(404, { message: 'Задача не найдена' }) });
    publish(store, null);
    const alert = await within(dialog).findByRole('alert', {}, WAIT);
    expect(alert.textContent).toBe('Задача удалена');
    const button = within(dialog).getByRole('button', { name: 'Готово' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    save(dialog);
    expect(calls()).not.toContain('PUT /api/task/edit');
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(location()).toBe('/board/7'), WAIT);
  });

  it('a save that answers 404 says the task was deleted', async () => {
    const server = { task: detail() };
    const { dialog } = await openTask(server, {
      'PUT /api/task/edit': () => jsonResponse(404, { message: 'Задача не найдена' }),
    });
    fireEvent.change(field(dialog, 'Название'), { target: { value: 'Другое' } });
    save(dialog);
    expect((await within(dialog).findByRole('alert', {}, WAIT)).textContent).toBe('Задача удалена');
    expect((within(dialog).getByRole('button', { name: 'Готово' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('the conflict panel names who changed each field and offers a radio group per field', () => {
    const onChoose = vi.fn();
    render(
      <ConflictPanel
        board={makeBoard()}
        onChoose={onChoose}
        conflicts={[{ field: 'labels', name: 'Борис', mine: ['21'], theirs: ['22'], choice: 'mine' }]}
      />,
    );
    const group = screen.getByRole('group', { name: 'Поле «Метки» изменил(а) Борис' });
    expect(within(group).getByText('Фича')).toBeTruthy();
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => (radio as HTMLInputElement).checked),
    ).toEqual([true, false]);
    fireEvent.click(within(group).getByRole('radio', { name: 'Взять их' }));
    expect(onChoose).toHaveBeenCalledWith('labels', 'theirs');
  });
});
