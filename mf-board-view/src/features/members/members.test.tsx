import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Board } from 'contract';
import { useModalStore } from 'shared-ui';
import { bodyOf, calls, jsonResponse, location, routeApi } from 'shared-ui/test-kit';
import { describe, expect, it } from 'vitest';
import { ME, makeBoard, makeBoardAs, renderApp } from '../../test/utils';

async function openMembers(path = '/board/7') {
  renderApp(path);
  await screen.findByRole('heading', { name: 'Проект Альфа' });
  fireEvent.click(screen.getByRole('button', { name: /Участники/ }));
  return screen.findByRole('dialog', { name: 'Участники' });
}

const row = (dialog: HTMLElement, text: string) =>
  within(dialog).getByText(text).closest('li') as HTMLElement;

const button = (scope: HTMLElement, name: string) =>
  within(scope).getByRole('button', { name }) as HTMLButtonElement;

/** The fixture with Дина (5), an accepted administrator. */
function withAdmin(board: Board = makeBoard()): Board {
  board.members.push({
    id: 5,
    name: 'Дина',
    email: 'dina@example.com',
    avatar: null,
    accepted: true,
    isDeleted: false,
    role: 'admin',
  });
  return board;
}

describe('members modal', () => {
  it('lets the owner invite, change roles, remove others and cancel invitations, but not remove themselves', async () => {
    routeApi({ 'GET /api/board/7': makeBoard() });
    const dialog = await openMembers();
    expect(within(dialog).getByLabelText('Пригласить по e-mail')).toBeTruthy();
    expect((within(dialog).getByLabelText('Роль') as HTMLSelectElement).value).toBe('member');
    const anna = row(dialog, 'Анна');
    expect(within(anna).queryByRole('button')).toBeNull();
    expect(within(anna).queryByRole('combobox')).toBeNull();
    expect(within(anna).getByText('Владелец')).toBeTruthy();
    const boris = row(dialog, 'Борис');
    expect((within(boris).getByRole('combobox', { name: 'Роль: Борис' }) as HTMLSelectElement).value).toBe(
      'member',
    );
    expect(button(boris, 'Удалить').disabled).toBe(false);
    // Борис is no administrator: nothing to hand him.
    expect(within(boris).queryByRole('button', { name: 'Передать доску' })).toBeNull();
    // The invitation shows the e-mail and its role; the member who left is not listed.
    const vera = row(dialog, 'vera@example.com');
    expect(within(vera).getByRole('combobox', { name: 'Роль: vera@example.com' })).toBeTruthy();
    expect(button(vera, 'Отменить').disabled).toBe(false);
    expect(within(dialog).queryByText('Гоша')).toBeNull();
  });

  it("shows a member the roles, 'Выйти' for themselves, disabled 'Удалить' and 'Отменить' saying why, and no invite form", async () => {
    routeApi({ 'GET /api/board/7': withAdmin(makeBoardAs('member')) });
    const dialog = await openMembers();
    expect(within(dialog).queryByLabelText('Пригласить по e-mail')).toBeNull();
    expect(within(dialog).getByText(/только администратор доски/)).toBeTruthy();
    expect(within(dialog).queryByRole('combobox')).toBeNull();
    expect(button(row(dialog, 'Анна'), 'Выйти')).toBeTruthy();
    expect(within(row(dialog, 'Анна')).getByText('Участник')).toBeTruthy();
    // Борис owns the board: no button by his name.
    expect(within(row(dialog, 'Борис')).queryByRole('button')).toBeNull();
    expect(within(row(dialog, 'Борис')).getByText('Владелец')).toBeTruthy();
    const remove = button(row(dialog, 'Дина'), 'Удалить');
    expect(remove.disabled).toBe(true);
    expect(within(row(dialog, 'Дина')).getByText('Администратор')).toBeTruthy();
    expect(remove.getAttribute('aria-describedby')).toBeTruthy();
    const cancel = button(row(dialog, 'vera@example.com'), 'Отменить');
    expect(cancel.disabled).toBe(true);
    const hint = document.getElementById(cancel.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toMatch(/только администратор доски/);
  });

  it('leaves the board after confirmation and goes to /', async () => {
    routeApi({
      'GET /api/board/7': makeBoardAs('member'),
      'DELETE /api/board/7/member/1': { success: true },
    });
    const dialog = await openMembers();
    fireEvent.click(button(row(dialog, 'Анна'), 'Выйти'));
    const confirm = await screen.findByRole('dialog', { name: 'Выйти из доски?' });
    fireEvent.click(button(confirm, 'Выйти'));
    await waitFor(() => expect(location()).toBe('/'));
    expect(calls()).toContain('DELETE /api/board/7/member/1');
    expect(useModalStore.getState().modal).toBeNull();
  });

  it('removes a member only after confirmation', async () => {
    routeApi({ 'GET /api/board/7': makeBoard(), 'DELETE /api/board/7/member/2': { success: true } });
    const dialog = await openMembers();
    fireEvent.click(button(row(dialog, 'Борис'), 'Удалить'));
    let confirm = await screen.findByRole('dialog', { name: 'Удалить участника?' });
    fireEvent.click(button(confirm, 'Отмена'));
    expect(calls()).not.toContain('DELETE /api/board/7/member/2');
    fireEvent.click(button(row(dialog, 'Борис'), 'Удалить'));
    confirm = await screen.findByRole('dialog', { name: 'Удалить участника?' });
    fireEvent.click(button(confirm, 'Удалить'));
    await waitFor(() => expect(calls()).toContain('DELETE /api/board/7/member/2'));
    // Refetched after the change.
    await waitFor(() => expect(calls().filter((call) => call === 'GET /api/board/7')).toHaveLength(2));
  });

  it('invites by e-mail with a role, ignores an empty address and shows errors under the field', async () => {
    let answer = jsonResponse(400, { email: 'Уже участник доски' });
    routeApi({ 'GET /api/board/7': makeBoard(), 'POST /api/invite/send': () => answer });
    const dialog = await openMembers();
    const input = within(dialog).getByLabelText('Пригласить по e-mail');
    fireEvent.click(button(dialog, 'Пригласить'));
    expect(calls()).not.toContain('POST /api/invite/send');

    fireEvent.change(input, { target: { value: ' boris@example.com ' } });
    fireEvent.click(button(dialog, 'Пригласить'));
    expect(await within(dialog).findByText('Уже участник доски')).toBeTruthy();
    // 'Участник' unless another role is chosen.
    expect(bodyOf('POST /api/invite/send')).toEqual({
      boardId: 7,
      email: 'boris@example.com',
      role: 'member',
    });

    answer = jsonResponse(200, { success: true });
    fireEvent.change(input, { target: { value: 'new@example.com' } });
    fireEvent.change(within(dialog).getByLabelText('Роль'), { target: { value: 'viewer' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    // Previous errors are cleared at the start of the next attempt.
    await waitFor(() => expect(within(dialog).queryByText('Уже участник доски')).toBeNull());
    await waitFor(() => expect((input as HTMLInputElement).value).toBe(''));
    expect(bodyOf('POST /api/invite/send')).toEqual({ boardId: 7, email: 'new@example.com', role: 'viewer' });
  });

  it('cancels an invitation after confirmation', async () => {
    routeApi({ 'GET /api/board/7': makeBoard(), 'DELETE /api/invite/delete/7/3': { success: true } });
    const dialog = await openMembers();
    fireEvent.click(button(row(dialog, 'vera@example.com'), 'Отменить'));
    const confirm = await screen.findByRole('dialog', { name: 'Отменить приглашение?' });
    fireEvent.click(button(confirm, 'Отменить приглашение'));
    await waitFor(() => expect(calls()).toContain('DELETE /api/invite/delete/7/3'));
  });

  it("changes a member's role with PUT /api/member/role, and shows a refusal in the member's row", async () => {
    let answer = jsonResponse(200, { success: true });
    routeApi({ 'GET /api/board/7': makeBoard(), 'PUT /api/member/role': () => answer });
    const dialog = await openMembers();
    const select = within(row(dialog, 'Борис')).getByRole('combobox', { name: 'Роль: Борис' });
    fireEvent.change(select, { target: { value: 'commenter' } });
    await waitFor(() => expect(calls()).toContain('PUT /api/member/role'));
    expect(bodyOf('PUT /api/member/role')).toEqual({ boardId: 7, userId: 2, role: 'commenter' });
    await waitFor(() => expect(calls().filter((call) => call === 'GET /api/board/7')).toHaveLength(2));

    answer = jsonResponse(403, { message: 'Недостаточно прав' });
    fireEvent.change(select, { target: { value: 'viewer' } });
    expect(await within(row(dialog, 'Борис')).findByRole('alert')).toHaveProperty(
      'textContent',
      'Недостаточно прав',
    );
    // The select shows the role the board still has.
    await waitFor(() => expect((select as HTMLSelectElement).value).toBe('member'));
  });

  it("lets the owner hand the board to an administrator after confirmation ('Передать доску')", async () => {
    routeApi({ 'GET /api/board/7': withAdmin(), 'PUT /api/board/7/owner': { success: true } });
    const dialog = await openMembers();
    fireEvent.click(button(row(dialog, 'Дина'), 'Передать доску'));
    const confirm = await screen.findByRole('dialog', { name: 'Передать доску?' });
    fireEvent.click(button(confirm, 'Передать доску'));
    await waitFor(() => expect(calls()).toContain('PUT /api/board/7/owner'));
    expect(bodyOf('PUT /api/board/7/owner')).toEqual({ userId: 5 });
  });

  it("gives an administrator who is not the owner the role selects, but not 'Передать доску' or the owner's role", async () => {
    const board = withAdmin(makeBoardAs('admin'));
    routeApi({ 'GET /api/board/7': board });
    const dialog = await openMembers();
    expect(within(dialog).getByLabelText('Пригласить по e-mail')).toBeTruthy();
    expect(within(row(dialog, 'Дина')).getByRole('combobox', { name: 'Роль: Дина' })).toBeTruthy();
    expect(within(row(dialog, 'Анна')).getByRole('combobox', { name: 'Роль: Анна' })).toBeTruthy();
    expect(within(row(dialog, 'Борис')).queryByRole('combobox')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Передать доску' })).toBeNull();
    expect(board.members.find((member) => member.id === ME)?.role).toBe('admin');
  });
});
