import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SearchHit, SearchResults } from 'contract';
import { MODAL_ROOT_ID } from 'shared-ui';
import { calls, jsonResponse, location, renderInRouter, routeApi } from 'shared-ui/test-kit';
import { beforeEach, describe, expect, it } from 'vitest';
import { signIn } from '../../test/utils';
import { SearchButton } from './components/SearchButton';
import { countText, groupHits } from './search-results';

beforeEach(() => {
  const root = document.createElement('div');
  root.id = MODAL_ROOT_ID;
  document.body.append(root);
});

const M = (text: string) => `\u0002${text}\u0003`;

function hit(overrides: Partial<SearchHit> = {}): SearchHit {
  return {
    kind: 'task',
    boardId: 3,
    boardName: 'Ремонт',
    taskId: '11',
    taskNumber: 4,
    columnId: '21',
    columnName: 'Покупки',
    title: 'Купить краску',
    fragment: `Купить ${M('краску')} для кухни`,
    archived: false,
    ...overrides,
  };
}

/** As the API orders them: best first, archived after all others. */
const HITS: SearchHit[] = [
  hit(),
  hit({
    kind: 'comment',
    boardId: 5,
    boardName: 'Дача',
    taskId: '30',
    taskNumber: 2,
    title: 'Покрасить забор',
    fragment: `Нужна зелёная ${M('краска')}, <img src=x onerror=alert(1)>`,
  }),
  hit({
    kind: 'checklistItem',
    taskId: '12',
    taskNumber: 7,
    title: 'Стены',
    fragment: `Вторая ${M('краска')}`,
  }),
  hit({
    kind: 'board',
    boardId: 5,
    boardName: 'Дача',
    taskId: undefined,
    taskNumber: undefined,
    columnId: undefined,
    columnName: undefined,
    title: 'Дача',
    fragment: M('Дача'),
  }),
  hit({
    taskId: '13',
    taskNumber: 9,
    title: 'Старая краска',
    fragment: `Старая ${M('краска')}`,
    archived: true,
  }),
];

const searches = () => calls().filter((call) => call.startsWith('GET /api/search'));
const searchCall = (query: Record<string, string>) => `GET /api/search?${new URLSearchParams(query)}`;

function renderSearch() {
  signIn();
  return renderInRouter(
    <>
      <button type="button">Где был фокус</button>
      <input aria-label="Другое поле" />
      <SearchButton />
    </>,
    ['/'],
  );
}

const ctrlK = (target: Element = document.body) =>
  fireEvent.keyDown(target, { key: 'k', code: 'KeyK', ctrlKey: true });
const field = () => screen.findByRole('combobox', { name: 'Поиск по всем доскам' });
const type = (input: HTMLElement, text: string) => fireEvent.change(input, { target: { value: text } });
const key = (input: HTMLElement, name: string) => fireEvent.keyDown(input, { key: name });
const options = () => screen.getAllByRole('option');
/** The box's polite status (the page's location probe is an <output>, a status too). */
const status = () => within(screen.getByRole('dialog')).getByRole('status').textContent;

/** Opens the box, types `text` and waits for the hits. */
async function searchFor(text: string) {
  ctrlK();
  const input = await field();
  type(input, text);
  await screen.findAllByRole('option');
  return input;
}

