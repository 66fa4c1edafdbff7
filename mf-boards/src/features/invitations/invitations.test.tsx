import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { calls, jsonResponse, routeApi } from 'shared-ui/test-kit';
import { describe, expect, it } from 'vitest';
import { renderApp, signIn } from '../../test/utils';

const invitation = { id: 5, board: { id: 9, name: 'Секретный проект' } };

/** A tiny server: accepting moves the board from invitations into the list. */
function serve({ failActions = false } = {}) {
  let invitations = [invitation];
  let boards = [{ id: 1, name: 'Ремонт', color: '#f4f5f7' }];
  const done = (accepted: boolean) => {
    if (failActions) return jsonResponse(500, { message: 'Внутренняя ошибка сервера' });
    if (accepted) boards = [...boards, { id: 9, name: 'Секретный проект', color: '#f4f5f7' }];
    invitations = [];
    return jsonResponse(200, { success: true });
  };
  routeApi({
    'GET /api/board/deleted': [],
    'GET /api/board': () => jsonResponse(200, boards),
    'GET /api/invite': () => jsonResponse(200, invitations),
    'PUT /api/invite/accept/5': () => done(true),
    'DELETE /api/invite/reject/9/7': () => done(false),
  });
}

const section = () => screen.queryByRole('region', { name: /Приглашения/ });
const countOf = (call: string) => calls().filter((item) => item === call).length;

describe('invitations', () => {
  it('are not shown when there are none', async () => {
    signIn();
    routeApi({
      'GET /api/board/deleted': [],
      'GET /api/board': () => jsonResponse(200, []),
      'GET /api/invite': () => jsonResponse(200, []),
    });
    renderApp('/');
    await screen.findByText('У вас пока нет досок');
    expect(section()).toBeNull();
    expect(screen.queryByText('Приглашения')).toBeNull();
  });

  it('are not shown when they fail to load', async () => {
    signIn();
    routeApi({ 'GET /api/board/deleted': [], 'GET /api/board': () => jsonResponse(200, []) });
    renderApp('/');
    await screen.findByText('У вас пока нет досок');
    expect(section()).toBeNull();
  });

  it('come with the board list, which waits for their first answer: neither pushes the other down', async () => {
    signIn(7);
    let answer: (response: Response) => void = () => {};
    routeApi({
      'GET /api/board/deleted': [],
      'GET /api/board': () => jsonResponse(200, [{ id: 1, name: 'Ремонт', color: '#f4f5f7' }]),
      'GET /api/invite': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderApp('/');
    await waitFor(() => expect(calls()).toContain('GET /api/board'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByRole('status', { name: 'Загрузка досок' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Доски' })).toBeNull();
    expect(screen.queryByLabelText('Сортировка')).toBeNull();

    answer(jsonResponse(200, [invitation]));
    const region = await screen.findByRole('region', { name: /Приглашения/ });
    const list = screen.getByRole('list', { name: 'Доски' });
    expect(region.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Загрузка досок' })).toBeNull();
  });

  it('do not keep the board list hidden when they do not answer', async () => {
    signIn(7);
    routeApi({
      'GET /api/board/deleted': [],
      'GET /api/board': () => jsonResponse(200, [{ id: 1, name: 'Ремонт', color: '#f4f5f7' }]),
      'GET /api/invite': () => new Promise<Response>(() => {}),
    });
    renderApp('/');
    expect(await screen.findByRole('list', { name: 'Доски' }, { timeout: 3000 })).toBeTruthy();
    expect(section()).toBeNull();
  });

  it('accept: PUT /api/invite/accept/{id}, then both lists are reloaded', async () => {
    signIn(7);
    serve();
    renderApp('/');
    const region = await screen.findByRole('region', { name: /Приглашения/ });
    expect(within(region).getByText('Секретный проект')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Секретный проект' })).toBeNull();

    fireEvent.click(within(region).getByRole('button', { name: 'Принять' }));
    expect(await screen.findByRole('link', { name: 'Секретный проект' })).toBeTruthy();
    await waitFor(() => expect(section()).toBeNull());
    expect(countOf('PUT /api/invite/accept/5')).toBe(1);
    expect(countOf('GET /api/invite')).toBe(2);
    expect(countOf('GET /api/board')).toBe(2);
  });

  it("reject: DELETE /api/invite/reject/{boardId}/{current user's id}, then both lists are reloaded", async () => {
    signIn(7);
    serve();
    renderApp('/');
    const region = await screen.findByRole('region', { name: /Приглашения/ });
    fireEvent.click(within(region).getByRole('button', { name: 'Отклонить' }));
    await waitFor(() => expect(section()).toBeNull());
    expect(countOf('DELETE /api/invite/reject/9/7')).toBe(1);
    await waitFor(() => expect(countOf('GET /api/board')).toBe(2));
    expect(countOf('GET /api/invite')).toBe(2);
    expect(screen.queryByRole('link', { name: 'Секретный проект' })).toBeNull();
  });

  it('a failed accept is ignored: no error, the lists are still reloaded', async () => {
    signIn(7);
    serve({ failActions: true });
    renderApp('/');
    const region = await screen.findByRole('region', { name: /Приглашения/ });
    fireEvent.click(within(region).getByRole('button', { name: 'Принять' }));
    await waitFor(() => expect(countOf('GET /api/board')).toBe(2));
    expect(countOf('GET /api/invite')).toBe(2);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(within(region).getByRole('button', { name: 'Принять' })).toBeTruthy();
  });
});
