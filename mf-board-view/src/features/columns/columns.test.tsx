import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { bodyOf, calls, jsonResponse, routeApi } from 'shared-ui/test-kit';
import { describe, expect, it } from 'vitest';
import { makeBoard, makeTask, renderApp } from '../../test/utils';
import { sumEstimations } from './model/estimation';

describe('estimation sum', () => {
  it('adds the numeric estimations and ignores the rest', () => {
    expect(sumEstimations([{ estimation: '3' }, { estimation: '' }, { estimation: '2.5' }, undefined])).toBe(
      5.5,
    );
    expect(sumEstimations([{ estimation: 'abc' }, { estimation: ' 1 ' }, { estimation: '0,5' }])).toBe(1.5);
    expect(sumEstimations([{ estimation: '0.1' }, { estimation: '0.2' }])).toBe(0.3);
    expect(sumEstimations([])).toBe(0);
  });

  it('shows the sum on columns only when the board asks for it', async () => {
    const board = makeBoard({ showTotalColumnEstimation: true });
    board.tasks['1'] = makeTask('1', '10', { estimation: '3' });
    board.tasks['2'] = makeTask('2', '10', { estimation: '5' });
    routeApi({ 'GET /api/board/7': board });
    renderApp('/board/7');
    expect((await screen.findAllByTitle('Сумма оценок'))[0]?.textContent).toBe('Σ 8');
  });
});

