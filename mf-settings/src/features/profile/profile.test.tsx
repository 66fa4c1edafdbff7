import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useAuthStore } from 'shared-ui';
import { bodyOf, calls, jsonResponse, routeApi } from 'shared-ui/test-kit';
import { describe, expect, it } from 'vitest';
import { callsBesidePageReads, ME, renderApp, signIn } from '../../test/utils';

const save = () => fireEvent.click(screen.getByRole('button', { name: /Сохран/ }));

describe('profile form', () => {
  it('sends the trimmed name and e-mail and the gender as 1, 0 or null; success reloads the user', async () => {
    signIn();
    let user = ME;
    routeApi({
      'PUT /api/auth/edit': async (_url, init) => {
        user = { ...user, ...(JSON.parse(String(init?.body)) as object) };
        return jsonResponse(200, { success: true });
      },
      'GET /api/auth/user': () => jsonResponse(200, user),
    });
    renderApp();
    const name = screen.getByLabelText('Имя') as HTMLInputElement;
    expect(name.value).toBe('Анна');
    expect((screen.getByLabelText('Пол') as HTMLSelectElement).value).toBe('');
    expect(
      [...(screen.getByLabelText('Пол') as HTMLSelectElement).options].map((option) => option.text),
    ).toEqual(['Не выбран', 'Мужской', 'Женский']);

    fireEvent.change(name, { target: { value: '  Анна Петрова  ' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: ' anna.p@example.com ' } });
    fireEvent.change(screen.getByLabelText('Пол'), { target: { value: '1' } });
    save();
    expect(await screen.findByRole('button', { name: 'Сохранено' })).toBeTruthy();
    expect(bodyOf('PUT /api/auth/edit')).toEqual({
      name: 'Анна Петрова',
      email: 'anna.p@example.com',
      gender: 1,
    });
    expect(callsBesidePageReads()).toEqual(['PUT /api/auth/edit', 'GET /api/auth/user']);
    expect(useAuthStore.getState().user?.name).toBe('Анна Петрова');
    expect(name.value).toBe('Анна Петрова');

    // Editing a field brings the label back.
    fireEvent.change(screen.getByLabelText('Пол'), { target: { value: '0' } });
    expect(screen.getByRole('button', { name: 'Сохранить' })).toBeTruthy();
    save();
    await screen.findByRole('button', { name: 'Сохранено' });
    expect(bodyOf('PUT /api/auth/edit')).toMatchObject({ gender: 0 });

    fireEvent.change(screen.getByLabelText('Пол'), { target: { value: '' } });
    save();
    await waitFor(() => expect(bodyOf('PUT /api/auth/edit')).toMatchObject({ gender: null }));
  });

  it('shows Ошибка and the field error under its field; editing the field clears both', async () => {
    signIn();
    routeApi({ 'PUT /api/auth/edit': () => jsonResponse(400, { email: 'Введите корректный e-mail' }) });
    renderApp();
    const email = screen.getByLabelText('Email');
    fireEvent.change(email, { target: { value: 'нет' } });
    save();
    expect(await screen.findByRole('button', { name: 'Ошибка' })).toBeTruthy();
    const error = screen.getByText('Введите корректный e-mail');
    expect(email.getAttribute('aria-describedby')).toBe(error.id);
    expect(calls()).not.toContain('GET /api/auth/user');

    fireEvent.change(email, { target: { value: 'anna@example.com' } });
    expect(screen.queryByText('Введите корректный e-mail')).toBeNull();
    expect(screen.getByRole('button', { name: 'Сохранить' })).toBeTruthy();
  });
});
