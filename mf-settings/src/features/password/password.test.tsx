import { fireEvent, screen } from '@testing-library/react';
import { useAuthStore } from 'shared-ui';
import { bodyOf, jsonResponse, routeApi } from 'shared-ui/test-kit';
import { describe, expect, it } from 'vitest';
import { renderApp, signIn } from '../../test/utils';

const fill = (oldPassword: string, password: string, password2: string) => {
  fireEvent.change(screen.getByLabelText('Текущий пароль'), { target: { value: oldPassword } });
  fireEvent.change(screen.getByLabelText('Новый пароль'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Повторите пароль'), { target: { value: password2 } });
};
const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe('password form', () => {
  it('sends the trimmed passwords, shows Пароль изменён, clears the fields and keeps the new token', async () => {
    signIn();
    routeApi({ 'PUT /api/auth/password': () => jsonResponse(200, { success: true, token: 'new-token' }) });
    renderApp();
    fill(' old-secret ', ' new-secret ', 'new-secret ');
    fireEvent.click(screen.getByRole('button', { name: 'Изменить пароль' }));
    expect(await screen.findByRole('button', { name: 'Пароль изменён' })).toBeTruthy();
    expect(bodyOf('PUT /api/auth/password')).toEqual({
      oldPassword: 'old-secret',
      password: 'new-secret',
      password2: 'new-secret',
    });
    expect([value('Текущий пароль'), value('Новый пароль'), value('Повторите пароль')]).toEqual(['', '', '']);
    expect(localStorage.getItem('token')).toBe('new-token');
    expect(useAuthStore.getState().token).toBe('new-token');
  });

  it('shows Ошибка and the error under the field, keeping what was typed', async () => {
    signIn();
    routeApi({ 'PUT /api/auth/password': () => jsonResponse(400, { oldPassword: 'Неверный пароль' }) });
    renderApp();
    fill('wrong', 'new-secret', 'new-secret');
    fireEvent.click(screen.getByRole('button', { name: 'Изменить пароль' }));
    expect(await screen.findByRole('button', { name: 'Ошибка' })).toBeTruthy();
    expect(screen.getByText('Неверный пароль')).toBeTruthy();
    expect(value('Новый пароль')).toBe('new-secret');
    expect(localStorage.getItem('token')).toBe('old-token');

    fireEvent.change(screen.getByLabelText('Текущий пароль'), { target: { value: 'right' } });
    expect(screen.queryByText('Неверный пароль')).toBeNull();
    expect(screen.getByRole('button', { name: 'Изменить пароль' })).toBeTruthy();
  });
});
