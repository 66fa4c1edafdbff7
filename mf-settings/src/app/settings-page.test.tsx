import { fireEvent, screen, waitFor } from '@testing-library/react';
import { location } from 'shared-ui/test-kit';
import { describe, expect, it } from 'vitest';
import { renderApp, signIn } from '../test/utils';

describe('settings page', () => {
  it('is titled Настройки with the avatar, profile, password, two-factor, reminders, notifications and API tokens sections', () => {
    signIn();
    renderApp();
    expect(screen.getByRole('heading', { level: 1, name: 'Настройки' })).toBeTruthy();
    expect(document.title).toBe('Настройки — Канбан');
    expect(screen.getByRole('region', { name: 'Аватар' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Профиль' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Пароль' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Двухфакторный вход' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Напоминания' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Уведомления' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Токены API' })).toBeTruthy();
    const sections = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(sections.indexOf('Двухфакторный вход')).toBe(sections.indexOf('Пароль') + 1);
    expect(sections.indexOf('Двухфакторный вход')).toBeLessThan(sections.indexOf('Токены API'));
  });

  it("'Вернуться назад' goes back in history", async () => {
    signIn();
    renderApp(['/board/3?label=1', '/settings']);
    fireEvent.click(screen.getByRole('button', { name: 'Вернуться назад' }));
    await waitFor(() => expect(location()).toBe('/board/3?label=1'));
  });

  it("'Вернуться назад' goes to / when the page was opened first", async () => {
    signIn();
    renderApp(['/settings']);
    fireEvent.click(screen.getByRole('button', { name: 'Вернуться назад' }));
    await waitFor(() => expect(location()).toBe('/'));
  });
});
