import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useHeaderStore, useModalStore } from 'shared-ui';
import { calls, jsonResponse, location, routeApi } from 'shared-ui/test-kit';
import { describe, expect, it } from 'vitest';
import { makeBoard, makeBoardAs, renderApp } from '../../test/utils';

describe('board page', () => {
  it('loads the board with the URL filters, titles the page and paints the background', async () => {
    routeApi({ 'GET /api/board/7': makeBoard() });
    renderApp('/board/7?assignee=2&label=21&label=22&search=отчёт&other=x');
    expect(await screen.findByRole('heading', { name: 'Проект Альфа' })).toBeTruthy();
    expect(calls()[0]).toBe(
      `GET /api/board/7?assignee=2&label=21&label=22&search=${encodeURIComponent('отчёт')}`,
    );
    expect(document.title).toBe('Проект Альфа');
    const page = document.querySelector('.bv-page') as HTMLElement;
    expect(page.classList.contains('bv-page--colored')).toBe(true);
    expect(page.style.getPropertyValue('--bv-board-color')).toBe('#dfe7fd');
    expect(useHeaderStore.getState().userFilterEnabled).toBe(true);
  });

  it('shows the counts on the menu and opens the modals through the current-modal store', async () => {
    routeApi({ 'GET /api/board/7': makeBoard() });
    renderApp('/board/7?priority=high&assignee=1');
    await screen.findByRole('heading', { name: 'Проект Альфа' });
    expect(screen.getByRole('button', { name: 'Фильтр 2' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Метки 2' })).toBeTruthy();
    // Accepted, not deleted: Анна and Борис (Вера is invited, Гоша left).
    expect(screen.getByRole('button', { name: 'Участники 2' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Доска' }));
    expect(useModalStore.getState().modal).toBe('EDIT_BOARD');
    expect(await screen.findByRole('dialog', { name: 'Доска' })).toBeTruthy();
  });

  it('puts the same menu into the burger panel while the board is open', async () => {
    routeApi({ 'GET /api/board/7': makeBoard() });
    const { unmount } = renderApp('/board/7?priority=high');
    await screen.findByRole('heading', { name: 'Проект Альфа' });
    const panel = render(useHeaderStore.getState().leftMenu);
    expect(within(panel.container).getByRole('button', { name: 'Фильтр 1' })).toBeTruthy();
    fireEvent.click(within(panel.container).getByRole('button', { name: 'Метки 2' }));
    expect(useModalStore.getState().modal).toBe('EDIT_LABELS');
    panel.unmount();
    unmount();
    expect(useHeaderStore.getState().leftMenu).toBeNull();
  });

  it("hides 'Доска' from members who are not administrators", async () => {
    routeApi({ 'GET /api/board/7': makeBoardAs('member') });
    renderApp('/board/7');
    await screen.findByRole('heading', { name: 'Проект Альфа' });
    expect(screen.queryByRole('button', { name: 'Доска' })).toBeNull();
  });

  it("sends a user without access (403) to '/'", async () => {
    routeApi({ 'GET /api/board/7': () => jsonResponse(403, { message: 'Нет доступа' }) });
    renderApp('/board/7');
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('shows other load errors with a retry', async () => {
    let fail = true;
    routeApi({
      'GET /api/board/7': () =>
        fail ? jsonResponse(500, { message: 'Внутренняя ошибка сервера' }) : jsonResponse(200, makeBoard()),
    });
    renderApp('/board/7');
    expect((await screen.findByRole('alert')).textContent).toContain('Внутренняя ошибка сервера');
    expect(document.title).toBe('Канбан');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('heading', { name: 'Проект Альфа' })).toBeTruthy();
  });

  it('re-fetches when the filters change but not when a task opens', async () => {
    routeApi({ 'GET /api/board/7': makeBoard() });
    const view = renderApp('/board/7');
    await screen.findByRole('heading', { name: 'Проект Альфа' });
    expect(calls().filter((call) => call.startsWith('GET /api/board/7'))).toHaveLength(1);
    view.unmount();
  });
});
