import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThemeSettings } from './components/ThemeSettings';

const group = () => screen.getByRole('group', { name: 'Тема' });
const radio = (name: string) => within(group()).getByRole('radio', { name }) as HTMLInputElement;

function systemIsDark(dark: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({ matches: dark && query.includes('dark'), media: query })),
  );
}

describe('Тема', () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
    delete document.documentElement.dataset.theme;
    vi.unstubAllGlobals();
  });

  it('starts on Системная and offers Светлая and Тёмная', () => {
    render(<ThemeSettings />);
    expect(
      within(group())
        .getAllByRole('radio')
        .map((item) => item.getAttribute('value')),
    ).toEqual(['system', 'light', 'dark']);
    expect(radio('Системная').checked).toBe(true);
  });

  it('applies the choice at once and keeps it in localStorage', () => {
    systemIsDark(false);
    render(<ThemeSettings />);
    fireEvent.click(radio('Тёмная'));
    expect(radio('Тёмная').checked).toBe(true);
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    fireEvent.click(radio('Системная'));
    expect(localStorage.getItem('theme')).toBe('system');
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('follows the system when Системная is chosen, and shows a stored choice', () => {
    systemIsDark(true);
    localStorage.setItem('theme', 'light');
    render(<ThemeSettings />);
    expect(radio('Светлая').checked).toBe(true);
    fireEvent.click(radio('Системная'));
    expect(document.documentElement.dataset.theme).toBe('dark');
  });
});
