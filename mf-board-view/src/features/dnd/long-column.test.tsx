import { act, screen } from '@testing-library/react';
import type { Board, Task } from 'contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BoardStoreProvider } from '../../shared/board-context';
import { createBoardStore } from '../../shared/board-store';
import { renderDndBoard } from '../../test/dnd-board';
import { FakeIntersectionObserver } from '../../test/intersection-observer';
import { makeBoard, makeTask } from '../../test/utils';
import { eagerCards } from './components/ColumnFrame';
import { DndBoard, loadDragAndDrop } from './components/DndBoard';
import { useDragStore } from './model/drag-store';

const CARDS = 40;

async function renderLongColumn() {
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  await loadDragAndDrop();
  const taskIds = Array.from({ length: CARDS }, (_, index) => String(index + 1));
  const tasks: Record<string, Task> = {};
  for (const id of taskIds) tasks[id] = makeTask(id, '10');
  const base = makeBoard();
  const board = makeBoard({
    columnOrder: ['10'],
    columns: { '10': { ...(base.columns['10'] as Board['columns'][string]), taskIds } },
    tasks,
  });
  const store = createBoardStore('7', async () => board);
  await store.getState().reload();
  renderDndBoard({ DndBoard, BoardStoreProvider }, store);
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeIntersectionObserver.reset();
  useDragStore.getState().setActiveTaskId(null);
});

describe('a long column', () => {
  it('shows its first screen of cards at once and the others once its list is scrolled near them', async () => {
    await renderLongColumn();
    const eager = eagerCards();
    expect(screen.getAllByRole('article')).toHaveLength(eager);
    // The cards not mounted yet keep their room, so the list scrolls as far as with all of them.
    const tail = document.querySelector('.bv-column__list > .bv-column__placeholder') as HTMLElement;
    expect(tail.style.height).toBe(`${(CARDS - eager) * 72 + (CARDS - eager - 1) * 8}px`);

    act(() => FakeIntersectionObserver.enter(tail));
    expect(document.querySelector('.bv-column__list > .bv-column__placeholder')).toBeNull();
    expect(document.querySelectorAll('[data-slot]')).toHaveLength(CARDS);

    // Each card then shows as it comes near the list's view.
    const last = document.querySelector(`[data-slot="${CARDS}"]`) as Element;
    expect(screen.queryByRole('link', { name: `Задача ${CARDS}` })).toBeNull();
    act(() => FakeIntersectionObserver.enter(last));
    expect(screen.getByRole('link', { name: `Задача ${CARDS}` })).toBeTruthy();
  });

  it('keeps the cards past its first screen after a drag has taken a card there', async () => {
    await renderLongColumn();
    const tail = () => document.querySelector('.bv-column__list > .bv-column__placeholder');
    expect(tail()).not.toBeNull();

    act(() => useDragStore.getState().setActiveTaskId(String(CARDS)));
    expect(tail()).toBeNull();
    expect(screen.getByRole('link', { name: `Задача ${CARDS}` })).toBeTruthy();

    // Dropped: the list, which the drag may have scrolled, keeps a slot for every card.
    act(() => useDragStore.getState().setActiveTaskId(null));
    expect(tail()).toBeNull();
    expect(document.querySelectorAll('[data-slot]')).toHaveLength(CARDS);
  });
});
