import { screen } from '@testing-library/react';
import { buildQuery, type Query } from 'shared-ui/prefetch';
import { fetchMock, routeApi } from 'shared-ui/test-kit';
import { describe, expect, it, vi } from 'vitest';
import routeData from './export-route-data';
import { SORT_KEY } from './features/board-list/view-settings';
import { reloadViewSettings, renderApp, signIn } from './test/utils';

/** The GETs route-data starts for `pathname`, as URLs. */
function started(pathname: string): string[] {
  const urls: string[] = [];
  routeData({
    pathname,
    search: '',
    get: (path: string, query?: Query) => urls.push(`${path}${buildQuery(query)}`),
  });
  return urls;
}

const requested = () => fetchMock.mock.calls.map(([input]) => String(input));

describe('route-data', () => {
  it("starts exactly the GETs 'Мои доски' makes, in the stored order", async () => {
    signIn();
    localStorage.setItem(SORT_KEY, 'byNameDESC');
    reloadViewSettings();
    routeApi({ 'GET /api/board': [], 'GET /api/invite': [], 'GET /api/board/deleted': [] });
    renderApp('/');
    await screen.findByText('У вас пока нет досок');
    await vi.waitFor(() => expect(requested()).toHaveLength(3));
    expect(started('/').sort()).toEqual([...new Set(requested())].sort());
    expect(started('/')).toContain('/api/board?sort=byNameDESC');
  });

  it("starts the GET of 'Мои задачи' and nothing for other pages", async () => {
    signIn();
    routeApi({ 'GET /api/task/mine': [] });
    renderApp('/my-tasks');
    await screen.findByRole('heading', { name: 'Мои задачи' });
    await vi.waitFor(() => expect(requested()).toContain('/api/task/mine'));
    expect(started('/my-tasks')).toEqual(requested());
    expect(started('/board/1')).toEqual([]);
  });
});
