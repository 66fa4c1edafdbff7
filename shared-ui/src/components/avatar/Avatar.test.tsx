import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '../../stores/auth-store';
import { Avatar } from './Avatar';

afterEach(() => {
  cleanup();
  useAuthStore.setState({ userId: null });
});

describe('Avatar', () => {
  it('shows the upper-cased first letter of the name with the name as tooltip', () => {
    const { container } = render(<Avatar user={{ id: 2, name: 'ольга', email: 'o@example.com' }} />);
    expect(screen.getByText('О')).toBeTruthy();
    expect(container.firstElementChild?.getAttribute('title')).toBe('ольга');
  });

  it("shows '?' without a name and falls back to the email as tooltip", () => {
    const { container } = render(<Avatar user={{ id: 2, name: '', email: 'o@example.com' }} />);
    expect(screen.getByText('?')).toBeTruthy();
    expect(container.firstElementChild?.getAttribute('title')).toBe('o@example.com');
  });

  it("appends ' (я)' and outlines the current user", () => {
    useAuthStore.setState({ userId: 5 });
    const { container } = render(<Avatar user={{ id: 5, name: 'Иван' }} size="large" />);
    const root = container.firstElementChild as HTMLElement;
    expect(root.getAttribute('title')).toBe('Иван (я)');
    expect(root.className).toContain('ui-avatar--me');
    expect(root.style.width).toBe('128px');
  });

  it('shows the image when there is an avatar url', () => {
    render(<Avatar user={{ id: 1, name: 'Иван', avatar: '/a.png' }} size="small" isCurrentUser={false} />);
    const img = screen.getByRole('img') as HTMLImageElement;
    expect(img.getAttribute('src')).toBe('/a.png');
    expect(img.width).toBe(24);
  });
});
