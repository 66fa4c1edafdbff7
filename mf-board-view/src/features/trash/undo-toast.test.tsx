import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { bodyOf, calls, jsonResponse, routeApi } from 'shared-ui/test-kit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNDO_MS } from '../../shared/undo';
import { makeBoard, renderApp } from '../../test/utils';
import { offerUndo } from './model/undo';

const WAIT = { timeout: 5000 };

async function openBoard(routes: Parameters<typeof routeApi>[0] = {}) {
  routeApi({ 'GET /api/board/7': makeBoard(), ...routes });
  renderApp('/board/7');
  await screen.findByRole('heading', { name: 'Проект Альфа' }, WAIT);
}

const toastOf = () =>
  screen.getAllByRole('status').find((region) => region.classList.contains('bv-undo')) as HTMLElement;

describe('the undo toast', { timeout: 15_000 }, () => {
  afterEach(() => vi.useRealTimers());

  it('offers to undo a delete and restores the item', async () => {
    await openBoard({ 'POST /api/trash/7/restore': { success: true } });
    const region = toastOf();
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('');
    const before = document.activeElement;

    act(() => offerUndo({ boardId: 7, kind: 'task', id: '2', message: 'Задача удалена' }));
    expect(region.textContent).toContain('Задача удалена');
    expect(document.activeElement).toBe(before);

    fireEvent.click(within(region).getByRole('button', { name: 'Отменить' }));
    await waitFor(() => expect(region.textContent).toBe(''));
    expect(calls()).toContain('POST /api/trash/7/restore');
    expect(bodyOf('POST /api/trash/7/restore')).toEqual({ kind: 'task', id: '2' });
  });

  it("shows the server's message when the item cannot come back", async () => {
    await openBoard({
      'POST /api/trash/7/restore': () =>
        jsonResponse(409, { message: 'Сначала восстановите колонку «В работе»' }),
    });
    const region = toastOf();
    act(() => offerUndo({ boardId: 7, kind: 'task', id: '3', message: 'Задача удалена' }));
    fireEvent.click(within(region).getByRole('button', { name: 'Отменить' }));
    await waitFor(() => expect(region.textContent).toContain('Сначала восстановите колонку «В работе»'));
    fireEvent.click(within(region).getByRole('button', { name: 'Закрыть уведомление' }));
    expect(region.textContent).toBe('');
  });

  it('goes after 10 s, and a new delete replaces it', async () => {
    await openBoard();
    const region = toastOf();
    vi.useFakeTimers();
    act(() => offerUndo({ boardId: 7, kind: 'task', id: '2', message: 'Задача удалена' }));
    act(() => vi.advanceTimersByTime(UNDO_MS - 1000));
    act(() => offerUndo({ boardId: 7, kind: 'label', id: '21', message: 'Метка удалена' }));
    expect(region.textContent).toContain('Метка удалена');
    expect(region.textContent).not.toContain('Задача удалена');
    act(() => vi.advanceTimersByTime(UNDO_MS - 1000));
    expect(region.textContent).toContain('Метка удалена');
    // Pointed at or focused, it waits.
    fireEvent.focus(within(region).getByRole('button', { name: 'Отменить' }));
    act(() => vi.advanceTimersByTime(UNDO_MS * 2));
    expect(region.textContent).toContain('Метка удалена');
    fireEvent.blur(within(region).getByRole('button', { name: 'Отменить' }));
    act(() => vi.advanceTimersByTime(UNDO_MS));
    expect(region.textContent).toBe('');
  });

  it("ignores another board's delete", async () => {
    await openBoard();
    act(() => offerUndo({ boardId: 8, kind: 'task', id: '2', message: 'Задача удалена' }));
    expect(toastOf().textContent).toBe('');
  });
});
