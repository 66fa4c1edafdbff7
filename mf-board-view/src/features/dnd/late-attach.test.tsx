import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Board, Task } from 'contract';
import { describe, expect, it, vi } from 'vitest';
import { renderDndBoard } from '../../test/dnd-board';
import { ME, makeBoard, makeTask } from '../../test/utils';
import { createEarlyPresses } from './model/early-press';

/**
 * The board as the app first shows it: drag and drop not loaded yet. Modules are loaded afresh, as the
 * test utilities load drag and drop for every other test.
 */
async function renderFreshBoard(board: Board = makeBoard()) {
  vi.resetModules();
  const { DndBoard } = await import('./components/DndBoard');
  const { BoardStoreProvider } = await import('../../shared/board-context');
  const { createBoardStore } = await import('../../shared/board-store');
  // The fresh modules' own auth store: the board is drawn for its member, who may move cards.
  const { useAuthStore } = await import('shared-ui');
  useAuthStore.setState({ token: 'token', userId: ME });
  const store = createBoardStore('7', async () => board);
  await store.getState().reload();
  renderDndBoard({ DndBoard, BoardStoreProvider }, store);
}

const attached = () => screen.getByRole('link', { name: 'Задача 1' }).hasAttribute('aria-describedby');

describe('drag and drop attached after the first paint', () => {
  it('draws the cards first, then attaches; a Space pressed before that picks the card up', async () => {
    await renderFreshBoard();
    const link = screen.getByRole('link', { name: 'Задача 1' });
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(attached()).toBe(false);

    link.focus();
    // Kept (and not scrolling the page) until drag and drop is here.
    expect(fireEvent.keyDown(link, { code: 'Space', key: ' ' })).toBe(false);

    await waitFor(() => expect(attached()).toBe(true));
    // The card was re-rendered with drag and drop: the focus is on its handle again, and the Space
    // picked it up.
    await waitFor(() => expect(document.querySelector('.bv-drag-card')).not.toBeNull());
    expect(document.activeElement).toBe(document.querySelector('[data-slot="1"] a'));
    expect(screen.getByText(/^Карточка взята\./)).toBeTruthy();

    act(() => {
      fireEvent.keyDown(document.activeElement as Element, { code: 'Escape', key: 'Escape' });
    });
    await waitFor(() => expect(document.querySelector('.bv-drag-card')).toBeNull());
  });
});

describe('a big board', () => {
  it('is drawn once, with drag and drop, instead of twice', async () => {
    const taskIds = Array.from({ length: 1000 }, (_, index) => String(index + 1));
    const tasks: Record<string, Task> = {};
    for (const id of taskIds) tasks[id] = makeTask(id, '10');
    const base = makeBoard();
    await renderFreshBoard(
      makeBoard({
        columnOrder: ['10'],
        columns: { '10': { ...(base.columns['10'] as Board['columns'][string]), taskIds } },
        tasks,
      }),
    );
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    // 1,000 cards in jsdom: about 6 s alone, up to 20 s beside the other test files on two cores.
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1000), { timeout: 30_000 });
    expect(attached()).toBe(true);
  }, 45_000);
});

describe('early presses', () => {
  const press = (target: Element, init: Partial<PointerEvent> = {}) => {
    const nativeEvent = { isPrimary: true, button: 0, pointerType: 'mouse', target, ...init } as PointerEvent;
    return {
      currentTarget: target,
      nativeEvent,
      clientX: 10,
      clientY: 20,
      pointerId: 1,
    } as unknown as Parameters<ReturnType<typeof createEarlyPresses>['onPointerDown']>[0];
  };

  function card() {
    document.body.innerHTML =
      '<div data-slot="5"><div class="bv-sortable-card"><a href="#5">Задача 5</a><button data-no-dnd>⋯</button></div></div>';
    return document.querySelector('.bv-sortable-card') as HTMLElement;
  }

  it('holds attaching while the main button is held still (a click may follow), until it moves or is let go', () => {
    const request = vi.fn();
    const early = createEarlyPresses(request);
    early.onPointerDown(press(card()));
    expect(request).toHaveBeenCalledTimes(1);
    expect(early.holding()).toBe(true);
    const free = vi.fn();
    early.whenFree(free);
    window.dispatchEvent(
      Object.assign(new MouseEvent('pointermove', { clientX: 10, clientY: 20 }), { pointerId: 1 }),
    );
    expect(free).not.toHaveBeenCalled();
    window.dispatchEvent(
      Object.assign(new MouseEvent('pointermove', { clientX: 14, clientY: 20 }), { pointerId: 1 }),
    );
    expect(free).toHaveBeenCalledTimes(1);
    expect(early.holding()).toBe(false);

    early.onPointerDown(press(card()));
    early.whenFree(free);
    window.dispatchEvent(Object.assign(new MouseEvent('pointerup'), { pointerId: 1 }));
    expect(free).toHaveBeenCalledTimes(2);
    early.dispose();
  });

  it('keeps nothing for a press on a control, a touch or another button', () => {
    const early = createEarlyPresses(() => undefined);
    const element = card();
    early.onPointerDown(press(element, { target: element.querySelector('button') as Element }));
    expect(early.holding()).toBe(false);
    early.onPointerDown(press(element, { pointerType: 'touch' }));
    expect(early.holding()).toBe(false);
    early.onPointerDown(press(element, { button: 2 }));
    expect(early.holding()).toBe(false);
    early.dispose();
  });
});
