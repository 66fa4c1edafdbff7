import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { calls, jsonResponse, routeApi } from 'shared-ui/test-kit';
import { describe, expect, it } from 'vitest';
import { reloadViewSettings, renderApp, signIn } from '../../test/utils';
import { deletedText } from './deleted-date';

const year = new Date().getFullYear();
const remont = { id: 1, name: 'Ремонт', color: '#1e3a8a' };
const otpusk = { id: 2, name: 'Отпуск', color: '#f4f5f7' };
const deleted = (id: number, name: string, day: number) => ({
  id,
  name,
  color: '#15803d',
  deletedAt: `${year}-11-${day}T12:00:00Z`,
  purgeAt: `${year}-12-${day}T12:00:00Z`,
});

function serve(routes: Parameters<typeof routeApi>[0] = {}) {
  routeApi({
    'GET /api/board': [remont],
    'GET /api/invite': [],
    'GET /api/board/deleted': [deleted(2, 'Отпуск', 24), deleted(3, 'Дача', 20)],
    ...routes,
  });
}

const section = () => screen.findByRole('region', { name: 'Недавно удалённые' });
const boardNames = () =>
  within(screen.getByRole('list', { name: 'Доски' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('recently deleted boards', () => {
  it('lists them below the board list with their dates and a Восстановить each', async () => {
    signIn();
    serve();
    renderApp('/');
    const region = await section();
    const list = screen.getByRole('list', { name: 'Доски' });
    expect(list.compareDocumentPosition(region) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    const rows = within(region).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Отпускудалена 24 нояб., будет стёрта 24 дек.'),
      expect.stringContaining('Дачаудалена 20 нояб., будет стёрта 20 дек.'),
    ]);
    expect(within(region).getByRole('button', { name: 'Восстановить доску «Отпуск»' }).textContent).toBe(
      'Восстановить',
    );
    expect(within(region).getByRole('button', { name: 'Восстановить доску «Дача»' })).toBeTruthy();
    expect(calls()).toContain('GET /api/board/deleted');
  });

  it('is shown only under a shown board list, never under its placeholder', async () => {
    signIn();
    let answer: (response: Response) => void = () => {};
    serve({ 'GET /api/board': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderApp('/');
    await waitFor(() => expect(calls()).toContain('GET /api/board/deleted'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByRole('status', { name: 'Загрузка досок' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Недавно удалённые' })).toBeNull();

    answer(jsonResponse(200, [remont]));
    expect(await section()).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Доски' })).toBeTruthy();
  });

  it('is not shown when there are none', async () => {
    signIn();
    serve({ 'GET /api/board/deleted': [] });
    renderApp('/');
    await screen.findByRole('list', { name: 'Доски' });
    await waitFor(() => expect(calls()).toContain('GET /api/board/deleted'));
    expect(screen.queryByRole('region', { name: 'Недавно удалённые' })).toBeNull();
    expect(screen.queryByText('Недавно удалённые')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('restores a board: it reappears in the list (the answer) and leaves this one', async () => {
    signIn();
    serve({ 'POST /api/board/2/restore': [remont, otpusk] });
    renderApp('/');
    const region = await section();
    expect(boardNames()).toEqual(['Ремонт']);

    fireEvent.click(within(region).getByRole('button', { name: 'Восстановить доску «Отпуск»' }));
    await waitFor(() => expect(boardNames()).toEqual(['Ремонт', 'Отпуск']));
    expect(within(region).queryByRole('button', { name: 'Восстановить доску «Отпуск»' })).toBeNull();
    expect(within(region).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByText('Доска «Отпуск» восстановлена')).toBeTruthy();
    expect(calls().filter((call) => call === 'GET /api/board')).toHaveLength(1);
    expect(calls()).toContain('POST /api/board/2/restore');
    // Its button went away with it: the focus moves to the next one.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(region).getByRole('button', { name: 'Восстановить доску «Дача»' }),
      ),
    );

    // The last one restored: the section goes away.
    routeApi({ 'POST /api/board/3/restore': [remont, otpusk, { id: 3, name: 'Дача', color: '#15803d' }] });
    fireEvent.click(within(region).getByRole('button', { name: 'Восстановить доску «Дача»' }));
    await waitFor(() => expect(boardNames()).toEqual(['Ремонт', 'Отпуск', 'Дача']));
    expect(screen.queryByRole('region', { name: 'Недавно удалённые' })).toBeNull();
  });

  it('reads the list again in the chosen order after a restore when it is not the default one', async () => {
    localStorage.setItem('mainPageSort', 'byNameASC');
    reloadViewSettings();
    signIn();
    let boards = [remont];
    routeApi({
      'GET /api/board': () => jsonResponse(200, boards),
      'GET /api/invite': [],
      'GET /api/board/deleted': [deleted(2, 'Отпуск', 24)],
      'POST /api/board/2/restore': () => {
        boards = [otpusk, remont];
        return jsonResponse(200, [remont, otpusk]);
      },
    });
    renderApp('/');
    fireEvent.click(within(await section()).getByRole('button', { name: 'Восстановить доску «Отпуск»' }));
    await waitFor(() => expect(boardNames()).toEqual(['Отпуск', 'Ремонт']));
    expect(calls().filter((call) => call === 'GET /api/board?sort=byNameASC')).toHaveLength(2);
  });

  it('says why a restore failed and keeps the board here', async () => {
    signIn();
    serve({
      'POST /api/board/2/restore': () => jsonResponse(404, { message: 'Доска не найдена' }),
    });
    renderApp('/');
    const region = await section();
    fireEvent.click(within(region).getByRole('button', { name: 'Восстановить доску «Отпуск»' }));
    expect((await within(region).findByRole('alert')).textContent).toBe('Доска не найдена');
    expect(within(region).getByRole('button', { name: 'Восстановить доску «Отпуск»' })).toBeTruthy();
    expect(boardNames()).toEqual(['Ремонт']);
  });

  it('says when they cannot be loaded and tries again', async () => {
    signIn();
    let fail = true;
    serve({
      'GET /api/board/deleted': () =>
        fail
          ? jsonResponse(500, { message: 'Внутренняя ошибка сервера' })
          : jsonResponse(200, [deleted(2, 'Отпуск', 24)]),
    });
    renderApp('/');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Не удалось загрузить недавно удалённые доски.');
    // The board list itself is fine.
    expect(boardNames()).toEqual(['Ремонт']);

    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(within(await section()).getByRole('button', { name: 'Восстановить доску «Отпуск»' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('writes the dates short, with the year only when it is not this one', () => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    expect(deletedText({ deletedAt: '2026-11-24T12:00:00Z', purgeAt: '2026-12-24T12:00:00Z' }, now)).toBe(
      'удалена 24 нояб., будет стёрта 24 дек.',
    );
    expect(deletedText({ deletedAt: '2026-12-20T12:00:00Z', purgeAt: '2027-01-19T12:00:00Z' }, now)).toBe(
      'удалена 20 дек., будет стёрта 19 янв. 2027 г.',
    );
  });
});
