import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { calls, location, routeApi } from 'shared-ui/test-kit';
import { describe, expect, it } from 'vitest';
import { countFilters, parseFilters, withFilters } from '../../shared/filters';
import { makeBoard, renderApp } from '../../test/utils';
import { filtersToForm, formToFilters } from './model/filter-form';

describe('filter query <-> modal state', () => {
  it('reads repeated keys from the URL into the form and writes them back', () => {
    const params = new URLSearchParams('assignee=1&assignee=2&label=21&priority=high&search=отчёт&tab=x');
    const form = filtersToForm(parseFilters(params));
    expect(form).toEqual({ assignee: ['1', '2'], label: ['21'], priority: ['high'], search: 'отчёт' });
    expect(countFilters(parseFilters(params))).toBe(5);

    const next = withFilters(params, formToFilters({ ...form, assignee: ['2'], search: '  ', priority: [] }));
    expect(next.toString()).toBe('tab=x&assignee=2&label=21');
    expect(withFilters(params, formToFilters({ ...form, search: ' баг ' })).getAll('search')).toEqual([
      'баг',
    ]);
  });

  it('applies the modal to the URL and the board re-fetches with it', async () => {
    routeApi({ 'GET /api/board/7': makeBoard() });
    renderApp('/board/7?label=21');
    await screen.findByRole('heading', { name: 'Проект Альфа' });
    fireEvent.click(screen.getByRole('button', { name: 'Фильтр 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Фильтр по задачам' });
    expect((within(dialog).getByLabelText('Баг') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(dialog).getByLabelText('Борис'));
    fireEvent.click(within(dialog).getByLabelText('Высокий'));
    fireEvent.change(within(dialog).getByLabelText('Поиск по названию или описанию'), {
      target: { value: 'макет' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Применить' }));
    await waitFor(() =>
      expect(location()).toBe(
        '/board/7?assignee=2&label=21&priority=high&search=%D0%BC%D0%B0%D0%BA%D0%B5%D1%82',
      ),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() =>
      expect(calls()).toContain(
        'GET /api/board/7?assignee=2&label=21&priority=high&search=%D0%BC%D0%B0%D0%BA%D0%B5%D1%82',
      ),
    );
    expect(screen.getByRole('button', { name: 'Фильтр 4' })).toBeTruthy();
  });

  it('lists only accepted, current members and clears everything with Сбросить', async () => {
    routeApi({ 'GET /api/board/7': makeBoard() });
    renderApp('/board/7?assignee=1&priority=low&search=x');
    await screen.findByRole('heading', { name: 'Проект Альфа' });
    fireEvent.click(screen.getByRole('button', { name: 'Фильтр 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Фильтр по задачам' });
    const assignees = within(dialog).getByRole('group', { name: 'Исполнители' });
    expect(within(assignees).getAllByRole('checkbox')).toHaveLength(2);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сбросить' }));
    await waitFor(() => expect(location()).toBe('/board/7'));
    await waitFor(() => expect(calls().at(-1)).toBe('GET /api/board/7'));
  });
});
