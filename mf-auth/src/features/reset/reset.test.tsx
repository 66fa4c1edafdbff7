import { fireEvent, screen, waitFor } from '@testing-library/react';
import { bodyOf, fetchMock, jsonResponse } from 'shared-ui/test-kit';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/utils';

const location = () => screen.getByTestId('location').textContent;

describe('password reset', () => {
  it('sends the e-mail trimmed and lower-cased and goes to the code step', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { id: 'r1' }));
    renderApp('/reset');
    expect(screen.getByText(/Мы отправим на него код/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: '  Anna@Example.COM ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сбросить' }));

    await waitFor(() => expect(location()).toBe('/reset/validate/r1'));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/reset/create');
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('POST');
    expect(bodyOf('POST /api/reset/create')).toEqual({ email: 'anna@example.com' });
    expect(screen.getByRole('heading', { name: 'Подтверждение' })).toBeTruthy();
  });

  it('prefills the code from ?code=, sends it trimmed and lower-cased with the reset id', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { id: 'r1' }));
    renderApp('/reset/validate/r1?code=%20AbCd1234%20');
    const code = screen.getByLabelText('Код из письма') as HTMLInputElement;
    expect(code.value).toBe(' AbCd1234 ');
    fireEvent.click(screen.getByRole('button', { name: 'Подтвердить' }));

    await waitFor(() => expect(location()).toBe('/reset/finish/r1'));
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('PATCH');
    expect(bodyOf('PATCH /api/reset/validate')).toEqual({ code: 'abcd1234', resetId: 'r1' });
  });

  it('shows the code error under the field and clears it when the code is edited', async () => {
    fetchMock.mockResolvedValue(jsonResponse(400, { code: 'Неверный код' }));
    renderApp('/reset/validate/r1');
    fireEvent.change(screen.getByLabelText('Код из письма'), { target: { value: 'zzz' } });
    fireEvent.click(screen.getByRole('button', { name: 'Подтвердить' }));

    expect(await screen.findByText('Неверный код')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ошибка' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Код из письма'), { target: { value: 'zzzz' } });
    expect(screen.queryByText('Неверный код')).toBeNull();
    expect(screen.getByRole('button', { name: 'Подтвердить' })).toBeTruthy();
  });

  it('sends both new passwords trimmed and shows the success screen', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { isCompleted: true }));
    renderApp('/reset/finish/r1');
    fireEvent.change(screen.getByLabelText('Новый пароль'), { target: { value: ' secret12 ' } });
    fireEvent.change(screen.getByLabelText('Повторите пароль'), { target: { value: 'secret12 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));

    expect(await screen.findByRole('heading', { name: 'Пароль успешно сброшен!' })).toBeTruthy();
    expect(bodyOf('PATCH /api/reset/password')).toEqual({
      resetId: 'r1',
      password: 'secret12',
      password2: 'secret12',
    });
    expect(location()).toBe('/reset/success');
    expect(screen.getByRole('link', { name: 'Вернуться ко входу' }).getAttribute('href')).toBe('/login');
  });

  it('shows password2 errors from the server', async () => {
    fetchMock.mockResolvedValue(jsonResponse(400, { password2: 'Пароли не совпадают' }));
    renderApp('/reset/finish/r1');
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Пароли не совпадают')).toBeTruthy();
  });
});
