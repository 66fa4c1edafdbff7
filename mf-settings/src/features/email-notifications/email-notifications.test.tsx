import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useAuthStore } from 'shared-ui';
import { bodyOf, calls, jsonResponse, routeApi } from 'shared-ui/test-kit';
import { describe, expect, it } from 'vitest';
import { ME, renderApp, signIn } from '../../test/utils';

const section = () => screen.getByRole('region', { name: 'Уведомления' });
const group = () => within(section()).getByRole('group', { name: 'Уведомления на почту' });
const radio = (name: string) => within(group()).getByRole('radio', { name }) as HTMLInputElement;

describe('e-mail notifications setting', () => {
  it('offers the three choices with the saved one checked', () => {
    signIn({ ...ME, emailNotifications: 'daily' });
    routeApi({ 'GET /api/calendar/token': { url: null } });
    renderApp();
    expect(within(section()).getByText(/упоминают в комментарии/)).toBeTruthy();
    expect(
      within(group())
        .getAllByRole('radio')
        .map((input) => (input as HTMLInputElement).value),
    ).toEqual(['instant', 'daily', 'off']);
    expect(radio('Сразу').checked).toBe(false);
    expect(radio('Раз в день (сводка)').checked).toBe(true);
    expect(radio('Не присылать').checked).toBe(false);
  });

  it('saves the choice through the profile edit call and reloads the user', async () => {
    signIn({ ...ME, emailReminders: true });
    let user = { ...ME, emailReminders: true };
    routeApi({
      'GET /api/calendar/token': { url: null },
      'PUT /api/auth/edit': (_url, init) => {
        user = { ...user, ...(JSON.parse(String(init?.body)) as object) };
        return jsonResponse(200, { success: true });
      },
      'GET /api/auth/user': () => jsonResponse(200, user),
    });
    renderApp();
    expect(radio('Сразу').checked).toBe(true);

    fireEvent.click(radio('Не присылать'));
    expect(radio('Не присылать').checked).toBe(true);
    expect(await within(section()).findByText('Сохранено')).toBeTruthy();
    expect(bodyOf('PUT /api/auth/edit')).toEqual({
      name: 'Анна',
      email: 'anna@example.com',
      emailReminders: true,
      emailNotifications: 'off',
    });
    expect(calls()).toContain('GET /api/auth/user');
    expect(useAuthStore.getState().user?.emailNotifications).toBe('off');
    expect(radio('Не присылать').checked).toBe(true);
    expect(group().getAttribute('aria-describedby')).toBe(within(section()).getByText('Сохранено').id);

    fireEvent.click(radio('Раз в день (сводка)'));
    await waitFor(() => expect(useAuthStore.getState().user?.emailNotifications).toBe('daily'));
    // The radios follow the stored user a render after the save settles.
    await waitFor(() => expect(radio('Раз в день (сводка)').checked).toBe(true));
  });

  it('puts the previous choice back and says why when saving fails', async () => {
    signIn();
    routeApi({
      'GET /api/calendar/token': { url: null },
      'PUT /api/auth/edit': () => jsonResponse(500, { message: 'Внутренняя ошибка сервера' }),
    });
    renderApp();
    fireEvent.click(radio('Раз в день (сводка)'));
    const status = await within(section()).findByText('Внутренняя ошибка сервера');
    expect(status.getAttribute('role')).toBe('status');
    expect(radio('Сразу').checked).toBe(true);
    expect(radio('Раз в день (сводка)').checked).toBe(false);
    expect(calls()).not.toContain('GET /api/auth/user');
  });
});
