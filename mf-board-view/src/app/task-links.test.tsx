import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Board, TaskDetail } from 'contract';
import { calls, jsonResponse, location, renderInRouter, routeApi } from 'shared-ui/test-kit';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BoardStoreProvider } from '../shared/board-context';
import { createBoardStore } from '../shared/board-store';
import { TASK_NUMBER_STYLE_KEY, useTaskNumberStyle } from '../shared/task-number';
import { makeBoard, makeTask, renderApp } from '../test/utils';
import { TaskRoute } from './TaskRoute';

const WAIT = { timeout: 5000 };

beforeAll(async () => {
  await Promise.all([import('./TaskRoute'), import('./BoardModals')]);
});

afterEach(() => useTaskNumberStyle.setState({ style: 'board' }));

/** Board 7 whose task id 57 is the board's task number 3 (ids are global, numbers per board). */
function boardWith57(patch: Partial<Board> = {}): Board {
  const board = makeBoard(patch);
  board.tasks['57'] = makeTask('57', '11', { number: 3, title: 'Третья задача доски' });
  board.columns['11']!.taskIds = ['3', '57'];
  board.tasks['3'] = makeTask('3', '11', { number: 4 });
  return board;
}

const detail57 = (patch: Partial<TaskDetail> = {}): TaskDetail => ({
  ...makeTask('57', '11', { number: 3, title: 'Третья задача доски' }),
  description: '',
  comments: [],
  files: [],
  checklists: [],
  ...patch,
});