describe('search everywhere', () => {
  it('opens on Ctrl+K with the focus in its field and the hint', async () => {
    renderSearch();
    ctrlK();
    const input = await field();
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect(screen.getByRole('dialog', { name: 'Поиск' })).toBeTruthy();
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.getAttribute('aria-controls')).toBe(screen.getByRole('listbox', { hidden: true }).id);
    expect(screen.getByText(/^Ищите по задачам, комментариям, чек-листам и названиям досок\./)).toBeTruthy();
    expect(searches()).toEqual([]);
  });

  it('opens on the Russian layout (Ctrl+Л) and from the header button', async () => {
    renderSearch();
    fireEvent.keyDown(document.body, { key: 'л', code: 'KeyK', ctrlKey: true });
    await field();
    fireEvent.keyDown(await field(), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Поиск' }));
    expect(await field()).toBeTruthy();
  });

  it("opens on '/', but not while typing in a field", async () => {
    renderSearch();
    const other = screen.getByRole('textbox', { name: 'Другое поле' });
    other.focus();
    fireEvent.keyDown(other, { key: '/' });
    await act(async () => {});
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText('Загрузка поиска')).toBeNull();

    fireEvent.keyDown(document.body, { key: '/' });
    expect(await field()).toBeTruthy();
  });

  it('searches as the user types (once, after a pause) and groups the hits by board', async () => {
    routeApi({ 'GET /api/search': { items: HITS } satisfies SearchResults });
    renderSearch();
    ctrlK();
    const input = await field();
    type(input, 'к');
    type(input, 'кр');
    type(input, 'кра');
    type(input, 'краск');
    expect(searches()).toEqual([]);
    await screen.findAllByRole('option');
    expect(searches()).toEqual([searchCall({ q: 'краск' })]);
    expect(status()).toBe('Найдено: 5');
    expect(input.getAttribute('aria-expanded')).toBe('true');

    const groups = screen.getAllByRole('group');
    expect(groups.map((group) => group.getAttribute('aria-label'))).toEqual([
      'Ремонт',
      'Дача',
      'Ремонт — в архиве',
    ]);
    const [repairs, dacha, archive] = groups as [HTMLElement, HTMLElement, HTMLElement];
    const first = within(repairs).getAllByRole('option');
    expect(first.map((option) => option.textContent)).toEqual([
      'Задача · Покупки Купить краску Купить краску для кухни',
      'Пункт чек-листа · Покупки Стены Вторая краска',
    ]);
    expect(first[0]?.querySelector('.shell-search-hit__fragment mark')?.textContent).toBe('краску');

    // The fragment is text: markup in it stays text, and the match is in <mark>.
    const comment = within(dacha).getAllByRole('option')[0] as HTMLElement;
    expect(comment.textContent).toContain('Комментарий · Покупки');
    expect(comment.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(comment.querySelector('img')).toBeNull();
    expect(comment.querySelector('mark')?.textContent).toBe('краска');
    // A board's name is its title, highlighted once.
    const board = within(dacha).getAllByRole('option')[1] as HTMLElement;
    expect(board.textContent).toBe('Доска Дача');
    expect(board.querySelector('.shell-search-hit__title mark')?.textContent).toBe('Дача');

    const archived = within(archive).getByRole('option');
    expect(archived.textContent).toContain('В архиве');
    expect(options().at(-1)).toBe(archived);
    expect(options().filter((option) => option.textContent?.includes('В архиве'))).toHaveLength(1);
  });

  it('does not search for one letter, and says it is searching', async () => {
    let answer: (response: Response) => void = () => {};
    routeApi({ 'GET /api/search': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderSearch();
    ctrlK();
    const input = await field();
    type(input, ' к ');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(searches()).toEqual([]);

    type(input, 'кр');
    await waitFor(() => expect(status()).toBe('Ищем…'));
    answer(jsonResponse(200, { items: [hit()] }));
    await waitFor(() => expect(status()).toBe('Найдено: 1'));
  });

  it('moves the active option with the arrows (going round), Home and End', async () => {
    routeApi({ 'GET /api/search': { items: HITS } });
    renderSearch();
    const input = await searchFor('краск');
    const active = () => input.getAttribute('aria-activedescendant');
    const at = (index: number) => options()[index]?.id;
    expect(active()).toBeNull();

    key(input, 'ArrowDown');
    expect(active()).toBe(at(0));
    expect(options()[0]?.getAttribute('aria-selected')).toBe('true');
    expect(options()[1]?.getAttribute('aria-selected')).toBe('false');
    key(input, 'ArrowDown');
    expect(active()).toBe(at(1));
    key(input, 'ArrowUp');
    expect(active()).toBe(at(0));
    key(input, 'ArrowUp');
    expect(active()).toBe(at(4));
    key(input, 'ArrowDown');
    expect(active()).toBe(at(0));
    key(input, 'End');
    expect(active()).toBe(at(4));
    key(input, 'Home');
    expect(active()).toBe(at(0));
    expect(document.activeElement).toBe(input);

    // Typing starts over: nothing active.
    type(input, 'краска');
    expect(active()).toBeNull();
  });

  it('opens the active task on Enter: its board with the task, by its number', async () => {
    routeApi({ 'GET /api/search': { items: HITS } });
    renderSearch();
    const input = await searchFor('краск');
    key(input, 'ArrowDown');
    key(input, 'ArrowDown');
    key(input, 'Enter');
    expect(location()).toBe('/board/3/task/7');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("opens a board hit's board, and a clicked hit", async () => {
    routeApi({ 'GET /api/search': { items: HITS } });
    renderSearch();
    let input = await searchFor('дача');
    key(input, 'ArrowDown');
    key(input, 'ArrowDown');
    key(input, 'ArrowDown');
    key(input, 'ArrowDown');
    expect(input.getAttribute('aria-activedescendant')).toBe(options()[3]?.id);
    key(input, 'Enter');
    expect(location()).toBe('/board/5');

    ctrlK();
    input = await field();
    await screen.findAllByRole('option');
    fireEvent.click(options()[2] as HTMLElement);
    expect(location()).toBe('/board/5/task/2');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says when nothing is found', async () => {
    routeApi({ 'GET /api/search': { items: [] } });
    renderSearch();
    ctrlK();
    const input = await field();
    type(input, 'квазар');
    await waitFor(() => expect(status()).toBe('Ничего не найдено'));
    expect(screen.queryAllByRole('option')).toEqual([]);
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it("shows the server's message and tries again with Повторить", async () => {
    let fail = true;
    routeApi({
      'GET /api/search': () =>
        fail
          ? jsonResponse(503, { message: 'Сервис временно недоступен, повторите попытку' })
          : jsonResponse(200, { items: [hit()] }),
    });
    renderSearch();
    ctrlK();
    type(await field(), 'краск');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Сервис временно недоступен, повторите попытку');

    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('option')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(searches()).toHaveLength(2);
  });

  it("puts the API's message about the query under the field", async () => {
    routeApi({ 'GET /api/search': () => jsonResponse(400, { q: 'Введите, что искать' }) });
    renderSearch();
    ctrlK();
    const input = await field();
    type(input, '""');
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByRole('alert').textContent).toBe('Введите, что искать');
    expect(screen.queryByRole('button', { name: 'Повторить' })).toBeNull();
  });

  it('closes on Escape, gives the focus back and keeps the query for next time', async () => {
    routeApi({ 'GET /api/search': { items: HITS } });
    renderSearch();
    const before = screen.getByRole('button', { name: 'Где был фокус' });
    before.focus();
    ctrlK(before);
    const input = await field();
    type(input, 'краск');
    await screen.findAllByRole('option');

    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(before);

    ctrlK(before);
    const again = await field();
    expect((again as HTMLInputElement).value).toBe('краск');
    // The kept query is searched again at once.
    await screen.findAllByRole('option');
    expect(searches()).toEqual([searchCall({ q: 'краск' }), searchCall({ q: 'краск' })]);
  });

  it('loads more with the cursor of the last page', async () => {
    routeApi({
      'GET /api/search': (url) =>
        jsonResponse(
          200,
          url.searchParams.get('cursor') === 'c2'
            ? { items: [hit({ taskId: '14', taskNumber: 12, title: 'Краска для двери' })] }
            : { items: [hit()], next: 'c2' },
        ),
    });
    renderSearch();
    const input = await searchFor('краск');
    expect(status()).toBe('Найдено: 1, есть ещё');
    fireEvent.click(screen.getByRole('button', { name: 'Показать ещё' }));

    await waitFor(() => expect(options()).toHaveLength(2));
    expect(searches().at(-1)).toBe(searchCall({ q: 'краск', cursor: 'c2' }));
    expect(screen.queryByRole('button', { name: 'Показать ещё' })).toBeNull();
    // The first new hit is active and the focus is back in the field.
    await waitFor(() => expect(input.getAttribute('aria-activedescendant')).toBe(options()[1]?.id));
    expect(document.activeElement).toBe(input);
  });
});

describe('search results', () => {
  it('keep each board together, its archived hits in a group after all others', () => {
    const groups = groupHits(HITS);
    expect(groups.map((group) => [group.boardName, group.archived, group.hits])).toEqual([
      ['Ремонт', false, [0, 2]],
      ['Дача', false, [1, 3]],
      ['Ремонт', true, [4]],
    ]);
    expect(countText(0, false)).toBe('Ничего не найдено');
    expect(countText(12, false)).toBe('Найдено: 12');
  });
});
