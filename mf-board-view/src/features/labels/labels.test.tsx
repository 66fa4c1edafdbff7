import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { bodyOf, calls, routeApi } from 'shared-ui/test-kit';
import { describe, expect, it } from 'vitest';
import { makeBoard, renderApp } from '../../test/utils';

async function openLabels() {
  renderApp('/board/7');
  await screen.findByRole('heading', { name: 'Проект Альфа' });
  fireEvent.click(screen.getByRole('button', { name: 'Метки 2' }));
  return screen.findByRole('dialog', { name: 'Метки' });
}

describe('labels modal', () => {
  it('adds a label with the default colour and ignores an empty title', async () => {
    routeApi({
      'GET /api/board/7': makeBoard(),
      'POST /api/label/7': { id: 23, boardId: 7, title: 'Срочно', color: '#123456', isMainColor: false },
    });
    const dialog = await openLabels();
    expect((within(dialog).getByLabelText('Цвет новой метки') as HTMLInputElement).value).toBe('#123456');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Добавить' }));
    fireEvent.change(within(dialog).getByLabelText('Название новой метки'), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Добавить' }));
    expect(calls()).not.toContain('POST /api/label/7');
    fireEvent.change(within(dialog).getByLabelText('Название новой метки'), {
      target: { value: ' Срочно ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Добавить' }));
    await waitFor(() => expect(bodyOf('POST /api/label/7')).toEqual({ title: 'Срочно', color: '#123456' }));
  });

  it('edits a label (title, colour, main colour), and cancel restores it', async () => {
    routeApi({
      'GET /api/board/7': makeBoard(),
      'PUT /api/label/7/21': { id: 21, boardId: 7, title: 'Ошибка', color: '#000000', isMainColor: true },
    });
    const dialog = await openLabels();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Изменить метку «Баг»' }));
    fireEvent.change(within(dialog).getByLabelText('Название метки'), { target: { value: 'Черновик' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(within(dialog).getByText('Баг')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Изменить метку «Баг»' }));
    expect((within(dialog).getByLabelText('Название метки') as HTMLInputElement).value).toBe('Баг');
    fireEvent.change(within(dialog).getByLabelText('Название метки'), { target: { value: 'Ошибка' } });
    fireEvent.change(within(dialog).getByLabelText('Цвет метки'), { target: { value: '#000000' } });
    fireEvent.click(within(dialog).getByLabelText('Основной цвет карточки'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() =>
      expect(bodyOf('PUT /api/label/7/21')).toEqual({ title: 'Ошибка', color: '#000000', isMainColor: true }),
    );
  });

  it('deletes a label after confirmation', async () => {
    routeApi({ 'GET /api/board/7': makeBoard(), 'DELETE /api/label/7/22': { success: true } });
    const dialog = await openLabels();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Удалить метку «Фича»' }));
    const confirm = await screen.findByRole('dialog', { name: 'Удалить метку?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Удалить метку' }));
    await waitFor(() => expect(calls()).toContain('DELETE /api/label/7/22'));
  });
});
