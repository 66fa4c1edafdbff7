import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { calls, location, routeApi } from 'shared-ui/test-kit';
import { describe, expect, it, vi } from 'vitest';
import { toBoardFilter } from '../../shared/board-patch';
import { dueRefreshDelay, OVERDUE_REFRESH_MS } from '../../shared/due';
import { countFilters, parseFilters, withFilters } from '../../shared/filters';
import { makeBoard, renderApp } from '../../test/utils';
import { filtersToForm, formToFilters } from './model/filter-form';

describe('filter query <-> modal state', () => {
  it('reads repeated keys from the URL into the form and writes them back', () => {
    const params = new URLSearchParams('assignee=1&assignee=2&label=21&priority=high&search=отчёт&tab=x');
    const form = filtersToForm(parseFilters(params));
    expect(form).toEqual({
      assignee: ['1', '2'],
      label: ['21'],
      priority: ['high'],
      due: [],
      search: ['отчёт'],
    });
    expect(countFilters(parseFilters(params))).toBe(5);

    const next = withFilters(
      params,
      formToFilters({ ...form, assignee: ['2'], search: ['  '], priority: [] }),
    );
    expect(next.toString()).toBe('tab=x&assignee=2&label=21');
    expect(withFilters(params, formToFilters({ ...form, search: [' баг '] })).getAll('search')).toEqual([
      'баг',
    ]);
  });

  it('keeps every repeated search value, drops the emptied ones', () => {
    const params = new URLSearchParams('search=отчёт&search=макет&search=баг');
    const form = filtersToForm(parseFilters(params));
    expect(form.search).toEqual(['отчёт', 'макет', 'баг']);
    expect(filtersToForm(parseFilters(new URLSearchParams())).search).toEqual(['']);
    expect(
      withFilters(params, formToFilters({ ...form, search: ['отчёт', ' ', ' макеты '] })).getAll('search'),
    ).toEqual(['отчёт', 'макеты']);
  });

  it('shows every search value of the URL in the modal and keeps them on Применить', async () => {
    routeApi({ 'GET /api/board/7': makeBoard() });
    renderApp('/board/7?search=a&search=b');
    await screen.findByRole('heading', { name: 'Проект Альфа' });
    fireEvent.click(screen.getByRole('button', { name: 'Фильтр 2' }));
    // The modal's chunk loads lazily; under a loaded machine that takes more than the default second.
    const dialog = await screen.findByRole('dialog', { name: 'Фильтр по задачам' }, { timeout: 5000 });
    expect((within(dialog).getByLabelText('Поиск по названию или описанию') as HTMLInputElement).value).toBe(
      'a',
    );
    const second = within(dialog).getByLabelText('Поиск по названию или описанию (2)') as HTMLInputElement;
    expect(second.value).toBe('b');
    fireEvent.change(second, { target: { value: 'в' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Применить' }));
    await waitFor(() => expect(location()).toBe('/board/7?search=a&search=%D0%B2'));
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

  it('keeps the due filter in the URL as repeated `due` and asks the board with the viewer’s zone', async () => {
    vi.stubEnv('TZ', 'Europe/Moscow');
    routeApi({ 'GET /api/board/7': makeBoard() });
    renderApp('/board/7?due=overdue');
    await screen.findByRole('heading', { name: 'Проект Альфа' });
    expect(calls()).toContain('GET /api/board/7?due=overdue&tz=Europe%2FMoscow');
    fireEvent.click(screen.getByRole('button', { name: 'Фильтр 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Фильтр по задачам' });
    const due = within(dialog).getByRole('group', { name: 'Срок' });
    expect(
      within(due)
        .getAllByRole('checkbox')
        .map((box) => [box.closest('label')?.textContent, (box as HTMLInputElement).checked]),
    ).toEqual([
      ['Просрочено', true],
      ['Сегодня', false],
      ['Эта неделя', false],
      ['Без срока', false],
    ]);
    fireEvent.click(within(due).getByLabelText('Эта неделя'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Применить' }));
    await waitFor(() => expect(location()).toBe('/board/7?due=overdue&due=week'));
    await waitFor(() =>
      expect(calls()).toContain('GET /api/board/7?due=overdue&due=week&tz=Europe%2FMoscow'),
    );
    expect(screen.getByRole('button', { name: 'Фильтр 2' })).toBeTruthy();
    // Live updates read the due filter in the same zone.
    expect(toBoardFilter(parseFilters(new URLSearchParams('due=today')))).toMatchObject({
      due: ['today'],
      tz: 'Europe/Moscow',
    });
    vi.unstubAllEnvs();
  });

  it('asks again when time alone changes a due filter’s answer', async () => {
    vi.stubEnv('TZ', 'Europe/Moscow');
    // 23:59 in Moscow: the day ends in a minute.
    const now = Date.parse('2026-11-24T20:59:00.000Z');
    expect(dueRefreshDelay(['today'], 'Europe/Moscow', now)).toBe(60_000);
    // Tuesday: the ISO week ends on Monday 30 November, 00:00 in Moscow.
    expect(dueRefreshDelay(['week'], 'Europe/Moscow', now)).toBe(Date.parse('2026-11-29T21:00:00Z') - now);
    expect(dueRefreshDelay(['week', 'overdue'], 'Europe/Moscow', now)).toBe(OVERDUE_REFRESH_MS);
    expect(dueRefreshDelay(['none'], 'Europe/Moscow', now)).toBeNull();
    expect(dueRefreshDelay([], 'Europe/Moscow', now)).toBeNull();

    vi.useFakeTimers({ now, shouldAdvanceTime: true, toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    routeApi({ 'GET /api/board/7': makeBoard() });
    renderApp('/board/7?due=today');
    await screen.findByRole('heading', { name: 'Проект Альфа' });
    const asked = () => calls().filter((call) => call.startsWith('GET /api/board/7')).length;
    expect(asked()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(62_000));
    await waitFor(() => expect(asked()).toBe(2));
    vi.useRealTimers();
    vi.unstubAllEnvs();
  });
});
