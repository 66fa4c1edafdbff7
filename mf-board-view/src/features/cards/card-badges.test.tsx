import { act, screen, within } from '@testing-library/react';
import { routeApi } from 'shared-ui/test-kit';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { dueLabel, dueState, dueText, rangeLabel, rangeText } from '../../shared/due';
import { makeBoard, makeTask, renderApp } from '../../test/utils';

// 15:00 in Moscow (UTC+3), where the viewer is.
const NOW = Date.parse('2026-11-24T12:00:00.000Z');

// The board preloads its modals' chunk when idle: load it up front, so that does not outlive this short file.
beforeAll(async () => {
  await Promise.all([import('../../app/TaskRoute'), import('../../app/BoardModals')]);
});

beforeEach(() => {
  vi.stubEnv('TZ', 'Europe/Moscow');
  // Only Date and the minute interval are fake: the tests' own waits keep real timeouts.
  vi.useFakeTimers({ now: NOW, toFake: ['Date', 'setInterval', 'clearInterval'] });
  // jsdom runs frame callbacks on an interval, which would count among the ones these tests count.
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) =>
    setTimeout(() => callback(performance.now()), 16),
  );
  vi.stubGlobal('cancelAnimationFrame', (handle: number) => clearTimeout(handle));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

const card = async (title: string) => (await screen.findByText(title)).closest('article') as HTMLElement;
const badge = (article: HTMLElement, name: RegExp) => within(article).getByRole('img', { name });

describe('start and due range', () => {
  // Days without a time: 23:59 in Moscow.
  const day = (date: string) => `${date}T20:59:00.000Z`;

  it('reads one month, two months, another year and a start alone', () => {
    expect(rangeText(day('2026-11-25'), day('2026-11-28'), NOW)).toBe('25–28 ноя');
    expect(rangeText(day('2026-11-30'), day('2026-12-02'), NOW)).toBe('30 ноя – 2 дек');
    expect(rangeText(day('2026-12-30'), day('2027-01-02'), NOW)).toBe('30 дек 2026 – 2 янв 2027');
    expect(rangeText(day('2027-03-01'), day('2027-03-05'), NOW)).toBe('1–5 мар 2027');
    expect(rangeText(day('2026-11-25'), null, NOW)).toBe('с 25 ноя');
    expect(rangeText(day('2026-11-25'), '2026-11-25T11:00:00.000Z', NOW)).toBe('25 ноя, 14:00');
    expect(rangeLabel(day('2026-11-25'), day('2026-11-28'), false, NOW)).toBe(
      'Начало: 25 ноября, срок: 28 ноября',
    );
    expect(rangeLabel(day('2026-11-25'), null, false, NOW)).toBe('Начало: 25 ноября');
  });

  it('shows the range on the card where the due date goes', async () => {
    const board = makeBoard();
    board.tasks['1'] = makeTask('1', '10', {
      title: 'Диапазон',
      startAt: day('2026-11-25'),
      dueAt: day('2026-11-28'),
    });
    board.tasks['2'] = makeTask('2', '10', { title: 'Только начало', startAt: day('2026-11-30') });
    routeApi({ 'GET /api/board/7': board });
    renderApp('/board/7');
    expect(badge(await card('Диапазон'), /^Начало: 25 ноября, срок: 28 ноября/).textContent).toBe(
      '25–28 ноя',
    );
    expect(badge(await card('Только начало'), /^Начало: 30 ноября$/).textContent).toBe('с 30 ноя');
  });
});

describe('due date texts', () => {
  it('reads the date in the viewer’s zone, short on the card and in words for a screen reader', () => {
    expect(dueText('2026-11-25T11:00:00.000Z', NOW)).toBe('25 ноя, 14:00');
    expect(dueText('2026-05-02T20:59:00.000Z', NOW)).toBe('2 мая');
    expect(dueText('2027-02-03T06:05:00.000Z', NOW)).toBe('3 фев 2027, 09:05');
    expect(dueLabel('2026-11-24T11:00:00.000Z', false, NOW)).toBe('Срок: 24 ноября, 14:00, просрочено');
    expect(dueLabel('2026-11-25T11:00:00.000Z', false, NOW)).toBe('Срок: 25 ноября, 14:00, меньше суток');
    expect(dueLabel('2026-11-24T11:00:00.000Z', true, NOW)).toBe('Срок: 24 ноября, 14:00, выполнено');
    expect(dueLabel('2026-12-01T20:59:00.000Z', false, NOW)).toBe('Срок: 1 декабря');
    expect(dueState('2026-11-25T12:00:00.000Z', false, NOW)).toBe('soon');
    expect(dueState('2026-11-25T12:01:00.000Z', false, NOW)).toBe('later');
  });
});

describe('card badges', () => {
  it('colours the due date by how it stands and follows the clock', async () => {
    const board = makeBoard();
    board.tasks['1'] = makeTask('1', '10', { title: 'Скоро', dueAt: '2026-11-24T12:30:00.000Z' });
    board.tasks['2'] = makeTask('2', '10', { title: 'Прошло', dueAt: '2026-11-24T11:00:00.000Z' });
    board.tasks['3'] = makeTask('3', '11', {
      title: 'Сделано',
      dueAt: '2027-01-10T20:59:00.000Z',
      dueDone: true,
    });
    routeApi({ 'GET /api/board/7': board });
    renderApp('/board/7');

    const soon = badge(await card('Скоро'), /^Срок/);
    expect(soon.getAttribute('aria-label')).toBe('Срок: 24 ноября, 15:30, меньше суток');
    expect(soon.textContent).toBe('24 ноя, 15:30');
    expect(soon.className).toContain('bv-card__due--soon');
    const overdue = badge(await card('Прошло'), /^Срок/);
    expect(overdue.getAttribute('aria-label')).toBe('Срок: 24 ноября, 14:00, просрочено');
    expect(overdue.className).toContain('bv-card__due--overdue');
    const done = badge(await card('Сделано'), /^Срок/);
    expect(done.getAttribute('aria-label')).toBe('Срок: 10 января 2027, выполнено');
    expect(done.textContent).toBe('10 янв 2027');
    expect(done.className).toContain('bv-card__due--done');

    // Half an hour later the first one is overdue too.
    act(() => vi.advanceTimersByTime(31 * 60_000));
    const late = badge(await card('Скоро'), /^Срок/);
    expect(late.getAttribute('aria-label')).toBe('Срок: 24 ноября, 15:30, просрочено');
    expect(late.className).toContain('bv-card__due--overdue');
    // One clock for the board, whatever the number of badges.
    expect(vi.getTimerCount()).toBe(1);
  });

  it('shows checklist progress only when there are items, green when all are done', async () => {
    const board = makeBoard();
    board.tasks['1'] = makeTask('1', '10', { title: 'Начато', checklist: { done: 3, total: 5 } });
    board.tasks['2'] = makeTask('2', '10', { title: 'Готово', checklist: { done: 5, total: 5 } });
    board.tasks['3'] = makeTask('3', '11', { title: 'Пусто' });
    routeApi({ 'GET /api/board/7': board });
    renderApp('/board/7');

    const started = badge(await card('Начато'), /^Чек-лист/);
    expect(started.getAttribute('aria-label')).toBe('Чек-лист: 3 из 5');
    expect(started.textContent).toBe('3/5');
    expect(started.className).not.toContain('bv-card__badge--complete');
    const complete = within(await card('Готово')).getByRole('img', { name: 'Чек-лист: 5 из 5' });
    expect(complete.className).toContain('bv-card__badge--complete');
    expect(within(await card('Пусто')).queryByRole('img')).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });
});
