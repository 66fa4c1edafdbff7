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

  it('password field toggles visibility', () => {
    render(<PasswordField label="Пароль" name="password" />);
    const input = screen.getByLabelText('Пароль') as HTMLInputElement;
    expect(input.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Показать пароль' }));
    expect(input.type).toBe('text');
  });
});
