import { screen } from '@testing-library/react';
import { fetchMock, jsonResponse, routeApi } from 'shared-ui/test-kit';
import { describe, expect, it } from 'vitest';
import { renderApp, signIn } from '../../test/utils';

describe('landing page', () => {
  it('shows the hero and the advantages to a visitor without calling the API', () => {
    renderApp('/');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Увеличьте производительность в 100500 раз' }),
    ).toBeTruthy();
    expect(screen.getByText('Таких kanban-досок вы еще не видели')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Создать свою доску' }).getAttribute('href')).toBe('/register');

    expect(screen.getByRole('heading', { level: 2, name: 'Наши преимущества' })).toBeTruthy();
    const titles = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(titles).toEqual(['Производительность', 'Безопасность', 'Надежность']);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is replaced by the board list when a token is stored', async () => {
    signIn();
    routeApi({
      'GET /api/board/deleted': [],
      'GET /api/board': () => jsonResponse(200, []),
      'GET /api/invite': () => jsonResponse(200, []),
    });
    renderApp('/');
    expect(screen.getByRole('heading', { level: 1, name: 'Мои доски' })).toBeTruthy();
    expect(screen.queryByText('Наши преимущества')).toBeNull();
    await screen.findByText('У вас пока нет досок');
  });

  it('sends other paths of this remote to /', () => {
    renderApp('/nowhere');
    expect(screen.getByTestId('location').textContent).toBe('/');
  });
});
