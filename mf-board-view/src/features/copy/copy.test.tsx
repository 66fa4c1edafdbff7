/**
 * Copies and moves (issue 32): the board menu's 'Сохранить как шаблон' and 'Копировать доску', the
 * column's 'Копировать колонку', the task modal's 'Копировать карточку' and 'Переместить на доску',
 * and what roles that may not edit do not get.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BoardListItem, TaskDetail } from 'contract';
import type { Role } from 'contract/roles';
import { bodyOf, calls, jsonResponse, location, routeApi } from 'shared-ui/test-kit';
import { describe, expect, it } from 'vitest';
import { makeBoard, makeBoardAs, makeTask, renderApp } from '../../test/utils';

const WAIT = { timeout: 5000 };

const detail = (): TaskDetail => ({
  ...makeTask('2', '10', { title: 'Сверстать доску', assignees: [1, 2] }),
  description: 'Подробности',
  comments: [],
  files: [],
  checklists: [],
});

const item = (id: number, name: string, role: Role): BoardListItem => ({ id, name, color: '#dfe7fd', role });

/** The user's boards: this one, two where they may edit, and two where they may only read or comment. */
const BOARDS: BoardListItem[] = [
  item(7, 'Проект Альфа', 'admin'),
  item(8, 'Бета', 'member'),
  item(9, 'Гамма', 'viewer'),
  item(10, 'Дельта', 'commenter'),
  item(11, 'Эпсилон', 'admin'),
];

const beta = () =>
  makeBoard({
    id: 8,
    name: 'Бета',
    columnOrder: ['80', '81'],
    columns: {
      '80': {
        id: '80',
        boardId: 8,
        name: 'Входящие',
        taskIds: [],
        version: 1,
        wipLimit: null,
        wipStrict: false,
      },
      '81': {
        id: '81',
        boardId: 8,
        name: 'Готово',
        taskIds: [],
        version: 1,
        wipLimit: null,
        wipStrict: false,
      },
    },
    tasks: {},
  });

const toastOf = () =>
  screen.getAllByRole('status').find((region) => region.classList.contains('bv-undo')) as HTMLElement;

const optionsOf = (select: HTMLElement) =>
  [...(select as HTMLSelectElement).options].map((option) => option.textContent);

async function openBoard(routes: Parameters<typeof routeApi>[0] = {}) {
  routeApi({ 'GET /api/board/7': makeBoard(), ...routes });
  renderApp('/board/7');
  await screen.findByRole('heading', { name: 'Проект Альфа' }, WAIT);
}

async function openTask(routes: Parameters<typeof routeApi>[0] = {}) {
  routeApi({ 'GET /api/board/7': makeBoard(), 'GET /api/task/7/2': detail(), ...routes });
  renderApp('/board/7/task/2');
  const task = await screen.findByRole('dialog', { name: 'Задача 2' }, WAIT);
  await within(task).findByLabelText('Название', {}, WAIT);
  return task;
}

