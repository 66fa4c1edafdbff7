import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TaskDetail } from 'contract';
import { readDraft, useModalStore } from 'shared-ui';
import { bodyOf, calls, jsonResponse, location, routeApi } from 'shared-ui/test-kit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeBoard, makeTask, renderApp } from '../../test/utils';
import { autosaveTiming } from './model/use-task-draft';

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

// These tests save with 'Готово' (or meet a 400, 404 or 409 there): the save after a quiet moment
// would race them, so it waits past their end. The modal's own quiet-time save has its test.
beforeEach(() => {
  autosaveTiming.delayMs = 60_000;
});
afterEach(() => {
  autosaveTiming.delayMs = 700;
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
    fireEvent.click(within(dialog).getByRole('button', { name: 'Готово' }));
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
    // The modal store follows the URL once the board's page has rendered it.
    await waitFor(() => expect(useModalStore.getState().modal).toBeNull(), WAIT);
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
    fireEvent.click(within(dialog).getByRole('button', { name: 'Готово' }));
    expect(await within(dialog).findByText('Оценка должна быть числом')).toBeTruthy();
    expect(location()).toBe('/board/7/task/2');
  });

  it('says why a full column refused the task, once, without treating it as a conflict', async () => {
    routeApi({
      'GET /api/board/7': makeBoard(),
      'GET /api/task/7/2': detail(),
      'PUT /api/task/edit': () => jsonResponse(409, { message: 'Колонка заполнена: лимит 4' }),
    });
    renderApp('/board/7/task/2');
    const dialog = await screen.findByRole('dialog', { name: 'Задача 2' });
    fireEvent.change(await within(dialog).findByLabelText('Колонка'), { target: { value: '11' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Готово' }));
    expect(await within(dialog).findByText('Колонка заполнена: лимит 4')).toBeTruthy();
    expect(calls().filter((call) => call === 'PUT /api/task/edit')).toHaveLength(1);
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

  it('saves an edit by itself once the typing stops, and says so', async () => {
    autosaveTiming.delayMs = 50;
    routeApi({
      'GET /api/board/7': makeBoard(),
      'GET /api/task/7/2': detail(),
      'PUT /api/task/edit': { ...makeTask('2', '10', { title: 'Само сохранилось' }), version: 2 },
    });
    renderApp('/board/7/task/2');
    const dialog = await screen.findByRole('dialog', { name: 'Задача 2' }, WAIT);
    const title = await within(dialog).findByLabelText('Название', {}, WAIT);
    expect(within(dialog).getByText('Сохранено')).toBeTruthy();
    fireEvent.change(title, { target: { value: 'Само сохр' } });
    fireEvent.change(title, { target: { value: 'Само сохранилось' } });
    expect(within(dialog).getByText('Сохраняется…')).toBeTruthy();
    await waitFor(() => expect(within(dialog).getByText('Сохранено')).toBeTruthy(), WAIT);
    expect(calls().filter((call) => call === 'PUT /api/task/edit')).toHaveLength(1);
    expect(bodyOf('PUT /api/task/edit')).toMatchObject({ title: 'Само сохранилось', version: 1 });
    expect(location()).toBe('/board/7/task/2');
    expect(readDraft('task:7:2')).toBeNull();
  });

  it('keeps an edit the server did not take, through Escape, and saves it when the task opens again', async () => {
    routeApi({
      'GET /api/board/7': makeBoard(),
      'GET /api/task/7/2': detail(),
      'PUT /api/task/edit': () => jsonResponse(503, { message: 'Сервер временно недоступен' }),
    });
    renderApp('/board/7/task/2');
    let dialog = await screen.findByRole('dialog', { name: 'Задача 2' }, WAIT);
    fireEvent.change(await within(dialog).findByLabelText('Описание', {}, WAIT), {
      target: { value: 'Текст, который нельзя потерять' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Готово' }));
    expect(await within(dialog).findByText('Сервер временно недоступен', {}, WAIT)).toBeTruthy();
    expect(within(dialog).getByText(/Не сохранено/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'повторить' })).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(location()).toBe('/board/7'), WAIT);
    expect(readDraft('task:7:2')).toEqual({
      version: 1,
      fields: { description: 'Текст, который нельзя потерять' },
    });

    // Opened again (after a reload, say): the text is there and goes to the server by itself.
    cleanup();
    routeApi({
      'GET /api/board/7': makeBoard(),
      'GET /api/task/7/2': detail(),
      'PUT /api/task/edit': { ...makeTask('2', '10'), version: 2 },
    });
    renderApp('/board/7/task/2');
    dialog = await screen.findByRole('dialog', { name: 'Задача 2' }, WAIT);
    const description = (await within(dialog).findByLabelText('Описание', {}, WAIT)) as HTMLTextAreaElement;
    expect(description.value).toBe('Текст, который нельзя потерять');
    await waitFor(() => expect(readDraft('task:7:2')).toBeNull(), WAIT);
    expect(bodyOf('PUT /api/task/edit')).toMatchObject({
      description: 'Текст, который нельзя потерять',
      version: 1,
    });
    expect(within(dialog).getByText('Сохранено')).toBeTruthy();
  });
});
