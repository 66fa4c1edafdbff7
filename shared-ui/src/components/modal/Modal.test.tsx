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

  it('throws the exact text when the portal element is missing', () => {
    document.getElementById('modal-root')?.remove();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Modal onClose={() => {}}>текст</Modal>)).toThrow(
      new Error('Отсутствует портал в разметке. Убедитесь, что предоставлен корректный элемент.'),
    );
  });
});
