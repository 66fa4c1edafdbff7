import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { NotificationsListener } from 'shared-ui';
import { bodyOf, calls, jsonResponse, location, renderInRouter, routeApi } from 'shared-ui/test-kit';
import { describe, expect, it, vi } from 'vitest';
import { signIn } from '../../test/utils';
import type { NotificationItem } from './api/get-notifications';
import { bellLabel } from './bell-label';
import { NotificationBell } from './components/NotificationBell';
import { notificationExcerpt, notificationText, relativeTime } from './notification-text';

// The session socket, driven by the test: `push()` delivers a `notifications` event (null: a reconnect).
const socket = vi.hoisted(() => ({ listener: null as NotificationsListener | null, stopped: 0 }));
vi.mock('shared-ui', async (importOriginal) => ({
  ...(await importOriginal<typeof import('shared-ui')>()),
  watchNotifications: (listener: NotificationsListener) => {
    socket.listener = listener;
    return () => {
      socket.stopped += 1;
    };
  },
}));

/** The bell opens its socket once the page has loaded and settled (two seconds). */
const listening = () => waitFor(() => expect(socket.listener).not.toBeNull(), { timeout: 4000 });

const push = async (state: { unread: number } | null) => {
  await listening();
  act(() => socket.listener?.(state));
};

const HOUR = 3_600_000;

function note(id: number, overrides: Partial<NotificationItem> = {}): NotificationItem {
  return {
    id,
    kind: 'due-soon',
    task: { id: String(100 + id), boardId: 3, number: id, title: `Задача ${id}` },
    board: { id: 3, name: 'Ремонт' },
    at: new Date(Date.now() - 2 * HOUR).toISOString(),
    dueAt: new Date(Date.now() + 22 * HOUR).toISOString(),
    read: false,
    ...overrides,
  };
}

const page = (from: number, count: number) =>
  Array.from({ length: count }, (_, index) => note(from - index, { read: index % 2 === 1 }));

function renderBell() {
  signIn();
  socket.listener = null;
  return renderInRouter(<NotificationBell />, ['/']);
}

const bell = () => screen.getByRole('button', { name: /^Уведомления/ });
const open = async () => {
  fireEvent.click(bell());
  return screen.findByRole('dialog', { name: 'Уведомления' });
};

