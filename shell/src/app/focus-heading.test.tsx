import { act, fireEvent, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import '../test/utils';
import { pageKey, useFocusHeadingOnNavigate } from './focus-heading';

/** A page whose heading arrives later, as a remote's does. */
function LatePage({ title }: { title: string }) {
  const [ready, setReady] = useState(false);
  return ready ? (
    <h1>{title}</h1>
  ) : (
    <button type="button" onClick={() => setReady(true)}>
      загрузить {title}
    </button>
  );
}

function Links() {
  const navigate = useNavigate();
  return (
    <nav>
      <button type="button" onClick={() => navigate('/settings')}>
        Настройки
      </button>
      <button type="button" onClick={() => navigate('/board/1/task/5')}>
        Задача
      </button>
      <button type="button" onClick={() => navigate('/board/1')}>
        Доска
      </button>
    </nav>
  );
}

function Shell() {
  const ref = useRef<HTMLElement>(null);
  useFocusHeadingOnNavigate(ref);
  return (
    <>
      <Links />
      <main ref={ref}>
        <Routes>
          <Route path="/" element={<h1>Главная</h1>} />
          <Route path="/settings" element={<LatePage title="Настройки" />} />
          <Route path="/board/:id/*" element={<h1>Доска</h1>} />
        </Routes>
      </main>
    </>
  );
}

describe('focus after a route change', () => {
  it('leaves focus alone on the first load', () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <Shell />
      </MemoryRouter>,
    );
    expect(document.activeElement).toBe(document.body);
  });

  it('moves focus to the new page heading, once it is drawn', async () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <Shell />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Настройки' }));
    // The link keeps focus until the heading exists.
    act(() => (document.activeElement as HTMLElement | null)?.blur());
    fireEvent.click(screen.getByRole('button', { name: 'загрузить Настройки' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Настройки' });
    await act(async () => {});
    expect(document.activeElement).toBe(heading);
    expect(heading.tabIndex).toBe(-1);
  });

  it('does not move focus between a board and its task modal route', async () => {
    render(
      <MemoryRouter initialEntries={['/board/1']}>
        <Shell />
      </MemoryRouter>,
    );
    const task = screen.getByRole('button', { name: 'Задача' });
    task.focus();
    fireEvent.click(task);
    await act(async () => {});
    expect(document.activeElement).toBe(task);
  });

  it('keys a task route to its board', () => {
    expect(pageKey('/board/3/task/12')).toBe('/board/3');
    expect(pageKey('/board/3/')).toBe('/board/3');
    expect(pageKey('/')).toBe('/');
  });
});
