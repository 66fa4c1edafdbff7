import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PasswordField } from './PasswordField';
import { TextField } from './TextField';

afterEach(cleanup);

describe('form fields', () => {
  it('shows the server error under the field and asks to clear it on edit', () => {
    const onClearError = vi.fn();
    render(<TextField label="Email" name="email" error="Неверный e-mail" onClearError={onClearError} />);
    const input = screen.getByLabelText('Email');
    expect(screen.getByRole('alert').textContent).toBe('Неверный e-mail');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(input, { target: { value: 'x' } });
    expect(onClearError).toHaveBeenCalledWith('email');
  });

  it("keeps the caller's aria-describedby (why it is read-only) after the field's own hint or error", () => {
    const { rerender } = render(<TextField label="Название" name="title" readOnly aria-describedby="why" />);
    expect(screen.getByLabelText('Название').getAttribute('aria-describedby')).toBe('why');
    rerender(<TextField label="Название" name="title" readOnly hint="Коротко" aria-describedby="why" />);
    const described = screen.getByLabelText('Название').getAttribute('aria-describedby')?.split(' ');
    expect(described).toHaveLength(2);
    expect(described?.[1]).toBe('why');
  });

  it('password field toggles visibility', () => {
    render(<PasswordField label="Пароль" name="password" />);
    const input = screen.getByLabelText('Пароль') as HTMLInputElement;
    expect(input.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Показать пароль' }));
    expect(input.type).toBe('text');
  });
});