describe('notification bell', () => {
  it('shows the unread count in its name and badge, hidden at 0', async () => {
    routeApi({ 'GET /api/notification/unread': { unread: 3 } });
    renderBell();
    expect(bell().getAttribute('aria-label')).toBe('Уведомления');
    await screen.findByRole('button', { name: 'Уведомления, 3 непрочитанных' });
    expect(screen.getByTestId('bell-badge').textContent).toBe('3');

    await push({ unread: 0 });
    expect(bell().getAttribute('aria-label')).toBe('Уведомления');
    expect(screen.queryByTestId('bell-badge')).toBeNull();

    await push({ unread: 120 });
    expect(screen.getByTestId('bell-badge').textContent).toBe('99+');
  });

  it('follows live changes and re-reads the count after a reconnect', async () => {
    let unread = 1;
    routeApi({ 'GET /api/notification/unread': () => jsonResponse(200, { unread }) });
    renderBell();
    await screen.findByRole('button', { name: 'Уведомления, 1 непрочитанное' });

    await push({ unread: 2 });
    expect(bell().getAttribute('aria-label')).toBe('Уведомления, 2 непрочитанных');

    unread = 21;
    await push(null);
    await screen.findByRole('button', { name: 'Уведомления, 21 непрочитанное' });
    expect(calls().filter((call) => call === 'GET /api/notification/unread')).toHaveLength(2);
  });

  it('lists notifications with their task links, texts, boards and times; loads more', async () => {
    const first = [
      note(40, {
        kind: 'overdue',
        task: { id: '7', boardId: 5, number: 4, title: 'Сдать отчёт' },
        board: { id: 5, name: 'Работа' },
      }),
      ...page(39, 29),
    ];
    routeApi({
      'GET /api/notification/unread': { unread: 15 },
      'GET /api/notification': (url) =>
        jsonResponse(200, url.searchParams.get('before') === '11' ? [note(10, { read: true })] : first),
    });
    renderBell();
    const dialog = await open();
    expect(bell().getAttribute('aria-expanded')).toBe('true');

    const links = await within(dialog).findAllByRole('link');
    expect(links).toHaveLength(30);
    // The task's number on its board (4), not its id (7).
    expect(links[0]?.getAttribute('href')).toBe('/board/5/task/4');
    expect(links[0]?.textContent).toContain('Срок задачи «Сдать отчёт» истёк');
    expect(links[0]?.textContent).toContain('Работа');
    expect(links[0]?.textContent).toContain('2 часа назад');
    expect(links[0]?.textContent).toMatch(/^Непрочитанное\./);
    expect(links[1]?.textContent).toContain('Срок задачи «Задача 39» истекает через 24 часа');
    expect(links[2]?.textContent).not.toContain('Непрочитанное');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Показать ещё' }));
    await waitFor(() => expect(within(dialog).getAllByRole('link')).toHaveLength(31));
    expect(calls()).toContain('GET /api/notification?before=11');
    // A page shorter than 30 was the last one.
    expect(within(dialog).queryByRole('button', { name: 'Показать ещё' })).toBeNull();
  });

  it('says who mentioned the user, commented, moved a watched task or changed its due date', async () => {
    const task = { id: '7', boardId: 5, number: 4, title: 'Сдать отчёт' };
    const anna = { id: 2, name: 'Анна' };
    routeApi({
      'GET /api/notification/unread': { unread: 4 },
      'GET /api/notification': [
        note(5, {
          kind: 'mention',
          task,
          actor: anna,
          data: { commentId: 9, text: '@Борис посмотри таблицу' },
        }),
        note(4, { kind: 'comment', task, actor: null, data: { commentId: 8, text: 'Готово' } }),
        note(3, { kind: 'moved', task, actor: anna, data: { from: 'В работе', to: 'Готово' } }),
        note(2, { kind: 'due-changed', task, actor: anna, data: { from: null, to: null } }),
      ],
    });
    renderBell();
    const dialog = await open();
    const links = await within(dialog).findAllByRole('link');
    expect(links.map((link) => link.querySelector('.shell-notification__text')?.textContent)).toEqual([
      'Вас упомянули в «Сдать отчёт» — Анна',
      'Новый комментарий к «Сдать отчёт» — кто-то',
      'Задача «Сдать отчёт» перенесена в «Готово» — Анна',
      'Срок задачи «Сдать отчёт» убран — Анна',
    ]);
    expect(links[0]?.textContent).toContain('«@Борис посмотри таблицу»');
    expect(links[1]?.textContent).toContain('«Готово»');
    // The task's number on its board (4), not its id (7).
    expect(links[0]?.getAttribute('href')).toBe('/board/5/task/4');
  });

  it('marks a notification read when its link is followed, and closes', async () => {
    routeApi({
      'GET /api/notification/unread': { unread: 2 },
      'GET /api/notification': [note(2), note(1)],
      'PUT /api/notification/read': { unread: 1 },
    });
    renderBell();
    const dialog = await open();
    fireEvent.click(await within(dialog).findByRole('link', { name: /Задача 2/ }));

    // Task id 102 is number 2 on board 3: the link carries the number.
    expect(location()).toBe('/board/3/task/2');
    expect(screen.queryByRole('dialog')).toBeNull();
    await screen.findByRole('button', { name: 'Уведомления, 1 непрочитанное' });
    expect(bodyOf('PUT /api/notification/read')).toEqual({ ids: [2] });
  });

  it('marks every notification read with Прочитать все', async () => {
    routeApi({
      'GET /api/notification/unread': { unread: 2 },
      'GET /api/notification': [note(2), note(1)],
      'PUT /api/notification/read-all': { unread: 0 },
    });
    renderBell();
    const dialog = await open();
    await within(dialog).findAllByRole('link');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Прочитать все' }));

    await waitFor(() => expect(screen.queryByTestId('bell-badge')).toBeNull());
    expect(bell().getAttribute('aria-label')).toBe('Уведомления');
    expect(dialog.textContent).not.toContain('Непрочитанное');
    expect(
      (within(dialog).getByRole('button', { name: 'Прочитать все' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(calls()).toContain('PUT /api/notification/read-all');
  });

  it('re-reads the first page when a notification arrives while the list is open', async () => {
    let items = [note(1)];
    routeApi({
      'GET /api/notification/unread': { unread: 1 },
      'GET /api/notification': () => jsonResponse(200, items),
    });
    renderBell();
    const dialog = await open();
    await within(dialog).findByRole('link', { name: /Задача 1/ });

    items = [note(2, { kind: 'overdue' }), note(1)];
    await push({ unread: 2 });
    await within(dialog).findByRole('link', { name: /Задача 2/ });
    expect(within(dialog).getAllByRole('link')).toHaveLength(2);
  });

  it('closes on Escape and gives the focus back to the bell', async () => {
    routeApi({ 'GET /api/notification/unread': { unread: 0 }, 'GET /api/notification': [] });
    renderBell();
    const dialog = await open();
    await waitFor(() => expect(document.activeElement).toBe(dialog));
    expect(await within(dialog).findByText('Уведомлений пока нет')).toBeTruthy();
    expect(
      (within(dialog).getByRole('button', { name: 'Прочитать все' }) as HTMLButtonElement).disabled,
    ).toBe(true);

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(bell());
    expect(bell().getAttribute('aria-expanded')).toBe('false');
  });

  it('closes on a click outside', async () => {
    routeApi({ 'GET /api/notification/unread': { unread: 0 }, 'GET /api/notification': [] });
    renderBell();
    await open();
    fireEvent.pointerDown(document.body);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says when the list cannot be loaded and tries again', async () => {
    let fail = true;
    routeApi({
      'GET /api/notification/unread': { unread: 1 },
      'GET /api/notification': () =>
        fail ? jsonResponse(500, { message: 'Внутренняя ошибка сервера' }) : jsonResponse(200, [note(1)]),
    });
    renderBell();
    const dialog = await open();
    expect(await within(dialog).findByText('Не удалось загрузить уведомления.')).toBeTruthy();

    fail = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Повторить' }));
    expect(await within(dialog).findByRole('link', { name: /Задача 1/ })).toBeTruthy();
  });

  it('stops listening when it goes away', async () => {
    routeApi({ 'GET /api/notification/unread': { unread: 0 } });
    const stopped = socket.stopped;
    const { unmount } = renderBell();
    await listening();
    unmount();
    expect(socket.stopped).toBe(stopped + 1);
  });
});

describe('notification texts', () => {
  it('names the count in Russian', () => {
    expect(bellLabel(null)).toBe('Уведомления');
    expect(bellLabel(0)).toBe('Уведомления');
    expect(bellLabel(1)).toBe('Уведомления, 1 непрочитанное');
    expect(bellLabel(3)).toBe('Уведомления, 3 непрочитанных');
    expect(bellLabel(11)).toBe('Уведомления, 11 непрочитанных');
    expect(bellLabel(31)).toBe('Уведомления, 31 непрочитанное');
    expect(bellLabel(0, 1)).toBe('Уведомления, 1 приглашение');
    expect(bellLabel(2, 3)).toBe('Уведомления, 2 непрочитанных, 3 приглашения');
    expect(bellLabel(null, 12)).toBe('Уведомления, 12 приглашений');
  });

  it('gives relative times', () => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    expect(relativeTime('2026-11-25T11:59:30Z', now)).toBe('только что');
    expect(relativeTime('2026-11-25T12:00:20Z', now)).toBe('только что');
    expect(relativeTime('2026-11-25T11:55:00Z', now)).toBe('5 минут назад');
    expect(relativeTime('2026-11-25T09:00:00Z', now)).toBe('3 часа назад');
    expect(relativeTime('2026-11-24T10:00:00Z', now)).toBe('вчера');
    expect(relativeTime('2026-11-10T10:00:00Z', now)).toMatch(/^10 нояб/);
  });

  it('describes each kind, impersonally with the author after a dash', () => {
    const task = { id: '1', boardId: 1, number: 1, title: 'Задача' };
    const actor = { id: 2, name: 'Анна' };
    const now = Date.parse('2026-11-25T12:00:00Z');
    const say = (
      kind: NotificationItem['kind'],
      data?: Record<string, unknown>,
      who = actor as typeof actor | null,
    ) => notificationText({ kind, task, actor: who, data }, now);
    expect(say('overdue')).toBe('Срок задачи «Задача» истёк');
    expect(say('due-soon')).toBe('Срок задачи «Задача» истекает через 24 часа');
    expect(say('mention', { commentId: 1, text: 'x' })).toBe('Вас упомянули в «Задача» — Анна');
    expect(say('comment', { commentId: 1, text: 'x' }, null)).toBe('Новый комментарий к «Задача» — кто-то');
    expect(say('moved', { from: 'Сделать', to: 'Готово' })).toBe(
      'Задача «Задача» перенесена в «Готово» — Анна',
    );
    expect(say('moved')).toBe('Задача «Задача» перенесена — Анна');
    expect(say('due-changed', { from: '2026-12-01T09:00:00Z', to: '2026-12-12T09:00:00Z' })).toBe(
      'Срок задачи «Задача» изменён: 12 дек. — Анна',
    );
    expect(say('due-changed', { from: null, to: '2026-12-12T09:00:00Z' })).toBe(
      'Срок задачи «Задача» назначен: 12 дек. — Анна',
    );
    expect(say('due-changed', { from: '2027-01-03T09:00:00Z', to: '2027-01-03T12:00:00Z' })).toMatch(
      /^Срок задачи «Задача» изменён: 3 янв\. 2027 г\. — Анна$/,
    );
    expect(say('due-changed', { from: '2026-12-12T09:00:00Z', to: null })).toBe(
      'Срок задачи «Задача» убран — Анна',
    );
    // A kind added to the API later still reads as something.
    expect(say('archived' as NotificationItem['kind'])).toBe('Изменения в задаче «Задача» — Анна');
    // About the board itself: no task, no author.
    expect(
      notificationText({
        kind: 'webhook-disabled',
        task: null,
        actor: null,
        board: { id: 1, name: 'Доска' },
        data: { url: 'https://hooks.example.com/k' },
      }),
    ).toBe('Вебхук https://hooks.example.com/k на доске «Доска» отключён: 3 дня без ответа');
  });

  it('quotes the comment only for mentions and comments', () => {
    expect(notificationExcerpt({ kind: 'mention', data: { text: '  @Анна глянь ' } })).toBe('@Анна глянь');
    expect(notificationExcerpt({ kind: 'comment', data: {} })).toBeNull();
    expect(notificationExcerpt({ kind: 'moved', data: { text: 'x' } })).toBeNull();
  });
});
