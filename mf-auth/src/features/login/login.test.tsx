import { fireEvent, screen } from '@testing-library/react';
import { useAuthStore } from 'shared-ui';
import { assign, bodyOf, fetchMock, jsonResponse, location, routeApi } from 'shared-ui/test-kit';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/utils';

describe('login', () => {
  it('renders the screen with the email field focused', () => {
    renderApp('/login');
    expect(screen.getByRole('heading', { name: 'Вход' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    expect(screen.getByRole('link', { name: 'Сбросить пароль' }).getAttribute('href')).toBe('/reset');
  });

  it('shows server field errors under the fields and clears one when it is edited', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(400, { password: 'Неверный e-mail или пароль' }));
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
    fetchMock.mockImplementation(async () => jsonResponse(429, { message: 'Слишком много попыток' }));
    renderApp('/login');
    fireEvent.submit(screen.getByRole('button', { name: 'Войти' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Слишком много попыток');
  });

  it('stores the token and reloads to / on success', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, { token: 'new-token' }));
    renderApp('/login');
    fireEvent.submit(screen.getByRole('button', { name: 'Войти' }));
    await screen.findByRole('button', { name: 'Готово' });
    expect(localStorage.getItem('token')).toBe('new-token');
    expect(assign).toHaveBeenCalledWith('/');
  });

  it('clears its errors when the screen is left', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(400, { email: 'Введите e-mail' }));
    renderApp('/login');
    fireEvent.submit(screen.getByRole('button', { name: 'Войти' }));
    await screen.findByText('Введите e-mail');
    fireEvent.click(screen.getByRole('link', { name: 'Регистрация' }));
    expect(screen.getByRole('heading', { name: 'Регистрация' })).toBeTruthy();
    expect(useAuthStore.getState().forms.login).toEqual({ status: 'default', errors: {} });
  });
});

/** Answers each call to `key` with the next of `answers` (the last one again once they run out). */
function answers(...list: Response[]) {
  return () => list.shift() ?? jsonResponse(500, {});
}

describe('login with two-factor sign-in', () => {
  it('asks for the code after the password and signs in with it', async () => {
    routeApi({
      'POST /api/auth/login': answers(jsonResponse(200, { twoFactorRequired: true, ticket: 'ticket-1' })),
      'POST /api/auth/login/2fa': answers(
        jsonResponse(400, { code: 'Неверный код' }),
        jsonResponse(200, { token: 'new-token' }),
      ),
    });
    renderApp('/login');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'anna@example.com' } });
    fireEvent.change(screen.getByLabelText('Пароль'), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Войти' }));

    const code = await screen.findByLabelText('Код из приложения');
    expect(document.activeElement).toBe(code);
    expect(localStorage.getItem('token')).toBeNull();

    fireEvent.change(code, { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByText('Неверный код')).toBeTruthy();

    fireEvent.change(code, { target: { value: ' 123 456 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Войти' }));
    await screen.findByRole('button', { name: 'Готово' });
    expect(bodyOf('POST /api/auth/login/2fa')).toEqual({ ticket: 'ticket-1', code: '123 456' });
    expect(localStorage.getItem('token')).toBe('new-token');
    expect(assign).toHaveBeenCalledWith('/');
  });

  it('goes back to the password with the reason when the ticket lapsed, keeping the e-mail', async () => {
    routeApi({
      'POST /api/auth/login': { twoFactorRequired: true, ticket: 'old' },
      'POST /api/auth/login/2fa': () =>
        jsonResponse(400, { ticket: 'Вход устарел: введите e-mail и пароль ещё раз' }),
    });
    renderApp('/login');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'anna@example.com' } });
    fireEvent.submit(screen.getByRole('button', { name: 'Войти' }));
    const code = await screen.findByLabelText('Код из приложения');

    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.submit(screen.getByRole('button', { name: 'Войти' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Вход устарел: введите e-mail и пароль ещё раз',
    );
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('anna@example.com');
  });

  it('offers a way back to another account', async () => {
    routeApi({ 'POST /api/auth/login': { twoFactorRequired: true, ticket: 't' } });
    renderApp('/login');
    fireEvent.submit(screen.getByRole('button', { name: 'Войти' }));
    await screen.findByLabelText('Код из приложения');
    fireEvent.click(screen.getByRole('button', { name: 'Войти с другим паролем или e-mail' }));
    expect(screen.getByLabelText('Пароль')).toBeTruthy();
  });
});

describe('sign-in through the identity provider', () => {
  const provider = { id: 'oidc', name: 'Тест-ID', only: false };

  it('offers the provider beside the password, keeping where the visitor was going', async () => {
    routeApi({ 'GET /api/auth/providers': [provider] });
    renderApp('/login?returnTo=%2Fboard%2F7');
    const link = await screen.findByRole('link', { name: 'Войти через Тест-ID' });
    expect(link.getAttribute('href')).toBe('/api/auth/oidc/start?returnTo=%2Fboard%2F7');
    expect(screen.getByLabelText('Пароль')).toBeTruthy();
  });

  it('with OIDC_ONLY hides the password form and registration', async () => {
    routeApi({ 'GET /api/auth/providers': [{ ...provider, only: true }] });
    renderApp('/login');
    expect(await screen.findByRole('link', { name: 'Войти через Тест-ID' })).toBeTruthy();
    expect(screen.queryByLabelText('Пароль')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Регистрация' })).toBeNull();
  });

  it('trades the code it comes back with for a token and goes where the sign-in started', async () => {
    routeApi({
      'GET /api/auth/providers': [provider],
      'POST /api/auth/oidc/finish': { token: 'oidc-token', returnTo: '/board/7' },
    });
    renderApp('/login?oidc=one-time');
    expect(screen.getByText('Входим…').getAttribute('role')).toBe('status');
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/board/7'));
    expect(bodyOf('POST /api/auth/oidc/finish')).toEqual({ code: 'one-time' });
    expect(localStorage.getItem('token')).toBe('oidc-token');
    expect(location()).toBe('/login');
  });

  it("shows the provider's failure in Russian and drops it from the address", async () => {
    routeApi({ 'GET /api/auth/providers': [provider] });
    renderApp('/login?oidcError=denied');
    expect((await screen.findByRole('alert')).textContent).toBe('Вход через провайдера отменён');
    expect(location()).toBe('/login');
    expect(screen.getByLabelText('Email')).toBeTruthy();
  });

  it('says so when the one-time code lapsed', async () => {
    routeApi({
      'POST /api/auth/oidc/finish': () => jsonResponse(400, { code: 'Вход устарел, попробуйте ещё раз' }),
    });
    renderApp('/login?oidc=stale');
    expect((await screen.findByRole('alert')).textContent).toBe('Вход устарел, попробуйте ещё раз');
    expect(localStorage.getItem('token')).toBeNull();
  });
});
