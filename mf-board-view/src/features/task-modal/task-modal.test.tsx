import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TaskDetail } from 'contract';
import { useModalStore } from 'shared-ui';
import { bodyOf, calls, jsonResponse, location, routeApi } from 'shared-ui/test-kit';
import { describe, expect, it } from 'vitest';
import { makeBoard, makeTask, renderApp } from '../../test/utils';

// The lazy task chunk, the board and the task load before the form shows: generous under a busy run.
const WAIT = { timeout: 5000 };

const detail = (): TaskDetail => ({
  ...makeTask('2', '10', {
    title: 'Сверстать доску',
    priority: 'high',
    estimation: '3',
    labels: [21],
    assignees: [2],
  }),
  description: 'Подробности',
  comments: [],
  files: [{ id: 9, boardId: 7, taskId: '2', name: 'макет.png', url: '/x', type: 'image/png', size: 10 }],
  checklists: [],
});

describe('task modal', { timeout: 15_000 }, () => {
  it('opens over the board from the URL, fills the form and saves it', async () => {
    routeApi({
      'GET /api/board/7': makeBoard(),
      'GET /api/task/7/2': detail(),
      'PUT /api/task/edit': makeTask('2', '11'),
    });
    renderApp('/board/7/task/2?label=21');
    const dialog = await screen.findByRole('dialog', { name: 'Задача 2' }, WAIT);
    expect(useModalStore.getState().modal).toBe('EDIT_TASK');
    expect(screen.getByRole('heading', { name: 'Проект Альфа' })).toBeTruthy();
    const title = (await within(dialog).findByLabelText('Название', {}, WAIT)) as HTMLInputElement;
    expect(title.value).toBe('Сверстать доску');
    expect((within(dialog).getByLabelText('Описание') as HTMLTextAreaElement).value).toBe('Подробности');
    expect(within(dialog).getByText('макет.png')).toBeTruthy();
    // Assignees: accepted, not deleted members only.
    const assignees = within(dialog).getByRole('group', { name: 'Исполнители' });
    expect(
      within(assignees)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(['Анна', 'Борис']);

    fireEvent.change(title, { target: { value: ' Новое имя ' } });
    fireEvent.change(within(dialog).getByLabelText('Колонка'), { target: { value: '11' } });
    fireEvent.change(within(dialog).getByLabelText('Приоритет'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByLabelText('Фича'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(location()).toBe('/board/7?label=21'), WAIT);
    expect(bodyOf('PUT /api/task/edit')).toEqual({
      boardId: 7,
      taskId: '2',
      title: 'Новое имя',
      description: 'Подробности',
      columnId: '11',
      estimation: '3',
      priority: null,
      assignees: [2],
      labels: [21, 22],
      version: 1,
    });
    expect(useModalStore.getState().modal).toBeNull();
  });

  it('shows field errors under their fields', async () => {
    routeApi({
      'GET /api/board/7': makeBoard(),
      'GET /api/task/7/2': detail(),
      'PUT /api/task/edit': () => jsonResponse(400, { estimation: 'Оценка должна быть числом' }),
    });
    renderApp('/board/7/task/2');
    const dialog = await screen.findByRole('dialog', { name: 'Задача 2' });
    fireEvent.change(await within(dialog).findByLabelText('Оценка'), { target: { value: 'abc' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await within(dialog).findByText('Оценка должна быть числом')).toBeTruthy();
    expect(location()).toBe('/board/7/task/2');
  });

  it('closes on Escape back to the board keeping the filters, without re-fetching the board', async () => {
    routeApi({ 'GET /api/board/7': makeBoard(), 'GET /api/task/7/2': detail() });
    renderApp('/board/7/task/2?assignee=1&search=x');
    await screen.findByRole('dialog', { name: 'Задача 2' });
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(location()).toBe('/board/7?assignee=1&search=x'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls().filter((call) => call.startsWith('GET /api/board/7'))).toHaveLength(1);
  });

  it('deletes the task after confirmation', async () => {
    routeApi({
      'GET /api/board/7': makeBoard(),
      'GET /api/task/7/2': detail(),
      'DELETE /api/task/delete/7/2': { success: true },
    });
    renderApp('/board/7/task/2');
    const dialog = await screen.findByRole('dialog', { name: 'Задача 2' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Удалить' }));
    const confirm = await screen.findByRole('dialog', { name: 'Удалить задачу?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Удалить задачу' }));
    await waitFor(() => expect(location()).toBe('/board/7'));
    expect(calls()).toContain('DELETE /api/task/delete/7/2');
  });
});