describe('columns', () => {
  it('renames a column from the ⋯ modal and deletes one after confirmation', async () => {
    routeApi({
      'GET /api/board/7': makeBoard(),
      'PUT /api/column/edit/7/10': { id: '10', boardId: 7, name: 'Бэклог', taskIds: [] },
      'DELETE /api/column/delete/7/11': { success: true },
    });
    renderApp('/board/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Колонка «Нужно сделать»: изменить' }));
    let dialog = await screen.findByRole('dialog', { name: 'Колонка' });
    fireEvent.change(within(dialog).getByLabelText('Название'), { target: { value: 'Бэклог' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodyOf('PUT /api/column/edit/7/10')).toEqual({ name: 'Бэклог' });

    fireEvent.click(screen.getByRole('button', { name: 'Колонка «В работе»: изменить' }));
    dialog = await screen.findByRole('dialog', { name: 'Колонка' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    const confirm = await screen.findByRole('dialog', { name: 'Удалить колонку?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Удалить колонку' }));
    await waitFor(() => expect(calls()).toContain('DELETE /api/column/delete/7/11'));
  });

  it('shows the count against the limit, warned and named when over it', async () => {
    const board = makeBoard();
    for (const id of ['4', '5', '6']) board.tasks[id] = makeTask(id, '10');
    board.columns['10'] = { ...board.columns['10']!, taskIds: ['1', '2', '4', '5', '6'], wipLimit: 4 };
    board.columns['11'] = { ...board.columns['11']!, wipLimit: 3 };
    routeApi({ 'GET /api/board/7': board });
    renderApp('/board/7');
    const over = await screen.findByRole('img', { name: 'Карточек: 5 из 4, больше лимита' });
    expect(over.textContent).toBe('5 / 4');
    expect(over.className).toContain('bv-column-header__count--over');
    const under = screen.getByRole('img', { name: 'Карточек: 1 из 3' });
    expect(under.textContent).toBe('1 / 3');
    expect(under.className).not.toContain('--over');
  });

  it('sets a strict limit from the column modal, sending only what changed', async () => {
    routeApi({
      'GET /api/board/7': makeBoard(),
      'PUT /api/column/edit/7/10': { id: '10', boardId: 7, name: 'Нужно сделать', taskIds: [] },
    });
    renderApp('/board/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Колонка «Нужно сделать»: изменить' }));
    const dialog = await screen.findByRole('dialog', { name: 'Колонка' });
    const limit = within(dialog).getByLabelText('Лимит карточек');
    fireEvent.change(limit, { target: { value: '1001' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await within(dialog).findByText('Лимит — целое число от 1 до 1000')).toBeTruthy();
    expect(calls()).not.toContain('PUT /api/column/edit/7/10');
    fireEvent.change(limit, { target: { value: '4' } });
    fireEvent.click(within(dialog).getByLabelText('Строгий лимит: не принимать карточки сверх лимита'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodyOf('PUT /api/column/edit/7/10')).toEqual({
      name: 'Нужно сделать',
      wipLimit: 4,
      wipStrict: true,
    });
  });

  it('shows the API refusal of a limit under the field', async () => {
    const board = makeBoard();
    board.columns['10'] = { ...board.columns['10']!, wipLimit: 4, wipStrict: true };
    routeApi({
      'GET /api/board/7': board,
      'PUT /api/column/edit/7/10': () => jsonResponse(400, { wipLimit: 'Лимит — целое число от 1 до 1000' }),
    });
    renderApp('/board/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Колонка «Нужно сделать»: изменить' }));
    const dialog = await screen.findByRole('dialog', { name: 'Колонка' });
    const limit = within(dialog).getByLabelText('Лимит карточек') as HTMLInputElement;
    expect(limit.value).toBe('4');
    expect(
      (within(dialog).getByLabelText('Строгий лимит: не принимать карточки сверх лимита') as HTMLInputElement)
        .checked,
    ).toBe(true);
    fireEvent.change(limit, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await within(dialog).findByText('Лимит — целое число от 1 до 1000')).toBeTruthy();
    expect(bodyOf('PUT /api/column/edit/7/10')).toEqual({ name: 'Нужно сделать', wipLimit: null });
  });

  it('creates a column and swallows a failure', async () => {
    let answer = jsonResponse(500, { message: 'Внутренняя ошибка сервера' });
    routeApi({ 'GET /api/board/7': makeBoard(), 'POST /api/column': () => answer });
    renderApp('/board/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Создать новую колонку' }));
    fireEvent.change(screen.getByLabelText('Название колонки'), { target: { value: 'Ревью' } });
    fireEvent.click(screen.getByRole('button', { name: 'Создать' }));
    await waitFor(() => expect(calls()).toContain('POST /api/column'));
    const create = screen.getByRole('button', { name: 'Создать' }) as HTMLButtonElement;
    await waitFor(() => expect(create.disabled).toBe(false));
    expect(screen.queryByRole('alert')).toBeNull();
    expect((screen.getByLabelText('Название колонки') as HTMLInputElement).value).toBe('Ревью');
    answer = jsonResponse(200, { id: '12', boardId: 7, name: 'Ревью', taskIds: [] });
    fireEvent.click(screen.getByRole('button', { name: 'Создать' }));
    // Created: the form stays open and empty for the next name.
    await waitFor(() => expect(calls().filter((call) => call === 'POST /api/column')).toHaveLength(2));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Создать' })).toHaveProperty('disabled', false),
    );
    expect((screen.getByLabelText('Название колонки') as HTMLInputElement).value).toBe('');
    expect(bodyOf('POST /api/column')).toEqual({ boardId: 7, name: 'Ревью' });
  });

  it('closes the new-column form on a press outside it, keeping the name typed', async () => {
    routeApi({ 'GET /api/board/7': makeBoard() });
    renderApp('/board/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Создать новую колонку' }));
    fireEvent.change(screen.getByLabelText('Название колонки'), { target: { value: 'Ревью' } });
    fireEvent.pointerDown(screen.getByRole('heading', { name: 'Проект Альфа' }));
    expect(screen.queryByLabelText('Название колонки')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Создать новую колонку' }));
    expect((screen.getByLabelText('Название колонки') as HTMLInputElement).value).toBe('Ревью');
    expect(calls()).not.toContain('POST /api/column');
  });
});
