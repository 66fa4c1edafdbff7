import { fireEvent, screen } from '@testing-library/react';
import { useAuthStore } from 'shared-ui';
import { assign, bodyOf, fetchMock, jsonResponse } from 'shared-ui/test-kit';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/utils';

describe('login', () => {
  it('renders the screen with the email field focused', () => {
    renderApp('/login');
    expect(screen.getByRole('heading', { name: 'Вход' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    expect(screen.getByRole('link', { name: 'Сбросить пароль' }).getAttribute('href')).toBe('/reset');
  });

  it('shows server field errors under the fields and clears one when it is edited', async () => {
    fetchMock.mockResolvedValue(jsonResponse(400, { password: 'Неверный e-mail или пароль' }));
    renderApp('/login');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: '  anna@example.com ' } });
    fireEvent.change(screen.getByLabelText('Пароль'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Войти' }));

    expect(await screen.findByText('Неверный e-mail или пароль')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ошибка' })).toBeTruthy();
    expect(bodyOf('POST /api/auth/login')).toEqual({ email: 'anna@example.com', password: 'wrong' });

    fireEvent.change(screen.getByLabelText('Пароль'), { target: { value: 'wrong2' } });
    expect(screen.queryByText('Неверный e-mail или пароль')).toBeNull();
    expect(screen.getByRole('button', { name: 'Войти' })).toBeTruthy();
  });

  it('shows message as a form-level error', async () => {
    fetchMock.mockResolvedValue(jsonResponse(429, { message: 'Слишком много попыток' }));
    renderApp('/login');
    fireEvent.submit(screen.getByRole('button', { name: 'Войти' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Слишком много попыток');
  });

  it('stores the token and reloads to / on success', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { token: 'new-token' }));
    renderApp('/login');
    fireEvent.submit(screen.getByRole('button', { name: 'Войти' }));
    await screen.findByRole('button', { name: 'Готово' });
    expect(localStorage.getItem('token')).toBe('new-token');
    expect(assign).toHaveBeenCalledWith('/');
  });

  it('clears its errors when the screen is left', async () => {
    fetchMock.mockResolvedValue(jsonResponse(400, { email: 'Введите e-mail' }));
    renderApp('/login');
    fireEvent.submit(screen.getByRole('button', { name: 'Войти' }));
    await screen.findByText('Введите e-mail');
    fireEvent.click(screen.getByRole('link', { name: 'Регистрация' }));
    expect(screen.getByRole('heading', { name: 'Регистрация' })).toBeTruthy();
    expect(useAuthStore.getState().forms.login).toEqual({ status: 'default', errors: {} });
  });
});
