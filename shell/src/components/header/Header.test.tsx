import { act, fireEvent, screen } from '@testing-library/react';
import { MODALS, useAuthStore, useHeaderStore, useModalStore } from 'shared-ui';
import { location, renderInRouter } from 'shared-ui/test-kit';
import { describe, expect, it, vi } from 'vitest';
import { signIn } from '../../test/utils';
import { Header } from './Header';

function renderHeader(path = '/') {
  return renderInRouter(<Header signedInExtra={<span>колокольчик</span>} />, [path]);
}

describe('Header', () => {
  it('shows Вход and Регистрация to a visitor', () => {
    renderHeader();
    expect(screen.getByRole('link', { name: /на главную/ }).getAttribute('href')).toBe('/');
    fireEvent.click(screen.getByRole('button', { name: 'Регистрация' }));
    expect(location()).toBe('/register');
    fireEvent.click(screen.getByRole('button', { name: 'Вход' }));
    expect(location()).toBe('/login');
    expect(screen.queryByText('Выход')).toBeNull();
    expect(screen.queryByText('колокольчик')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Мои задачи' })).toBeNull();
  });

  it('shows avatar, name, Настройки and Выход to a signed-in user', () => {
    signIn();
    const logout = vi.fn();
    useAuthStore.setState({ logout });
    renderHeader();
    expect(screen.getByText('Анна')).toBeTruthy();
    expect(screen.getByTitle('Анна (я)')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Настройки' }).getAttribute('href')).toBe('/settings');
    expect(screen.getByRole('link', { name: 'Мои задачи' }).getAttribute('href')).toBe('/my-tasks');
    // The bell (passed in by the app) shows for a signed-in user only.
    expect(screen.getByText('колокольчик')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Вход' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Выход' }));
    expect(logout).toHaveBeenCalledOnce();
  });

  it('opens the side panel from the burger and closes it on the backdrop', () => {
    renderHeader();
    fireEvent.click(screen.getByRole('button', { name: 'Меню' }));
    const panel = document.getElementById('shell-side-panel');
    expect(panel?.textContent).toContain('Регистрация');
    fireEvent.click(screen.getByTestId('side-panel-backdrop'));
    expect(document.getElementById('shell-side-panel')).toBeNull();
  });

  it('shows the left menu a page puts into the panel, and closes when it opens a modal', () => {
    renderHeader();
    const openLabels = () => useModalStore.getState().open(MODALS.EDIT_LABELS);
    act(() =>
      useHeaderStore.getState().setLeftMenu(
        <button type="button" onClick={openLabels}>
          Метки
        </button>,
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Меню' }));
    fireEvent.click(screen.getByRole('button', { name: 'Метки' }));
    expect(useModalStore.getState().modal).toBe(MODALS.EDIT_LABELS);
    expect(document.getElementById('shell-side-panel')).toBeNull();
    act(() => {
      useModalStore.getState().close();
      useHeaderStore.getState().setLeftMenu(null);
    });
  });

  it('keeps Tab inside the open panel and gives focus back to the burger on Escape', () => {
    renderHeader();
    const burger = screen.getByRole('button', { name: 'Меню' });
    fireEvent.click(burger);
    const panel = screen.getByRole('complementary', { name: 'Меню' });
    const items = [...panel.querySelectorAll<HTMLElement>('a, button')];
    const first = items[0] as HTMLElement;
    const last = items[items.length - 1] as HTMLElement;
    expect(document.activeElement).toBe(first);
    last.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(document.activeElement).toBe(burger);
  });

  it('leaves focus in a modal opened from the panel', () => {
    renderHeader();
    const dialog = document.createElement('div');
    dialog.tabIndex = -1;
    document.body.appendChild(dialog);
    const openLabels = () => {
      useModalStore.getState().open(MODALS.EDIT_LABELS);
      dialog.focus();
    };
    act(() =>
      useHeaderStore.getState().setLeftMenu(
        <button type="button" onClick={openLabels}>
          Метки
        </button>,
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Меню' }));
    fireEvent.click(screen.getByRole('button', { name: 'Метки' }));
    expect(document.getElementById('shell-side-panel')).toBeNull();
    expect(document.activeElement).toBe(dialog);
    act(() => {
      useModalStore.getState().close();
      useHeaderStore.getState().setLeftMenu(null);
    });
    dialog.remove();
  });

  it('does not toggle the filter when the page has not enabled it', () => {
    signIn();
    renderHeader('/board/1');
    expect(screen.queryByRole('button', { name: /Анна/ })).toBeNull();
  });

  it('avatar click toggles assignee when the user filter is enabled', () => {
    signIn();
    useHeaderStore.setState({ userFilterEnabled: true });
    renderHeader('/board/1?label=2&assignee=3&assignee=7');
    const me = screen.getByRole('button', { name: /Анна/ });

    fireEvent.click(me);
    expect(location()).toBe('/board/1?label=2&assignee=7');
    fireEvent.click(me);
    expect(location()).toBe('/board/1?label=2');
    fireEvent.click(me);
    expect(location()).toBe('/board/1?label=2&assignee=7');
  });
});
