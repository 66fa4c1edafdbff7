import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Checklist, ChecklistItem, TaskDetail } from 'contract';
import { bodyOf, calls, jsonResponse, location, type Route, routeApi } from 'shared-ui/test-kit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeBoard, makeTask, renderApp } from '../../test/utils';
import { applyPending, moveItem } from './model/pending';

// The lazy task chunk, the board and the task load before the modal shows: generous under a busy run.
const WAIT = { timeout: 10_000 };

const item = (id: number, text: string, patch: Partial<ChecklistItem> = {}): ChecklistItem => ({
  id,
  text,
  done: false,
  assigneeId: null,
  position: 0,
  ...patch,
});

const list = (id: number, title: string, items: ChecklistItem[] = []): Checklist => ({
  id,
  title,
  position: 0,
  items: items.map((entry, position) => ({ ...entry, position })),
});

const detail = (checklists: Checklist[] = []): TaskDetail => ({
  ...makeTask('2', '10', { title: 'Сверстать доску' }),
  description: '',
  comments: [],
  files: [],
  checklists,
});

const SHOPPING = () => list(31, 'Покупки', [item(41, 'Молоко'), item(42, 'Хлеб'), item(43, 'Сыр')]);

async function openTask(task: TaskDetail, routes: Record<string, Route> = {}) {
  routeApi({ 'GET /api/board/7': makeBoard(), 'GET /api/task/7/2': task, ...routes });
  renderApp('/board/7/task/2');
  const dialog = await screen.findByRole('dialog', { name: 'Задача 2' }, WAIT);
  const section = await within(dialog).findByRole('region', { name: 'Чек-листы' }, WAIT);
  return { dialog, section };
}

const texts = (section: HTMLElement) =>
  within(section)
    .getAllByRole('listitem')
    .map((row) => row.querySelector('.bv-check-item__text')?.textContent);

describe('pending checklist changes', () => {
  it('moves an item inside its list and lays ticks over a newer answer', () => {
    const lists = [SHOPPING()];
    expect(moveItem(lists, 41, 2)[0]?.items.map((entry) => entry.text)).toEqual(['Хлеб', 'Сыр', 'Молоко']);
    expect(moveItem(lists, 99, 0)).toEqual(lists);
    const ticked = applyPending(lists, [{ kind: 'item', itemId: 42, change: { done: true } }]);
    expect(ticked[0]?.items.map((entry) => entry.done)).toEqual([false, true, false]);
  });
});

