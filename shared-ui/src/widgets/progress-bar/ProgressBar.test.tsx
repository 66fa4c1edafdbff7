import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { ProgressBar } from './ProgressBar';

afterEach(cleanup);

it('is a progressbar with a rounded, clamped value', () => {
  const { rerender } = render(<ProgressBar value={41.6} label="Загрузка «a.png»" />);
  const bar = screen.getByRole('progressbar', { name: 'Загрузка «a.png»' });
  expect(bar.getAttribute('aria-valuenow')).toBe('42');
  rerender(<ProgressBar value={140} label="Загрузка «a.png»" />);
  expect(bar.getAttribute('aria-valuenow')).toBe('100');
});
