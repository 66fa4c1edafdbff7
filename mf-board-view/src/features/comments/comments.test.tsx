import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { TaskDetail } from 'contract';
import { bodyOf, calls, jsonResponse, routeApi } from 'shared-ui/test-kit';
import { describe, expect, it } from 'vitest';
import { useUndo } from '../../shared/undo';
import { makeBoard, makeTask, renderApp } from '../../test/utils';
import { renderCommentText } from './components/linkify';
import { splitLinks } from './model/links';
import { COMMENT_TIME_SHIFT_MS, commentTime } from './model/relative-time';

describe('comment links', () => {
  it('links http, https and www (www gets http://) and nothing else', () => {
    expect(splitLinks('см. https://example.com/a?b=1, и www.ya.ru.')).toEqual([
      { type: 'text', text: 'см. ' },
      { type: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { type: 'text', text: ', и ' },
      { type: 'link', text: 'www.ya.ru', href: 'http://www.ya.ru' },
      { type: 'text', text: '.' },
    ]);
    expect(splitLinks('javascript:alert(1) ftp://x.ru data:text/html,<b>x</b> mailto:a@b.ru')).toEqual([
      { type: 'text', text: 'javascript:alert(1) ftp://x.ru data:text/html,<b>x</b> mailto:a@b.ru' },
    ]);
    expect(splitLinks('http://')).toEqual([{ type: 'text', text: 'http://' }]);
  });

  it('renders text escaped (never as HTML) and links that open safely in a new tab', () => {
    const { container } = render(
      <p>{renderCommentText('<img src=x onerror=alert(1)> смотри http://a.ru/<b>"x"</b> ок')}</p>,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toBe('<img src=x onerror=alert(1)> смотри http://a.ru/<b>"x"</b> ок');
    const links = container.querySelectorAll('a');
    expect(links).toHaveLength(1);
    expect(links[0]?.getAttribute('href')).toBe('http://a.ru/');
    expect(links[0]?.getAttribute('target')).toBe('_blank');
    expect(links[0]?.getAttribute('rel')).toBe('noopener noreferrer');
  });
});

describe('comment time', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();

  it('is Russian relative time, shifted back 10 seconds', () => {
    expect(COMMENT_TIME_SHIFT_MS).toBe(10_000);
    // Just posted (even 2 s "in the future" by a fast server clock) reads as the past.
    expect(commentTime(ago(0), now)).toBe('10 секунд назад');
    expect(commentTime(ago(-2000), now)).toBe('8 секунд назад');
    // A device clock well behind (15 s): still not in the future.
    expect(commentTime(ago(-15_000), now)).toBe('сейчас');
    expect(commentTime(ago(50_000), now)).toBe('1 минуту назад');
    expect(commentTime(ago(5 * 60_000), now)).toBe('5 минут назад');
    expect(commentTime(ago(3 * 3600_000), now)).toBe('3 часа назад');
    expect(commentTime(ago(26 * 3600_000), now)).toBe('вчера');
  });
});

const detail = (patch: Partial<TaskDetail> = {}): TaskDetail => ({
  ...makeTask('2', '10'),
  description: '',
  comments: [
    {
      id: 50,
      boardId: 7,
      taskId: '2',
      userId: 2,
      text: 'Глянь www.example.com',
      createdAt: new Date().toISOString(),
    },
    { id: 51, boardId: 7, taskId: '2', userId: 1, text: 'Готово', createdAt: new Date().toISOString() },
  ],
  files: [],
  checklists: [],
  ...patch,
});

// The task modal is a lazy chunk: its first load can take seconds while the whole suite runs.
const WAIT = { timeout: 5000 };

describe('comments panel', { timeout: 15_000 }, () => {
  it('shows authors, deletes only your own comment after confirmation', async () => {
    routeApi({
      'GET /api/board/7': makeBoard(),
      'GET /api/task/7/2': detail(),
      'DELETE /api/comment/delete/7/51': { success: true },
    });
    renderApp('/board/7/task/2');
    const dialog = await screen.findByRole('dialog', { name: 'Задача 2' }, WAIT);
    const list = await within(dialog).findByRole('list', {}, WAIT);
    const others = within(list).getByText('Борис').closest('li') as HTMLElement;
    expect(within(others).queryByRole('button', { name: 'Удалить' })).toBeNull();
    expect(within(others).getByRole('link', { name: 'www.example.com' }).getAttribute('href')).toBe(
      'http://www.example.com',
    );
    const mine = within(list).getByText('Готово').closest('li') as HTMLElement;
    fireEvent.click(within(mine).getByRole('button', { name: 'Удалить' }));
    const confirm = await screen.findByRole('dialog', { name: 'Удалить комментарий?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(calls()).toContain('DELETE /api/comment/delete/7/51'));
    await waitFor(() =>
      expect(useUndo.getState().offer).toMatchObject({
        boardId: 7,
        kind: 'comment',
        id: '51',
        message: 'Комментарий удалён',
      }),
    );
  });

  it('sends a comment, clears the text on success and shows an error under the box', async () => {
    let answer = jsonResponse(400, { text: 'Введите текст комментария' });
    routeApi({
      'GET /api/board/7': makeBoard(),
      'GET /api/task/7/2': detail({ comments: [] }),
      'POST /api/comment/create': () => answer,
    });
    renderApp('/board/7/task/2');
    const box = (await screen.findByLabelText('Новый комментарий', {}, WAIT)) as HTMLTextAreaElement;
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(await screen.findByText('Введите текст комментария')).toBeTruthy();
    answer = jsonResponse(200, { id: 52, boardId: 7, taskId: '2', userId: 1, text: 'Привет', createdAt: '' });
    fireEvent.change(box, { target: { value: 'Привет' } });
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    await waitFor(() => expect(box.value).toBe(''));
    expect(screen.queryByText('Введите текст комментария')).toBeNull();
    expect(bodyOf('POST /api/comment/create')).toEqual({ boardId: 7, taskId: '2', text: 'Привет' });
  });
});