describe('checklists in the task modal', { timeout: 15_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('adds a named list, then items one after another, and shows each answer', async () => {
    const user = userEvent.setup();
    const withList = detail([list(31, 'Покупки')]);
    const withItem = detail([list(31, 'Покупки', [item(41, 'Молоко')])]);
    const { section } = await openTask(detail(), {
      'POST /api/checklist/7/2': withList,
      'POST /api/checklist/item/7/31': withItem,
    });
    await user.click(within(section).getByRole('button', { name: 'Добавить список' }));
    const title = within(section).getByLabelText('Название списка') as HTMLInputElement;
    expect(title.value).toBe('Чек-лист');
    await user.clear(title);
    await user.type(title, ' Покупки {Enter}');
    expect(await within(section).findByRole('heading', { name: 'Покупки' })).toBeTruthy();
    expect(bodyOf('POST /api/checklist/7/2')).toEqual({ title: 'Покупки' });

    await user.click(within(section).getByRole('button', { name: '+ Добавить пункт' }));
    await user.type(within(section).getByLabelText('Новый пункт'), 'Молоко{Enter}');
    expect(await within(section).findByLabelText('Молоко')).toBeTruthy();
    expect(bodyOf('POST /api/checklist/item/7/31')).toEqual({ text: 'Молоко' });
    // The form stays open and empty for the next item.
    expect((within(section).getByLabelText('Новый пункт') as HTMLInputElement).value).toBe('');
  });

  it('ticks an item by keyboard at once, and takes the tick back with a message when the call fails', async () => {
    const user = userEvent.setup();
    const ticked = detail([list(31, 'Покупки', [item(41, 'Молоко', { done: true }), item(42, 'Хлеб')])]);
    const { section } = await openTask(
      detail([list(31, 'Покупки', [item(41, 'Молоко'), item(42, 'Хлеб')])]),
      {
        'PUT /api/checklist/item/7/41': ticked,
        'PUT /api/checklist/item/7/42': () => jsonResponse(404, { message: 'Пункт не найден' }),
      },
    );
    const milk = within(section).getByLabelText('Молоко') as HTMLInputElement;
    milk.focus();
    await user.keyboard(' ');
    expect(milk.checked).toBe(true);
    await waitFor(() => expect(bodyOf('PUT /api/checklist/item/7/41')).toEqual({ done: true }));
    expect(within(section).getByText('1/2')).toBeTruthy();

    const bread = within(section).getByLabelText('Хлеб') as HTMLInputElement;
    await user.click(bread);
    expect(await within(section).findByRole('alert')).toHaveProperty('textContent', 'Пункт не найден');
    expect(bread.checked).toBe(false);
  });

  it('reorders items by keyboard: Space takes the handle, arrows move it, Space drops', async () => {
    // jsdom lays nothing out: each row stands 40 px below the one before it.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const row = this.closest('[data-item-id]');
      const index = row ? [...(row.parentElement?.children ?? [])].indexOf(row) : 0;
      return DOMRect.fromRect({ x: 0, y: index * 40, width: 300, height: 36 });
    });
    const user = userEvent.setup();
    const moved = detail([list(31, 'Покупки', [item(42, 'Хлеб'), item(41, 'Молоко'), item(43, 'Сыр')])]);
    let release: () => void = () => undefined;
    const { section } = await openTask(detail([SHOPPING()]), {
      'PUT /api/checklist/item/7/41': () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(jsonResponse(200, moved));
        }),
    });
    within(section).getByRole('button', { name: 'Переместить пункт «Молоко»' }).focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowDown}');
    await user.keyboard(' ');
    // Shown at its new place before the answer.
    await waitFor(() => expect(texts(section)).toEqual(['Хлеб', 'Молоко', 'Сыр']));
    expect(bodyOf('PUT /api/checklist/item/7/41')).toEqual({ position: 1 });
    act(() => release());
    await waitFor(() => expect(calls()).toContain('PUT /api/checklist/item/7/41'));
    expect(texts(section)).toEqual(['Хлеб', 'Молоко', 'Сыр']);

    // Escape cancels a drag, not the modal.
    within(section).getByRole('button', { name: 'Переместить пункт «Сыр»' }).focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowUp}');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(texts(section)).toEqual(['Хлеб', 'Молоко', 'Сыр']));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(location()).toBe('/board/7/task/2');
    expect(screen.getByRole('dialog', { name: 'Задача 2' })).toBeTruthy();
    expect(calls().filter((call) => call.startsWith('PUT /api/checklist/item'))).toHaveLength(1);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Задача 2' })).toBeNull());
  });

  it('makes an item a card, shows the task without it and opens the new card', async () => {
    const user = userEvent.setup();
    let task = detail([SHOPPING()]);
    routeApi({
      'GET /api/board/7': makeBoard(),
      'GET /api/task/7/2': () => jsonResponse(200, task),
      'POST /api/checklist/item/7/42/task': () => {
        task = detail([list(31, 'Покупки', [item(41, 'Молоко'), item(43, 'Сыр')])]);
        return jsonResponse(200, { id: '9', number: 12 });
      },
    });
    renderApp('/board/7/task/2');
    const section = await screen.findByRole('region', { name: 'Чек-листы' }, WAIT);
    await user.click(within(section).getByRole('button', { name: 'Сделать карточкой пункт «Хлеб»' }));
    expect(await within(section).findByText(/Пункт «Хлеб» стал карточкой/)).toBeTruthy();
    await waitFor(() => expect(texts(section)).toEqual(['Молоко', 'Сыр']));
    expect(calls()).toContain('POST /api/checklist/item/7/42/task');
    await user.click(within(section).getByRole('button', { name: 'Открыть карточку' }));
    // The new card's number on the board, not its id.
    await waitFor(() => expect(location()).toBe('/board/7/task/12'));
  });

  it('renames a list, assigns an item and deletes the list after confirmation', async () => {
    const user = userEvent.setup();
    const renamed = detail([{ ...SHOPPING(), title: 'Магазин' }]);
    const assigned = detail([
      {
        ...SHOPPING(),
        title: 'Магазин',
        items: SHOPPING().items.map((entry) => ({ ...entry, assigneeId: 2 })),
      },
    ]);
    const { section } = await openTask(detail([SHOPPING()]), {
      'PUT /api/checklist/7/31': renamed,
      'PUT /api/checklist/item/7/41': assigned,
      'DELETE /api/checklist/7/31': detail(),
    });
    await user.click(within(section).getByRole('button', { name: 'Переименовать список «Покупки»' }));
    const title = within(section).getByLabelText('Название списка');
    await user.clear(title);
    await user.type(title, 'Магазин{Enter}');
    expect(await within(section).findByRole('heading', { name: 'Магазин' })).toBeTruthy();
    expect(bodyOf('PUT /api/checklist/7/31')).toEqual({ title: 'Магазин' });

    const assignee = within(section).getByLabelText('Исполнитель пункта «Молоко»') as HTMLSelectElement;
    // Accepted, current members only.
    expect([...assignee.options].map((option) => option.text)).toEqual(['Без исполнителя', 'Анна', 'Борис']);
    await user.selectOptions(assignee, 'Борис');
    await waitFor(() => expect(bodyOf('PUT /api/checklist/item/7/41')).toEqual({ assigneeId: 2 }));

    await user.click(within(section).getByRole('button', { name: 'Удалить список «Магазин»' }));
    const confirm = await screen.findByRole('dialog', { name: 'Удалить список?' });
    await user.click(within(confirm).getByRole('button', { name: 'Удалить список' }));
    await waitFor(() => expect(within(section).queryByRole('heading', { name: 'Магазин' })).toBeNull());
    expect(calls()).toContain('DELETE /api/checklist/7/31');
  });

  it('shows the server’s error under the new item’s input', async () => {
    const user = userEvent.setup();
    const { section } = await openTask(detail([list(31, 'Покупки')]), {
      'POST /api/checklist/item/7/31': () => jsonResponse(400, { text: 'Введите текст пункта' }),
    });
    await user.click(within(section).getByRole('button', { name: '+ Добавить пункт' }));
    await user.type(within(section).getByLabelText('Новый пункт'), 'x{Enter}');
    expect(await within(section).findByText('Введите текст пункта')).toBeTruthy();
  });
});
