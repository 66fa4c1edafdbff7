import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { calls, jsonResponse, routeApi } from 'shared-ui/test-kit';
import { describe, expect, it } from 'vitest';
import { reloadViewSettings, renderApp, signIn } from '../../test/utils';

const boards = [
  { id: 1, name: 'Ремонт', color: '#1e3a8a' },
  { id: 2, name: 'Отпуск', color: '#f4f5f7' },
];

function serveBoards(list: readonly object[] = boards) {
  routeApi({
    'GET /api/board/deleted': [],
    'GET /api/board': () => jsonResponse(200, list),
    'GET /api/invite': () => jsonResponse(200, []),
  });
}

const boardCalls = () =>
  calls().filter((call) => call.startsWith('GET /api/board') && call !== 'GET /api/board/deleted');

describe('board list', () => {
  it('shows a loading state, then each board as a link to /board/{id}, as cards by default', async () => {
    signIn();
    serveBoards();
    renderApp('/');
    expect(screen.getByRole('status', { name: 'Загрузка досок' })).toBeTruthy();

    const list = await screen.findByRole('list', { name: 'Доски' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Ремонт', '/board/1'],
      ['Отпуск', '/board/2'],
    ]);
    expect(list.className).toBe('boards-cards');
    // Cards are tinted by the board colour, with text readable on it.
    expect(links[0]?.style.getPropertyValue('--board-color')).toBe('#1e3a8a');
    expect(links[0]?.style.getPropertyValue('--board-text')).toBe('#ffffff');
    expect(links[1]?.style.getPropertyValue('--board-text')).toBe('#1f2937');
    expect(boardCalls()).toEqual(['GET /api/board']);
  });

  it("marks the boards where the user is a commenter or a viewer with the role's name", async () => {
    signIn();
    serveBoards([
      { id: 1, name: 'Ремонт', color: '#1e3a8a', role: 'admin' },
      { id: 2, name: 'Отпуск', color: '#f4f5f7', role: 'viewer' },
      { id: 3, name: 'Дача', color: '#f4f5f7', role: 'commenter' },
      { id: 4, name: 'Работа', color: '#f4f5f7', role: 'member' },
    ]);
    renderApp('/');
    const list = await screen.findByRole('list', { name: 'Доски' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Ремонт', 'Отпуск, роль: Наблюдатель', 'Дача, роль: Комментатор', 'Работа']);
  });

  it('remembers view and sort in localStorage and sends the sort as a query', async () => {
    signIn();
    serveBoards();
    renderApp('/');
    await screen.findByRole('list', { name: 'Доски' });

    fireEvent.change(screen.getByLabelText('Сортировка'), { target: { value: 'byNameASC' } });
    await waitFor(() => expect(boardCalls()).toEqual(['GET /api/board', 'GET /api/board?sort=byNameASC']));
    expect(localStorage.getItem('mainPageSort')).toBe('byNameASC');

    fireEvent.change(screen.getByLabelText('Вид'), { target: { value: 'list' } });
    expect(localStorage.getItem('mainPageView')).toBe('list');
    expect(screen.getByRole('list', { name: 'Доски' }).className).toBe('boards-list');
    expect(boardCalls()).toHaveLength(2);

    fireEvent.change(screen.getByLabelText('Сортировка'), { target: { value: 'default' } });
    await waitFor(() => expect(boardCalls().at(-1)).toBe('GET /api/board'));
    expect(localStorage.getItem('mainPageSort')).toBe('default');
  });

  it('uses the stored view and sort on the next visit', async () => {
    localStorage.setItem('mainPageView', 'list');
    localStorage.setItem('mainPageSort', 'byNameDESC');
    reloadViewSettings();
    signIn();
    serveBoards();
    renderApp('/');

    // The toolbar comes with the list (MainPage: nothing moves when the first answers arrive).
    expect(((await screen.findByLabelText('Вид')) as HTMLSelectElement).value).toBe('list');
    expect((screen.getByLabelText('Сортировка') as HTMLSelectElement).value).toBe('byNameDESC');
    expect((await screen.findByRole('list', { name: 'Доски' })).className).toBe('boards-list');
    expect(boardCalls()).toEqual(['GET /api/board?sort=byNameDESC']);
  });

  it('ignores unknown stored values', async () => {
    localStorage.setItem('mainPageView', 'table');
    localStorage.setItem('mainPageSort', 'random');
    reloadViewSettings();
    signIn();
    serveBoards();
    renderApp('/');
    expect(((await screen.findByLabelText('Вид')) as HTMLSelectElement).value).toBe('cards');
    expect((screen.getByLabelText('Сортировка') as HTMLSelectElement).value).toBe('default');
  });

  it('shows the empty state after a successful load, whose button opens the create modal', async () => {
    signIn();
    serveBoards([]);
    renderApp('/');
    expect(await screen.findByText('У вас пока нет досок')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Создать' }));
    expect(await screen.findByRole('dialog', { name: 'Новая доска' })).toBeTruthy();
  });

  it('shows an error with a retry when the list does not load', async () => {
    signIn();
    let fail = true;
    routeApi({
      'GET /api/board/deleted': [],
      'GET /api/board': () =>
        fail ? jsonResponse(500, { message: 'Внутренняя ошибка сервера' }) : jsonResponse(200, boards),
      'GET /api/invite': () => jsonResponse(200, []),
    });
    renderApp('/');
    expect(await screen.findByText('Не удалось загрузить доски')).toBeTruthy();
    expect(screen.queryByText('У вас пока нет досок')).toBeNull();

    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('link', { name: 'Ремонт' })).toBeTruthy();
    expect(screen.queryByText('Не удалось загрузить доски')).toBeNull();
  });
});
