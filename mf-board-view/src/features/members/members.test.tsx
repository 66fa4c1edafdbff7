import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useModalStore } from 'shared-ui';
import { bodyOf, calls, jsonResponse, location, routeApi } from 'shared-ui/test-kit';
import { describe, expect, it } from 'vitest';
import { makeBoard, renderApp } from '../../test/utils';

async function openMembers(path = '/board/7') {
  renderApp(path);
  await screen.findByRole('heading', { name: 'Проект Альфа' });
  fireEvent.click(screen.getByRole('button', { name: /Участники/ }));
  return screen.findByRole('dialog', { name: 'Участники' });
}

const row = (dialog: HTMLElement, text: string) =>
  within(dialog).getByText(text).closest('li') as HTMLElement;

describe('members modal', () => {
  it('lets the creator invite, remove others and cancel invitations, but not remove themselves', async () => {
    routeApi({ 'GET /api/board/7': makeBoard() });
    const dialog = await openMembers();
    expect(within(dialog).getByLabelText('Пригласить по e-mail')).toBeTruthy();
    expect(within(row(dialog, 'Анна')).queryByRole('button')).toBeNull();
    expect(within(row(dialog, 'Анна')).getByText('Создатель')).toBeTruthy();
    expect(
      (within(row(dialog, 'Борис')).getByRole('button', { name: 'Удалить' }) as HTMLButtonElement).disabled,
    ).toBe(false);
    // The invitation shows the e-mail; the member who left is not listed.
    expect(
      (within(row(dialog, 'vera@example.com')).getByRole('button', { name: 'Отменить' }) as HTMLButtonElement)
        .disabled,
    ).toBe(false);
    expect(within(dialog).queryByText('Гоша')).toBeNull();
  });

  it("shows a member 'Выйти' for themselves and a disabled 'Удалить' for others, and no invite form", async () => {
    routeApi({ 'GET /api/board/7': makeBoard({ createdBy: 2 }) });
    const dialog = await openMembers();
    expect(within(dialog).queryByLabelText('Пригласить по e-mail')).toBeNull();
    expect(within(row(dialog, 'Анна')).getByRole('button', { name: 'Выйти' })).toBeTruthy();
    expect(within(row(dialog, 'Борис')).queryByRole('button')).toBeNull();
    expect(
      (within(row(dialog, 'vera@example.com')).getByRole('button', { name: 'Отменить' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
  });

  it('disables Удалить for a member looking at another member', async () => {
    const board = makeBoard({ createdBy: 2 });
    board.members.push({
      id: 5,
      name: 'Дина',
      email: 'dina@example.com',
      avatar: null,
      accepted: true,
      isDeleted: false,
      role: 'member',
    });
    routeApi({ 'GET /api/board/7': board });
    const dialog = await openMembers();
    expect(
      (within(row(dialog, 'Дина')).getByRole('button', { name: 'Удалить' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('leaves the board after confirmation and goes to /', async () => {
    routeApi({
      'GET /api/board/7': makeBoard({ createdBy: 2 }),
      'DELETE /api/board/7/member/1': { success: true },
    });
    const dialog = await openMembers();
    fireEvent.click(within(row(dialog, 'Анна')).getByRole('button', { name: 'Выйти' }));
    const confirm = await screen.findByRole('dialog', { name: 'Выйти из доски?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Выйти' }));
    await waitFor(() => expect(location()).toBe('/'));
    expect(calls()).toContain('DELETE /api/board/7/member/1');
    expect(useModalStore.getState().modal).toBeNull();
  });

  it('removes a member only after confirmation', async () => {
    routeApi({ 'GET /api/board/7': makeBoard(), 'DELETE /api/board/7/member/2': { success: true } });
    const dialog = await openMembers();
    fireEvent.click(within(row(dialog, 'Борис')).getByRole('button', { name: 'Удалить' }));
    let confirm = await screen.findByRole('dialog', { name: 'Удалить участника?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Отмена' }));
    expect(calls()).not.toContain('DELETE /api/board/7/member/2');
    fireEvent.click(within(row(dialog, 'Борис')).getByRole('button', { name: 'Удалить' }));
    confirm = await screen.findByRole('dialog', { name: 'Удалить участника?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(calls()).toContain('DELETE /api/board/7/member/2'));
    // Refetched after the change.
    await waitFor(() => expect(calls().filter((call) => call === 'GET /api/board/7')).toHaveLength(2));
  });

  it('invites by e-mail, ignores an empty address and shows errors under the field', async () => {
    let answer = jsonResponse(400, { email: 'Уже участник доски' });
    routeApi({ 'GET /api/board/7': makeBoard(), 'POST /api/invite/send': () => answer });
    const dialog = await openMembers();
    const input = within(dialog).getByLabelText('Пригласить по e-mail');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Пригласить' }));
    expect(calls()).not.toContain('POST /api/invite/send');

    fireEvent.change(input, { target: { value: ' boris@example.com ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Пригласить' }));
    expect(await within(dialog).findByText('Уже участник доски')).toBeTruthy();
    expect(bodyOf('POST /api/invite/send')).toEqual({ boardId: 7, email: 'boris@example.com' });

    answer = jsonResponse(200, { success: true });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    // Previous errors are cleared at the start of the next attempt.
    await waitFor(() => expect(within(dialog).queryByText('Уже участник доски')).toBeNull());
    await waitFor(() => expect((input as HTMLInputElement).value).toBe(''));
  });

  it('cancels an invitation after confirmation', async () => {
    routeApi({ 'GET /api/board/7': makeBoard(), 'DELETE /api/invite/delete/7/3': { success: true } });
    const dialog = await openMembers();
    fireEvent.click(within(row(dialog, 'vera@example.com')).getByRole('button', { name: 'Отменить' }));
    const confirm = await screen.findByRole('dialog', { name: 'Отменить приглашение?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Отменить приглашение' }));
    await waitFor(() => expect(calls()).toContain('DELETE /api/invite/delete/7/3'));
  });
});
