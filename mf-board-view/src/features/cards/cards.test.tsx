import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { bodyOf, calls, jsonResponse, location, routeApi } from 'shared-ui/test-kit';
import { describe, expect, it, vi } from 'vitest';
import { formatTaskNumber } from '../../shared/task-number';
import { makeBoard, makeTask, renderApp } from '../../test/utils';
import { prefillFromFilters } from './components/AddCardForm';

describe('task number', () => {
  it('shows the number in each of the five modes', () => {
    expect(formatTaskNumber('empty', 12)).toBe('');
    expect(formatTaskNumber('circle', 12)).toBe('(12)');
    expect(formatTaskNumber('square', 12)).toBe('[12]');
    expect(formatTaskNumber('dot', 12)).toBe('12.');
    expect(formatTaskNumber('space', 12)).toBe('12 ');
  });
});

describe('add-card prefill from filters', () => {
  const params = new URLSearchParams('assignee=2&assignee=1&label=21&priority=high&priority=low&search=x');

  it('takes assignees, labels and the first priority from the URL filters that are ticked', () => {
    expect(prefillFromFilters(params, { assignee: true, label: true, priority: true })).toEqual({
      assignees: [2, 1],
      labels: [21],
      priority: 'high',
    });
    expect(prefillFromFilters(params, { assignee: false, label: true, priority: false })).toEqual({
      assignees: [],
      labels: [21],
      priority: null,
    });
    expect(
      prefillFromFilters(new URLSearchParams(), { assignee: true, label: true, priority: true }),
    ).toEqual({
      assignees: [],
      labels: [],
      priority: null,
    });
  });

  it('sends the prefilled card, shows the title error, then empties the form for the next card', async () => {
    let answer = jsonResponse(400, { title: 'Введите название задачи' });
    routeApi({ 'GET /api/board/7': makeBoard(), 'POST /api/task/create': () => answer });
    renderApp('/board/7?assignee=2&label=22&priority=critical');
    await screen.findByRole('heading', { name: 'Проект Альфа' });
    const column = document.querySelector('[data-column-id="11"]') as HTMLElement;
    fireEvent.click(within(column).getByRole('button', { name: '+ Добавить карточку' }));
    const input = within(column).getByLabelText('Название карточки');
    fireEvent.click(within(column).getByRole('button', { name: 'Добавить' }));
    expect(await within(column).findByText('Введите название задачи')).toBeTruthy();
    fireEvent.click(within(column).getByLabelText('Метки'));
    fireEvent.change(input, { target: { value: ' Новая ' } });
    expect(within(column).queryByText('Введите название задачи')).toBeNull();
    answer = jsonResponse(200, makeTask('9', '11'));
    fireEvent.click(within(column).getByRole('button', { name: 'Добавить' }));
    await waitFor(() => expect(calls().filter((call) => call === 'POST /api/task/create')).toHaveLength(2));
    await waitFor(() =>
      expect(within(column).getByRole('button', { name: 'Добавить' })).toHaveProperty('disabled', false),
    );
    expect(within(column).queryByText('Введите название задачи')).toBeNull();
    expect((input as HTMLTextAreaElement).value).toBe('');
    expect(document.activeElement).toBe(input);
    expect(bodyOf('POST /api/task/create')).toEqual({
      boardId: 7,
      columnId: '11',
      title: 'Новая',
      assignees: [2],
      labels: [],
      priority: 'critical',
    });
  });

  it('offers one card per line for pasted lines, and creates them in order', async () => {
    const titles: string[] = [];
    routeApi({
      'GET /api/board/7': makeBoard(),
      'POST /api/task/create': (_url, init) => {
        titles.push((JSON.parse(String(init?.body)) as { title: string }).title);
        return jsonResponse(200, makeTask(String(100 + titles.length), '11'));
      },
    });
    renderApp('/board/7');
    await screen.findByRole('heading', { name: 'Проект Альфа' });
    const column = document.querySelector('[data-column-id="11"]') as HTMLElement;
    fireEvent.click(within(column).getByRole('button', { name: '+ Добавить карточку' }));
    const input = within(column).getByLabelText('Название карточки') as HTMLTextAreaElement;
    fireEvent.paste(input, {
      clipboardData: { getData: () => 'Купить молоко\r\n\nПозвонить маме\nОплатить счёт\n' },
    });
    const question = within(column).getByRole('group', { name: 'Вставлено несколько строк' });
    expect(question.textContent).toContain('Строк: 3.');
    fireEvent.click(within(question).getByRole('button', { name: 'Создать карточки (3)' }));
    await waitFor(() => expect(titles).toEqual(['Купить молоко', 'Позвонить маме', 'Оплатить счёт']));
    expect(within(column).queryByRole('group', { name: 'Вставлено несколько строк' })).toBeNull();
    expect(input.value).toBe('');
  });

  it('keeps one form open at a time and clears errors when opening', async () => {
    routeApi({
      'GET /api/board/7': makeBoard(),
      'POST /api/task/create': () => jsonResponse(400, { title: 'Введите название задачи' }),
    });
    renderApp('/board/7');
    await screen.findByRole('heading', { name: 'Проект Альфа' });
    const [first, second] = screen.getAllByRole('button', { name: '+ Добавить карточку' });
    fireEvent.click(first as HTMLElement);
    fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    await screen.findByText('Введите название задачи');
    fireEvent.click(second as HTMLElement);
    expect(screen.getAllByLabelText('Название карточки')).toHaveLength(1);
    expect(screen.queryByText('Введите название задачи')).toBeNull();
    expect(calls().filter((call) => call === 'POST /api/task/create')).toHaveLength(1);
  });

  it('keeps the title and shows the message when a full column refuses the card (409)', async () => {
    routeApi({
      'GET /api/board/7': makeBoard(),
      'POST /api/task/create': () => jsonResponse(409, { message: 'Колонка заполнена: лимит 4' }),
    });
    renderApp('/board/7');
    await screen.findByRole('heading', { name: 'Проект Альфа' });
    fireEvent.click(screen.getAllByRole('button', { name: '+ Добавить карточку' })[0] as HTMLElement);
    const input = screen.getByLabelText('Название карточки') as HTMLTextAreaElement;
    fireEvent.change(input, { target: { value: 'Пятая задача' } });
    fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Колонка заполнена: лимит 4');
    expect(input.value).toBe('Пятая задача');
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('closes on a press outside the form, keeping the title typed for the next time', async () => {
    routeApi({ 'GET /api/board/7': makeBoard() });
    renderApp('/board/7');
    await screen.findByRole('heading', { name: 'Проект Альфа' });
    const [open] = screen.getAllByRole('button', { name: '+ Добавить карточку' });
    fireEvent.click(open as HTMLElement);
    fireEvent.change(screen.getByLabelText('Название карточки'), { target: { value: 'Не потерять' } });
    fireEvent.pointerDown(screen.getByLabelText('Название карточки'));
    expect(screen.getByLabelText('Название карточки')).toBeTruthy();
    fireEvent.pointerDown(screen.getByRole('heading', { name: 'Проект Альфа' }));
    expect(screen.queryByLabelText('Название карточки')).toBeNull();
    fireEvent.click(screen.getAllByRole('button', { name: '+ Добавить карточку' })[0] as HTMLElement);
    expect((screen.getByLabelText('Название карточки') as HTMLTextAreaElement).value).toBe('Не потерять');
    expect(calls()).not.toContain('POST /api/task/create');
  });
});

describe('cards', () => {
  it('shows number, priority, estimation, counts, assignees and the main label colour', async () => {
    const board = makeBoard({ showIdsMode: 'square' });
    board.labels[0]!.isMainColor = true;
    board.tasks['1'] = makeTask('1', '10', {
      number: 41,
      title: 'Сверстать доску',
      priority: 'high',
      estimation: '3',
      hasDescription: true,
      commentsCount: 2,
      filesCount: 1,
      assignees: [2],
      labels: [21, 22],
    });
    routeApi({ 'GET /api/board/7': board });
    renderApp('/board/7');
    const card = (await screen.findByText('Сверстать доску')).closest('article') as HTMLElement;
    expect(card.textContent).toContain('[41]');
    expect(within(card).getByTitle('Высокий приоритет')).toBeTruthy();
    expect(within(card).getByTitle('Оценка').textContent).toBe('3');
    expect(within(card).getByTitle('Есть описание')).toBeTruthy();
    expect(within(card).getByTitle('Комментарии').textContent).toContain('2');
    expect(within(card).getByTitle('Файлы').textContent).toContain('1');
    expect(within(card).getByTitle('Борис')).toBeTruthy();
    expect(card.style.background).toBe('rgb(198, 40, 40)');
  });

  it('toggles the labels between chips and titles and remembers it', async () => {
    const board = makeBoard();
    board.tasks['1'] = makeTask('1', '10', { labels: [21] });
    routeApi({ 'GET /api/board/7': board });
    renderApp('/board/7');
    const toggle = await screen.findByRole('button', { name: /Метки: Баг/ });
    expect(toggle.textContent).toBe('');
    fireEvent.click(toggle);
    expect(toggle.textContent).toBe('Баг');
    expect(localStorage.getItem('isLabelOpen')).toBe('true');
    expect(location()).toBe('/board/7');
  });

  it('opens the task by its number keeping the query string and copies the absolute link', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const board = makeBoard({ showIdsMode: 'circle' });
    // Task id 2 is the board's task number 5: the link carries the number the card shows.
    board.tasks['2'] = makeTask('2', '10', { number: 5 });
    routeApi({ 'GET /api/board/7': board });
    renderApp('/board/7?label=21');
    const card = (await screen.findByText('Задача 2')).closest('article') as HTMLElement;
    expect(card.textContent).toContain('(5)');
    expect(
      within(card)
        .getByRole('link', { name: /Задача 2/ })
        .getAttribute('href'),
    ).toBe('/board/7/task/5');
    fireEvent.click(within(card).getByRole('button', { name: 'Скопировать ссылку на задачу' }));
    expect(await within(card).findByText('Скопировано')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/board/7/task/5`);
    expect(location()).toBe('/board/7?label=21');
    // Found again: the card is drawn anew once drag and drop attaches after the first paint.
    fireEvent.click(screen.getByRole('link', { name: /Задача 2/ }));
    await waitFor(() => expect(location()).toBe('/board/7/task/5?label=21'));
  });

  it("puts no control inside another: the title link is the card's drag handle, the buttons its siblings", async () => {
    const board = makeBoard();
    board.tasks['1'] = makeTask('1', '10', { labels: [21] });
    routeApi({ 'GET /api/board/7': board });
    renderApp('/board/7');
    const card = (await screen.findByText('Задача 1')).closest('article') as HTMLElement;
    const interactive = 'a[href], button, input, textarea, select, [role="button"], [tabindex]';
    const canvas = card.closest('.bv-canvas') as HTMLElement;
    for (const element of canvas.querySelectorAll(interactive)) {
      expect(element.parentElement?.closest(interactive) ?? null).toBeNull();
    }
    const link = within(card).getByRole('link', { name: /Задача 1/ });
    expect(link.getAttribute('aria-roledescription')).toBe('карточка');
    expect(link.tabIndex).toBe(0);
    expect(link.getAttribute('aria-describedby')).toBeTruthy();
    const buttons = within(card).getAllByRole('button');
    expect(buttons.map((button) => button.getAttribute('aria-label'))).toEqual([
      expect.stringMatching(/^Метки: Баг\./),
      'Скопировать ссылку на задачу',
    ]);
    const column = card.closest('section') as HTMLElement;
    const grip = within(column).getByRole('button', { name: 'Колонка «Нужно сделать»' });
    expect(grip.getAttribute('aria-roledescription')).toBe('колонка');
  });

  it('shows the link in a selected read-only field when the clipboard is refused', async () => {
    const writeText = vi
      .fn()
      .mockRejectedValue(new DOMException('Write permission denied.', 'NotAllowedError'));
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    routeApi({ 'GET /api/board/7': makeBoard() });
    renderApp('/board/7');
    const card = (await screen.findByText('Задача 2')).closest('article') as HTMLElement;
    const copy = within(card).getByRole('button', { name: 'Скопировать ссылку на задачу' });
    fireEvent.click(copy);
    const field = (await within(card).findByRole('textbox', {
      name: 'Ссылка на задачу',
    })) as HTMLInputElement;
    const url = `${window.location.origin}/board/7/task/2`;
    expect(field.value).toBe(url);
    expect(field.readOnly).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, url.length]);
    expect(within(card).getByText('Скопируйте ссылку')).toBeTruthy();
    expect(within(card).queryByText('Скопировано')).toBeNull();
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(within(card).queryByRole('textbox')).toBeNull();
    expect(document.activeElement).toBe(copy);
    expect(location()).toBe('/board/7');
  });

  it('falls back the same way where there is no Clipboard API at all', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    routeApi({ 'GET /api/board/7': makeBoard() });
    renderApp('/board/7');
    const card = (await screen.findByText('Задача 2')).closest('article') as HTMLElement;
    fireEvent.click(within(card).getByRole('button', { name: 'Скопировать ссылку на задачу' }));
    expect(await within(card).findByRole('textbox', { name: 'Ссылка на задачу' })).toBeTruthy();
  });
});