describe('the board menu', { timeout: 15_000 }, () => {
  it("saves the board as a template, with the board's name and its cards", async () => {
    await openBoard({
      'POST /api/templates': {
        id: '42',
        name: 'Наш процесс',
        builtIn: false,
        columns: ['Нужно сделать', 'В работе'],
        labels: 2,
        tasks: 3,
        createdAt: '2026-11-28T10:00:00.000Z',
      },
    });
    const menuButton = screen.getByRole('button', { name: 'Сохранить как шаблон' });
    menuButton.focus();
    fireEvent.click(menuButton);
    const dialog = await screen.findByRole('dialog', { name: 'Сохранить как шаблон' }, WAIT);
    const name = within(dialog).getByLabelText('Название шаблона') as HTMLInputElement;
    expect(name.value).toBe('Проект Альфа');
    await waitFor(() => expect(document.activeElement).toBe(name));

    fireEvent.change(name, { target: { value: 'Наш процесс' } });
    fireEvent.click(within(dialog).getByLabelText('С карточками и чек-листами'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodyOf('POST /api/templates')).toEqual({ boardId: 7, name: 'Наш процесс', withTasks: true });
    await waitFor(() =>
      expect(toastOf().textContent).toContain('Шаблон сохранён: его можно выбрать при создании доски'),
    );
    expect(document.activeElement).toBe(menuButton);
  });

  it("shows the server's refusal under the name, and asks before Escape drops a changed name", async () => {
    await openBoard({
      'POST /api/templates': () => jsonResponse(400, { name: 'Введите название шаблона' }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить как шаблон' }));
    const dialog = await screen.findByRole('dialog', { name: 'Сохранить как шаблон' }, WAIT);
    const name = within(dialog).getByLabelText('Название шаблона');
    fireEvent.change(name, { target: { value: ' ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await within(dialog).findByText('Введите название шаблона')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');

    fireEvent.keyDown(document, { key: 'Escape' });
    const question = await screen.findByRole('dialog', { name: 'Закрыть без сохранения?' });
    fireEvent.click(within(question).getByRole('button', { name: 'Отмена' }));
    expect(screen.getByRole('dialog', { name: 'Сохранить как шаблон' })).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Закрыть без сохранения?' })).getByRole('button', {
        name: 'Не сохранять',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('copies the board and opens the copy', async () => {
    await openBoard({
      'POST /api/board/7/copy': { boardId: 12 },
      'GET /api/board/12': makeBoard({ id: 12, name: 'Проект Альфа (копия)' }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Копировать доску' }));
    const dialog = await screen.findByRole('dialog', { name: 'Копировать доску' }, WAIT);
    const name = within(dialog).getByLabelText('Название новой доски') as HTMLInputElement;
    expect(name.value).toBe('Проект Альфа (копия)');
    fireEvent.click(within(dialog).getByLabelText('С карточками'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Копировать' }));
    await waitFor(() => expect(location()).toBe('/board/12'));
    expect(bodyOf('POST /api/board/7/copy')).toEqual({ name: 'Проект Альфа (копия)', withTasks: true });
    expect(await screen.findByRole('heading', { name: 'Проект Альфа (копия)' }, WAIT)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe("the column's copy", { timeout: 15_000 }, () => {
  it('copies the column from its ⋯ and says so', async () => {
    await openBoard({ 'POST /api/column/copy': { columnId: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Колонка «Нужно сделать»: изменить' }));
    const dialog = await screen.findByRole('dialog', { name: 'Колонка' }, WAIT);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Копировать колонку' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodyOf('POST /api/column/copy')).toEqual({ boardId: 7, columnId: '10' });
    await waitFor(() => expect(toastOf().textContent).toContain('Колонка скопирована'));
    expect(toastOf().getAttribute('aria-live')).toBe('polite');
  });

  it("shows a refusal in the column's dialog", async () => {
    await openBoard({ 'POST /api/column/copy': () => jsonResponse(403, { message: 'Недостаточно прав' }) });
    fireEvent.click(screen.getByRole('button', { name: 'Колонка «В работе»: изменить' }));
    const dialog = await screen.findByRole('dialog', { name: 'Колонка' }, WAIT);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Копировать колонку' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Недостаточно прав');
  });
});

describe("the card's copy and move", { timeout: 15_000 }, () => {
  it('copies the card to another board with its comments, and names the assignees it lost', async () => {
    const task = await openTask({
      'GET /api/board': BOARDS,
      'GET /api/board/8': beta(),
      'POST /api/task/copy': { taskId: '500', taskNumber: 12, droppedAssignees: [{ id: 2, name: 'Борис' }] },
    });
    const open = within(task).getByRole('button', { name: 'Копировать карточку' });
    open.focus();
    fireEvent.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Копировать карточку' }, WAIT);
    const boardSelect = within(dialog).getByLabelText('Доска') as HTMLSelectElement;
    await waitFor(() =>
      expect(optionsOf(boardSelect)).toEqual(['Проект Альфа (эта доска)', 'Бета', 'Эпсилон']),
    );
    expect(document.activeElement).toBe(boardSelect);
    // This board first, in the card's own column.
    expect(boardSelect.value).toBe('7');
    expect((within(dialog).getByLabelText('Колонка') as HTMLSelectElement).value).toBe('10');
    expect((within(dialog).getByLabelText('Место') as HTMLSelectElement).value).toBe('end');

    fireEvent.change(boardSelect, { target: { value: '8' } });
    const columnSelect = within(dialog).getByLabelText('Колонка') as HTMLSelectElement;
    await waitFor(() => expect(optionsOf(columnSelect)).toEqual(['Входящие', 'Готово']));
    fireEvent.change(columnSelect, { target: { value: '81' } });
    fireEvent.click(within(dialog).getByLabelText('С комментариями'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Копировать' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Копировать карточку' })).toBeNull());
    expect(bodyOf('POST /api/task/copy')).toEqual({
      boardId: 7,
      taskId: '2',
      toBoardId: 8,
      toColumnId: '81',
      withComments: true,
    });
    // The task stays open; the toast is inside it, as the page behind is inert.
    expect(screen.getByRole('dialog', { name: 'Задача 2' })).toBeTruthy();
    await waitFor(() =>
      expect(toastOf().textContent).toContain(
        'Карточка скопирована на доску «Бета», в колонку «Готово». Не участники доски «Бета», сняты с карточки: Борис.',
      ),
    );
    expect(task.contains(toastOf())).toBe(true);
    expect(within(toastOf()).getByRole('link', { name: 'Открыть' }).getAttribute('href')).toBe(
      '/board/8/task/12',
    );
    expect(document.activeElement).toBe(open);
  });

  it('moves the card to another board where the user may edit, and says where it went', async () => {
    const task = await openTask({
      'GET /api/board': BOARDS,
      'GET /api/board/8': beta(),
      'POST /api/task/move-to-board': {
        taskId: '2',
        taskNumber: 7,
        droppedAssignees: [{ id: 2, name: 'Борис' }],
      },
    });
    fireEvent.click(within(task).getByRole('button', { name: 'Переместить на доску' }));
    const dialog = await screen.findByRole('dialog', { name: 'Переместить на доску' }, WAIT);
    const boardSelect = within(dialog).getByLabelText('Доска') as HTMLSelectElement;
    await waitFor(() => expect(optionsOf(boardSelect)).toEqual(['Выберите доску', 'Бета', 'Эпсилон']));
    expect(within(dialog).queryByLabelText('С комментариями')).toBeNull();
    const columnSelect = within(dialog).getByLabelText('Колонка') as HTMLSelectElement;
    expect(columnSelect.disabled).toBe(true);

    fireEvent.change(boardSelect, { target: { value: '8' } });
    await waitFor(() => expect(optionsOf(columnSelect)).toEqual(['Входящие', 'Готово']));
    expect(calls()).toContain('GET /api/board/8');
    expect(columnSelect.value).toBe('80');
    fireEvent.change(within(dialog).getByLabelText('Место'), { target: { value: 'start' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Переместить' }));

    await waitFor(() => expect(location()).toBe('/board/7'));
    expect(bodyOf('POST /api/task/move-to-board')).toEqual({
      boardId: 7,
      taskId: '2',
      toBoardId: 8,
      toColumnId: '80',
      position: 0,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const toast = toastOf();
    await waitFor(() =>
      expect(toast.textContent).toContain(
        'Карточка перемещена на доску «Бета», в колонку «Входящие». Не участники доски «Бета», сняты с карточки: Борис.',
      ),
    );
    expect(within(toast).getByRole('link', { name: 'Открыть' }).getAttribute('href')).toBe('/board/8/task/7');
  });

  it("shows the server's field error under 'Колонка', and a refusal above the form", async () => {
    let answer = jsonResponse(400, { toColumnId: 'Колонка не найдена' });
    const task = await openTask({
      'GET /api/board': BOARDS,
      'GET /api/board/8': beta(),
      'POST /api/task/move-to-board': () => answer,
    });
    fireEvent.click(within(task).getByRole('button', { name: 'Переместить на доску' }));
    const dialog = await screen.findByRole('dialog', { name: 'Переместить на доску' }, WAIT);
    const boardSelect = within(dialog).getByLabelText('Доска') as HTMLSelectElement;
    await waitFor(() => expect(optionsOf(boardSelect)).toContain('Бета'));
    fireEvent.change(boardSelect, { target: { value: '8' } });
    const columnSelect = within(dialog).getByLabelText('Колонка') as HTMLSelectElement;
    await waitFor(() => expect(optionsOf(columnSelect)).toEqual(['Входящие', 'Готово']));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Переместить' }));

    const error = await within(dialog).findByText('Колонка не найдена');
    expect(columnSelect.getAttribute('aria-invalid')).toBe('true');
    expect(columnSelect.getAttribute('aria-describedby')).toBe(error.id);
    expect(location()).toBe('/board/7/task/2');

    answer = jsonResponse(403, { message: 'Недостаточно прав' });
    // The button said 'Ошибка' until the next press.
    fireEvent.pointerDown(columnSelect);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Переместить' }));
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByRole('alert')
          .map((alert) => alert.textContent),
      ).toContain('Недостаточно прав'),
    );
    expect(screen.getByRole('dialog', { name: 'Задача 2' })).toBeTruthy();
  });

  it("says when a board's columns did not load, and tries again", async () => {
    let columns = jsonResponse(503, { message: 'Сервис временно недоступен, повторите попытку' });
    const task = await openTask({
      'GET /api/board': BOARDS,
      'GET /api/board/8': () => columns,
    });
    fireEvent.click(within(task).getByRole('button', { name: 'Переместить на доску' }));
    const dialog = await screen.findByRole('dialog', { name: 'Переместить на доску' }, WAIT);
    const boardSelect = within(dialog).getByLabelText('Доска') as HTMLSelectElement;
    await waitFor(() => expect(optionsOf(boardSelect)).toContain('Бета'));
    fireEvent.change(boardSelect, { target: { value: '8' } });
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Сервис временно недоступен');
    columns = jsonResponse(200, beta());
    fireEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    const columnSelect = within(dialog).getByLabelText('Колонка') as HTMLSelectElement;
    await waitFor(() => expect(optionsOf(columnSelect)).toEqual(['Входящие', 'Готово']));
  });
});

describe('roles that may not edit', { timeout: 15_000 }, () => {
  it.each(['viewer', 'commenter'] as const)(
    'a %s may copy a card, not move it or copy a column',
    async (role) => {
      routeApi({ 'GET /api/board/7': makeBoardAs(role), 'GET /api/task/7/2': detail() });
      renderApp('/board/7/task/2');
      const task = await screen.findByRole('dialog', { name: 'Задача 2' }, WAIT);
      expect(await within(task).findByRole('button', { name: 'Копировать карточку' }, WAIT)).toBeTruthy();
      expect(within(task).queryByRole('button', { name: 'Переместить на доску' })).toBeNull();
      expect(screen.queryByRole('button', { name: /^Колонка «.*»: изменить$/ })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Копировать колонку' })).toBeNull();
    },
  );
});
