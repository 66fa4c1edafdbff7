import { screen } from '@testing-library/react';
import { buildQuery, type Query } from 'shared-ui/prefetch';
import { fetchMock, routeApi } from 'shared-ui/test-kit';
import { describe, expect, it, vi } from 'vitest';
import routeData from './export-route-data';
import { makeBoard, renderApp } from './test/utils';

/** The GETs route-data starts for the address, as URLs. */
function started(pathname: string, search = ''): string[] {
  const urls: string[] = [];
  routeData({
    pathname,
    search,
    get: (path: string, query?: Query) => urls.push(`${path}${buildQuery(query)}`),
  });
  return urls;
}

const requested = () => fetchMock.mock.calls.map(([input]) => String(input));

describe('route-data', () => {
  it('starts exactly the GET the board screen makes, filters included', async () => {
    routeApi({ 'GET /api/board/7': makeBoard() });
    renderApp('/board/7?label=21&search=a&search=b&due=today');
    await screen.findByRole('heading', { name: 'Проект Альфа' });
    await vi.waitFor(() => expect(requested()).toHaveLength(1));
    expect(started('/board/7', '?label=21&search=a&search=b&due=today')).toEqual(requested());
    expect(requested()[0]).toMatch(/^\/api\/board\/7\?label=21&search=a&search=b&due=today&tz=/);
  });

  it('starts the board GET for a task address, and nothing elsewhere', () => {
    expect(started('/board/7/task/3', '')).toEqual(['/api/board/7']);
    expect(started('/settings')).toEqual([]);
  });
});
