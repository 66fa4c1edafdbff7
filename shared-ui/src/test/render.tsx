import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';

/** Shows the router's current path and query, read back with `location()`. */
export function LocationProbe() {
  const current = useLocation();
  return <output data-testid="location">{`${current.pathname}${current.search}`}</output>;
}

/** The path and query shown by the rendered `LocationProbe`. */
export const location = () => document.querySelector('[data-testid="location"]')?.textContent ?? '';

/**
 * Renders `ui` the way the shell renders a remote: inside a router, outside any <Route>, at the last
 * of `entries` (earlier ones are the history behind it), with a `LocationProbe`.
 */
export function renderInRouter(ui: ReactNode, entries: string[] = ['/']) {
  return render(
    <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
      {ui}
      <LocationProbe />
    </MemoryRouter>,
  );
}