describe('task links carry the per-board number', () => {
  it('opens /board/7/task/3 as the task numbered 3 (id 57), not the task with id 3', async () => {
    routeApi({ 'GET /api/board/7': boardWith57(), 'GET /api/task/7/57': detail57() });
    renderApp('/board/7/task/3');
    const dialog = await screen.findByRole('dialog', { name: 'Задача 3' }, WAIT);
    expect(((await within(dialog).findByLabelText('Название', {}, WAIT)) as HTMLInputElement).value).toBe(
      'Третья задача доски',
    );
    expect(calls()).toContain('GET /api/task/7/57');
    expect(calls()).not.toContain('GET /api/task/7/3');
  });

  it("copies the task's link from the modal's header (where touch screens, without the card's icon, find it)", async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    routeApi({ 'GET /api/board/7': boardWith57(), 'GET /api/task/7/57': detail57() });
    renderApp('/board/7/task/3');
    const dialog = await screen.findByRole('dialog', { name: 'Задача 3' }, WAIT);
    fireEvent.click(
      await within(dialog).findByRole('button', { name: 'Скопировать ссылку на задачу' }, WAIT),
    );
    expect(await within(dialog).findByText('Скопировано')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/board/7/task/3`);
    vi.unstubAllGlobals();
  });

  it('says so over the board for a number the board has not, and closes back to the board', async () => {
    routeApi({ 'GET /api/board/7': boardWith57() });
    renderApp('/board/7/task/99?label=21');
    const dialog = await screen.findByRole('dialog', { name: 'Задача' }, WAIT);
    // The board is filtered: it is read once without the filters before the number is called unknown.
    expect((await within(dialog).findByRole('alert', {}, WAIT)).textContent).toBe(
      'Задачи №99 на этой доске нет: она удалена или в ссылке ошибка.',
    );
    expect(screen.getByRole('heading', { name: 'Проект Альфа' })).toBeTruthy();
    expect(calls().some((call) => call.startsWith('GET /api/task/'))).toBe(false);
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(location()).toBe('/board/7?label=21'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says the same for an address that is not a number', async () => {
    routeApi({ 'GET /api/board/7': boardWith57() });
    renderApp('/board/7/task/abc');
    const dialog = await screen.findByRole('dialog', { name: 'Задача' }, WAIT);
    expect(within(dialog).getByRole('alert').textContent).toContain('на этой доске нет');
  });

  it('finds a task the filters hide by reading the board once without them', async () => {
    const filtered = boardWith57();
    delete filtered.tasks['57'];
    filtered.columns['11']!.taskIds = ['3'];
    routeApi({
      'GET /api/board/7': (url: URL) => jsonResponse(200, url.search ? filtered : boardWith57()),
      'GET /api/task/7/57': detail57(),
    });
    renderApp('/board/7/task/3?search=x');
    await screen.findByRole('dialog', { name: 'Задача 3' }, WAIT);
    expect(calls()).toContain('GET /api/board/7?search=x');
    expect(calls()).toContain('GET /api/board/7');
    expect(calls()).toContain('GET /api/task/7/57');
  });

  it('a task opened by its number follows live changes and says when it is deleted', async () => {
    let server = detail57();
    routeApi({ 'GET /api/task/7/57': () => jsonResponse(200, server) });
    const store = createBoardStore('7', async () => boardWith57());
    await store.getState().reload();
    renderInRouter(
      <BoardStoreProvider store={store}>
        <TaskRoute taskNumber="3" />
      </BoardStoreProvider>,
      ['/board/7/task/3'],
    );
    const dialog = await screen.findByRole('dialog', { name: 'Задача 3' }, WAIT);
    const title = (await within(dialog).findByLabelText('Название', {}, WAIT)) as HTMLInputElement;
    expect(title.value).toBe('Третья задача доски');

    // Someone renames it: the board's copy shows a newer version, the modal re-reads the task.
    server = detail57({ title: 'Переименована', version: 2 });
    store.setState((state) => {
      const board = state.board!;
      const next = { ...board, tasks: { ...board.tasks, '57': { ...board.tasks['57']!, version: 2 } } };
      return { board: next, serverBoard: next };
    });
    await waitFor(() => expect(title.value).toBe('Переименована'), WAIT);

    // Someone deletes it: it leaves the board, the number keeps its task and the modal says so.
    routeApi({ 'GET /api/task/7/57': () => jsonResponse(404, { message: 'Задача не найдена' }) });
    store.setState((state) => {
      const board = state.board!;
      const tasks = { ...board.tasks };
      delete tasks['57'];
      const next = { ...board, tasks };
      return { board: next, serverBoard: next };
    });
    expect((await within(dialog).findByRole('alert', {}, WAIT)).textContent).toBe('Задача удалена');
  });
});

describe('personal task-number style', () => {
  const cardOf = async (title: string) => (await screen.findByText(title)).closest('article') as HTMLElement;

  it("overrides the board's mode on every card at once, is remembered, and 'Как на доске' follows the board", async () => {
    routeApi({ 'GET /api/board/7': boardWith57({ showIdsMode: 'square' }) });
    renderApp('/board/7');
    const card = await cardOf('Третья задача доски');
    expect(card.textContent).toContain('[3]');

    const select = screen.getByLabelText('Номера задач') as HTMLSelectElement;
    expect(select.value).toBe('board');
    expect([...select.options].map((option) => option.textContent)).toEqual([
      'Как на доске',
      'Не показывать',
      '(12)',
      '[12]',
      '12.',
      '12 ',
    ]);
    expect(document.getElementById(select.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Только для вас, на всех досках',
    );

    fireEvent.change(select, { target: { value: 'circle' } });
    expect(card.textContent).toContain('(3)');
    expect((await cardOf('Задача 1')).textContent).toContain('(1)');
    expect(localStorage.getItem(TASK_NUMBER_STYLE_KEY)).toBe('circle');

    fireEvent.change(select, { target: { value: 'empty' } });
    expect(card.querySelector('.bv-card__number')).toBeNull();

    fireEvent.change(select, { target: { value: 'board' } });
    expect(card.textContent).toContain('[3]');
    expect(localStorage.getItem(TASK_NUMBER_STYLE_KEY)).toBeNull();
  });

  it('shows numbers the board hides when the user chose a style', async () => {
    useTaskNumberStyle.getState().setStyle('dot');
    routeApi({ 'GET /api/board/7': boardWith57({ showIdsMode: 'empty' }) });
    renderApp('/board/7');
    expect((await cardOf('Третья задача доски')).textContent).toContain('3.');
    expect((screen.getByLabelText('Номера задач') as HTMLSelectElement).value).toBe('dot');
  });

  it("names the board's own modes by example in 'Доска'", async () => {
    routeApi({ 'GET /api/board/7': makeBoard() });
    renderApp('/board/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Доска' }));
    const dialog = await screen.findByRole('dialog', { name: 'Доска' }, WAIT);
    const select = within(dialog).getByLabelText('Номер задачи') as HTMLSelectElement;
    expect([...select.options].map((option) => option.textContent)).toEqual([
      'Не показывать',
      '(12)',
      '[12]',
      '12.',
      '12 ',
    ]);
  });
});
