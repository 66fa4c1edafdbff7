import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from './Button';

afterEach(cleanup);

describe('Button', () => {
  it('renders children by default and handles clicks', () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Сохранить</Button>);
    const button = screen.getByRole('button', { name: 'Сохранить' });
    expect(button.className).toContain('ui-button--primary');
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('success shows the success text in green', () => {
    render(
      <Button status="success" successText="Сохранено">
        Сохранить
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Сохранено' });
    expect(button.className).toContain('ui-button--status-success');
  });

  it('error shows the fail text, Ошибка by default, in red', () => {
    const { rerender } = render(<Button status="error">Сохранить</Button>);
    expect(screen.getByRole('button', { name: 'Ошибка' }).className).toContain('ui-button--status-error');
    rerender(
      <Button status="error" failText="Не вышло">
        Сохранить
      </Button>,
    );
    expect(screen.getByRole('button', { name: 'Не вышло' })).toBeTruthy();
  });

  it.each(['loading', 'processing'] as const)('%s is disabled and busy', (status) => {
    const onClick = vi.fn();
    render(
      <Button status={status} onClick={onClick}>
        Войти
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Войти' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.querySelector('.ui-button__spinner')).not.toBeNull();
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('disabled is inert', () => {
    const onClick = vi.fn();
    render(
      <Button disabled variant="fail" onClick={onClick}>
        Удалить
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Удалить' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('defaults to type=button and accepts submit', () => {
    const { rerender } = render(<Button>А</Button>);
    expect(screen.getByRole('button').getAttribute('type')).toBe('button');
    rerender(<Button type="submit">А</Button>);
    expect(screen.getByRole('button').getAttribute('type')).toBe('submit');
  });
});
