import { fireEvent, screen } from '@testing-library/react';
import { bodyOf, fetchMock, jsonResponse } from 'shared-ui/test-kit';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/utils';

describe('register', () => {
  it('sends the trimmed name and password2, shows field errors and clears them on edit', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(400, { email: 'Этот e-mail уже занят' }));
    renderApp('/register');
    fireEvent.change(screen.getByLabelText('Имя'), { target: { value: '  Анна  ' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'anna@example.com' } });
    fireEvent.change(screen.getByLabelText('Пароль'), { target: { value: 'secret12' } });
    fireEvent.change(screen.getByLabelText('Повторите пароль'), { target: { value: 'secret12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));

    expect(await screen.findByText('Этот e-mail уже занят')).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/auth/register');
    expect(bodyOf('POST /api/auth/register')).toEqual({
      name: 'Анна',
      email: 'anna@example.com',
      password: 'secret12',
      password2: 'secret12',
    });

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'anna2@example.com' } });
    expect(screen.queryByText('Этот e-mail уже занят')).toBeNull();
  });

  it('fills the e-mail in from an invitation link', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(400, { name: 'Введите имя' }));
    renderApp('/register?email=new%2Bfriend%40example.com');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('new+friend@example.com');
    fireEvent.change(screen.getByLabelText('Пароль'), { target: { value: 'secret12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    expect(await screen.findByText('Введите имя')).toBeTruthy();
    expect(bodyOf('POST /api/auth/register')).toMatchObject({ email: 'new+friend@example.com' });
  });
});
