import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { bodyOf, jsonResponse, routeApi } from 'shared-ui/test-kit';
import { describe, expect, it } from 'vitest';
import { reloadViewSettings, renderApp, signIn } from '../../test/utils';

const created = [
  { id: 3, name: 'Альфа', color: '#f4f5f7' },
  { id: 1, name: 'Ремонт', color: '#1e3a8a' },
];

function serve(create: () => Response) {
  routeApi({
    'GET /api/board/deleted': [],
    'GET /api/board': () => jsonResponse(200, [{ id: 1, name: 'Ремонт', color: '#1e3a8a' }]),
    'GET /api/invite': () => jsonResponse(200, []),
    'POST /api/board': create,
  });
}

async function openModal() {
  renderApp('/');
  await screen.findByRole('link', { name: 'Ремонт' });
  fireEvent.click(screen.getByRole('button', { name: 'Создать доску' }));
  // The modal is its own chunk: the first opening waits for it.
  return screen.findByRole('dialog', { name: 'Новая доска' });
}

describe('create board', () => {
  it('opens a 400px modal in the portal, sends { name, sort } and shows the answered list', async () => {
    localStorage.setItem('mainPageSort', 'byNameASC');
    reloadViewSettings();
    signIn();
    serve(() => jsonResponse(200, created));
    const dialog = await openModal();
    expect(dialog.style.maxWidth).toBe('400px');
    expect(document.getElementById('modal-root')?.contains(dialog)).toBe(true);
    // The focus moves in the dialog's effect, which may run a moment after its first paint.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Название')));

    fireEvent.change(screen.getByLabelText('Название'), { target: { value: '  Альфа ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Создать' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodyOf('POST /api/board')).toEqual({ name: 'Альфа', sort: 'byNameASC' });
    const list = screen.getByRole('list', { name: 'Доски' });
    const names = within(list)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names).toEqual(['Альфа', 'Ремонт']);
  });

  it('leaves sort out for the default order', async () => {
    signIn();
    serve(() => jsonResponse(200, created));
    await openModal();
    fireEvent.change(screen.getByLabelText('Название'), { target: { value: 'Альфа' } });
    fireEvent.submit(screen.getByLabelText('Название'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodyOf('POST /api/board')).toEqual({ name: 'Альфа' });
  });

  it('shows the server field error under the field and clears it on edit', async () => {
    signIn();
    serve(() => jsonResponse(400, { name: 'Введите название доски' }));
    await openModal();
    fireEvent.click(screen.getByRole('button', { name: 'Создать' }));

    expect(await screen.findByText('Введите название доски')).toBeTruthy();
    expect(screen.getByLabelText('Название').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('button', { name: 'Ошибка' })).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Название'), { target: { value: 'Б' } });
    expect(screen.queryByText('Введите название доски')).toBeNull();
    expect(screen.getByRole('button', { name: 'Создать' })).toBeTruthy();
  });

  it('shows an error without a field above the form', async () => {
    signIn();
    serve(() => jsonResponse(500, { message: 'Внутренняя ошибка сервера' }));
    await openModal();
    fireEvent.change(screen.getByLabelText('Название'), { target: { value: 'Альфа' } });
    fireEvent.click(screen.getByRole('button', { name: 'Создать' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Внутренняя ошибка сервера');
  });

  it('closes on Escape, on the backdrop and on the close button, and starts empty again', async () => {
    signIn();
    serve(() => jsonResponse(200, created));
    await openModal();
    fireEvent.change(screen.getByLabelText('Название'), { target: { value: 'Черновик' } });
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Создать доску' }));
    expect((screen.getByLabelText('Название') as HTMLInputElement).value).toBe('');
    const backdrop = screen.getByTestId('modal-backdrop');
    fireEvent.mouseDown(backdrop);
    fireEvent.click(backdrop);
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Создать доску' }));
    fireEvent.click(screen.getByRole('button', { name: 'Закрыть' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
