import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TaskDetail } from 'contract';
import { bodyOf, jsonResponse, routeApi } from 'shared-ui/test-kit';
import { describe, expect, it } from 'vitest';
import { makeBoard, makeTask, renderApp } from '../../test/utils';

const WAIT = { timeout: 5000 };

const detail = (watching: boolean): TaskDetail => ({
  ...makeTask('2', '10'),
  description: '',
  comments: [],
  files: [],
  checklists: [],
  watching,
});

/** A promise settled from outside: the answer arrives when the test says so. */
function later<T>() {
  let settle!: (value: T) => void;
  const promise = new Promise<T>((resolve) => {
    settle = resolve;
  });
  return { promise, settle };
}

async function openTask(watching: boolean, answer: () => Promise<Response>) {
  routeApi({
    'GET /api/board/7': makeBoard(),
    'GET /api/task/7/2': detail(watching),
    'PUT /api/task/watch': answer,
  });
  renderApp('/board/7/task/2');
  const dialog = await screen.findByRole('dialog', { name: 'Задача 2' }, WAIT);
  return within(dialog).findByRole('button', { name: /Следить|Вы следите/ }, WAIT);
}

describe("the task's 'Следить' toggle", { timeout: 15_000 }, () => {
  it('shows the new state at once and keeps it when the server agrees', async () => {
    const answer = later<Response>();
    const button = await openTask(false, () => answer.promise);
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(button.textContent).toBe('Следить');
    expect(button.getAttribute('title')).toBe('Уведомлять о комментариях, переносах и сроках');
    const hint = document.getElementById(button.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe('Уведомлять о комментариях, переносах и сроках');

    fireEvent.click(button);
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(button.textContent).toBe('Вы следите');
    answer.settle(jsonResponse(200, { watching: true }));
    await waitFor(() =>
      expect(bodyOf('PUT /api/task/watch')).toEqual({ boardId: 7, taskId: '2', watching: true }),
    );
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('goes back and says so when the server refuses', async () => {
    const button = await openTask(true, async () => jsonResponse(403, { message: 'Нет доступа к доске' }));
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(button.textContent).toBe('Вы следите');

    fireEvent.click(button);
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect((await screen.findByRole('alert')).textContent).toBe('Нет доступа к доске');
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(bodyOf('PUT /api/task/watch')).toEqual({ boardId: 7, taskId: '2', watching: false });
  });

  it('has a message of its own when the server gives none', async () => {
    const button = await openTask(false, async () => {
      throw new TypeError('Failed to fetch');
    });
    fireEvent.click(button);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/\S/);
    expect(button.getAttribute('aria-pressed')).toBe('false');
  });
});
