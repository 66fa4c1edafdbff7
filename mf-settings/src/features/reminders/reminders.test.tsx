import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useAuthStore } from 'shared-ui';
import { bodyOf, calls, jsonResponse, routeApi } from 'shared-ui/test-kit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ME, renderApp, signIn } from '../../test/utils';

const FEED = 'http://localhost:3000/api/calendar/AAAA.ics';
const NEW_FEED = 'http://localhost:3000/api/calendar/BBBB.ics';

const section = () => screen.getByRole('region', { name: 'Напоминания' });
const calendar = () => screen.getByRole('region', { name: 'Подписаться в календаре' });
const mailBox = () => screen.getByRole('checkbox', { name: 'Присылать напоминания о сроках на почту' });

function clipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('reminders settings', () => {
  it('saves e-mail reminders through the profile edit call and reloads the user', async () => {
    signIn();
    let user = ME;
    routeApi({
      'GET /api/calendar/token': { url: null },
      'PUT /api/auth/edit': (_url, init) => {
        user = { ...user, ...(JSON.parse(String(init?.body)) as object) };
        return jsonResponse(200, { success: true });
      },
      'GET /api/auth/user': () => jsonResponse(200, user),
    });
    renderApp();
    expect(within(section()).getByText(/за 24 часа до срока/)).toBeTruthy();
    const box = mailBox() as HTMLInputElement;
    expect(box.checked).toBe(false);

    fireEvent.click(box);
    expect(box.checked).toBe(true);
    expect(await within(section()).findByText('Сохранено')).toBeTruthy();
    expect(bodyOf('PUT /api/auth/edit')).toEqual({
      name: 'Анна',
      email: 'anna@example.com',
      emailReminders: true,
      emailNotifications: 'instant',
    });
    expect(calls()).toContain('GET /api/auth/user');
    expect(useAuthStore.getState().user?.emailReminders).toBe(true);
    expect(box.checked).toBe(true);
    expect(box.getAttribute('aria-describedby')).toBe(within(section()).getByText('Сохранено').id);

    fireEvent.click(box);
    await waitFor(() => expect(bodyOf('PUT /api/auth/edit')).toMatchObject({ emailReminders: false }));
    await waitFor(() => expect(useAuthStore.getState().user?.emailReminders).toBe(false));
  });

  it('puts the checkbox back and says why when saving fails', async () => {
    signIn({ ...ME, emailReminders: true });
    routeApi({
      'GET /api/calendar/token': { url: null },
      'PUT /api/auth/edit': () => jsonResponse(500, { message: 'Внутренняя ошибка сервера' }),
    });
    renderApp();
    const box = mailBox() as HTMLInputElement;
    expect(box.checked).toBe(true);
    fireEvent.click(box);
    expect(await within(section()).findByText('Внутренняя ошибка сервера')).toBeTruthy();
    expect(box.checked).toBe(true);
    expect(calls()).not.toContain('GET /api/auth/user');
  });

  it('makes the calendar link on request and copies it', async () => {
    signIn();
    const writeText = vi.fn(async () => {});
    clipboard(writeText);
    routeApi({ 'GET /api/calendar/token': { url: null }, 'POST /api/calendar/token': { url: FEED } });
    renderApp();
    expect(within(calendar()).getByText('Загрузка ссылки на календарь')).toBeTruthy();

    fireEvent.click(await within(calendar()).findByRole('button', { name: 'Получить ссылку' }));
    const input = (await within(calendar()).findByLabelText('Ссылка на календарь')) as HTMLInputElement;
    expect(input.value).toBe(FEED);
    expect(input.readOnly).toBe(true);
    expect(calls().filter((call) => call === 'POST /api/calendar/token')).toHaveLength(1);
    expect(within(calendar()).getByText('Ссылка готова')).toBeTruthy();

    fireEvent.click(within(calendar()).getByRole('button', { name: 'Скопировать' }));
    expect(await within(calendar()).findByRole('button', { name: 'Скопировано' })).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(FEED);
  });

  it('says when copying is not possible', async () => {
    signIn();
    clipboard(async () => {
      throw new DOMException('denied', 'NotAllowedError');
    });
    routeApi({ 'GET /api/calendar/token': { url: FEED } });
    renderApp();
    fireEvent.click(await within(calendar()).findByRole('button', { name: 'Скопировать' }));
    expect(await within(calendar()).findByRole('button', { name: 'Не удалось скопировать' })).toBeTruthy();
  });

  it('resets the link only after confirmation', async () => {
    signIn();
    routeApi({ 'GET /api/calendar/token': { url: FEED }, 'POST /api/calendar/token': { url: NEW_FEED } });
    renderApp();
    const input = (await within(calendar()).findByLabelText('Ссылка на календарь')) as HTMLInputElement;
    expect(input.value).toBe(FEED);
    expect(within(calendar()).queryByRole('button', { name: 'Получить ссылку' })).toBeNull();

    fireEvent.click(within(calendar()).getByRole('button', { name: 'Сбросить ссылку' }));
    const dialog = await screen.findByRole('dialog', { name: 'Сбросить ссылку?' });
    expect(dialog.textContent).toContain('Старая ссылка сразу перестанет работать');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls()).not.toContain('POST /api/calendar/token');

    fireEvent.click(within(calendar()).getByRole('button', { name: 'Сбросить ссылку' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Сбросить ссылку?' })).getByRole('button', {
        name: 'Сбросить',
      }),
    );
    await waitFor(() => expect(input.value).toBe(NEW_FEED));
    expect(calls().filter((call) => call === 'POST /api/calendar/token')).toHaveLength(1);
    expect(within(calendar()).getByText('Ссылка сброшена, вот новая')).toBeTruthy();
  });

  it('shows the reset failure and keeps the old link', async () => {
    signIn();
    routeApi({
      'GET /api/calendar/token': { url: FEED },
      'POST /api/calendar/token': () => jsonResponse(500, { message: 'Внутренняя ошибка сервера' }),
    });
    renderApp();
    fireEvent.click(await within(calendar()).findByRole('button', { name: 'Сбросить ссылку' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Сбросить' }));
    expect(await within(calendar()).findByText('Внутренняя ошибка сервера')).toBeTruthy();
    expect(within(calendar()).getByRole('button', { name: 'Ошибка' })).toBeTruthy();
    expect((within(calendar()).getByLabelText('Ссылка на календарь') as HTMLInputElement).value).toBe(FEED);
  });

  it('offers Повторить when the link cannot be loaded', async () => {
    signIn();
    let fail = true;
    routeApi({
      'GET /api/calendar/token': () =>
        fail ? jsonResponse(503, { message: 'Нет связи' }) : jsonResponse(200, { url: FEED }),
    });
    renderApp();
    const alert = await within(calendar()).findByRole('alert');
    expect(alert.textContent).toContain('Не удалось загрузить ссылку на календарь.');
    fail = false;
    act(() => fireEvent.click(within(alert).getByRole('button', { name: 'Повторить' })));
    expect(await within(calendar()).findByLabelText('Ссылка на календарь')).toBeTruthy();
  });
});
