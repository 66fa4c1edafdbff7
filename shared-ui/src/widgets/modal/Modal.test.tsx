import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Modal } from './Modal';

describe('Modal', () => {
  beforeEach(() => {
    const root = document.createElement('div');
    root.id = 'modal-root';
    document.body.appendChild(root);
  });

  afterEach(() => {
    cleanup();
    document.getElementById('modal-root')?.remove();
  });

  it('renders into #modal-root with a title', () => {
    render(
      <Modal title="Фильтр по задачам" onClose={() => {}}>
        <input aria-label="Поиск" />
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Фильтр по задачам' });
    expect(document.getElementById('modal-root')?.contains(dialog)).toBe(true);
    expect(document.activeElement).toBe(screen.getByLabelText('Поиск'));
  });

  it('closes on Escape', () => {
    const onClose = vi.fn();
    render(<Modal onClose={onClose}>текст</Modal>);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('closes on a backdrop click but not on a click inside', () => {
    const onClose = vi.fn();
    render(<Modal onClose={onClose}>текст</Modal>);
    const inside = screen.getByText('текст');
    fireEvent.mouseDown(inside);
    fireEvent.click(inside);
    expect(onClose).not.toHaveBeenCalled();
    const backdrop = screen.getByTestId('modal-backdrop');
    fireEvent.mouseDown(backdrop);
    fireEvent.click(backdrop);
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('closes on the ✖ button', () => {
    const onClose = vi.fn();
    render(<Modal onClose={onClose}>текст</Modal>);
    fireEvent.click(screen.getByRole('button', { name: 'Закрыть' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('returns focus to the opener when it closes', () => {
    const opener = document.createElement('button');
    document.body.appendChild(opener);
    opener.focus();
    const { unmount } = render(<Modal onClose={() => {}}>текст</Modal>);
    expect(document.activeElement).not.toBe(opener);
    unmount();
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });

  it('makes the page and the modals below the topmost one inert, and gives them back on close', () => {
    const app = document.createElement('div');
    app.id = 'root';
    document.body.prepend(app);
    const alreadyInert = document.createElement('div');
    alreadyInert.setAttribute('inert', '');
    document.body.appendChild(alreadyInert);

    const lower = render(<Modal title="Задача" onClose={() => {}} />);
    expect(app.hasAttribute('inert')).toBe(true);
    expect(screen.getByRole('dialog', { name: 'Задача' }).closest('[inert]')).toBeNull();

    const upper = render(<Modal title="Удалить задачу?" onClose={() => {}} />);
    const task = screen.getByRole('dialog', { name: 'Задача', hidden: true });
    expect(task.closest('[inert]')).not.toBeNull();
    expect(screen.getByRole('dialog', { name: 'Удалить задачу?' }).closest('[inert]')).toBeNull();

    upper.unmount();
    expect(task.closest('[inert]')).toBeNull();
    expect(app.hasAttribute('inert')).toBe(true);
    lower.unmount();
    expect(app.hasAttribute('inert')).toBe(false);
    // What was inert before any modal opened stays so.
    expect(alreadyInert.hasAttribute('inert')).toBe(true);
    app.remove();
    alreadyInert.remove();
  });

  it('keeps Tab inside the dialog, also when focus has fallen to <body>', () => {
    render(
      <Modal title="Задача" onClose={() => {}}>
        <input aria-label="Название" />
        <button type="button">Сохранить</button>
      </Modal>,
    );
    const close = screen.getByRole('button', { name: 'Закрыть' });
    const title = screen.getByLabelText('Название');
    const save = screen.getByRole('button', { name: 'Сохранить' });
    save.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(save);
    (document.activeElement as HTMLElement).blur();
    expect(document.activeElement).toBe(document.body);
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    expect(title).toBeTruthy();
  });

  it('throws the exact text when the portal element is missing', () => {
    document.getElementById('modal-root')?.remove();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Modal onClose={() => {}}>текст</Modal>)).toThrow(
      new Error('Отсутствует портал в разметке. Убедитесь, что предоставлен корректный элемент.'),
    );
  });
});
