import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FileItem, TaskDetail } from 'contract';
import { bodyOf, calls, FakeXhr, jsonResponse, routeApi } from 'shared-ui/test-kit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeBoard, makeTask, renderApp } from '../../test/utils';

const NBSP = '\u00a0';

const macket: FileItem = {
  id: 9,
  boardId: 7,
  taskId: '2',
  name: 'макет.png',
  url: '/api/file/object/boards/7/aa',
  type: 'image/png',
  size: 1536,
};

const detail = (files: FileItem[] = [macket]): TaskDetail => ({
  ...makeTask('2', '10'),
  description: '',
  comments: [],
  checklists: [],
  files,
});

const signed = (key: string) =>
  `/api/file/object/boards/7/${key}?size=5&type=text%2Fplain&expires=9&signature=s`;

const drop = async (files: File[]) =>
  fireEvent.change(await screen.findByTestId('dropzone-input'), { target: { files } });

// The task modal is a lazy chunk: its first load can take seconds while the whole suite runs.
const WAIT = { timeout: 5000 };

async function openTask() {
  renderApp('/board/7/task/2');
  const dialog = await screen.findByRole('dialog', { name: 'Задача 2' }, WAIT);
  return within(dialog).findByRole('region', { name: /Файлы/ }, WAIT);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('task files', { timeout: 15_000 }, () => {
  it('lists files with name, type and size', async () => {
    routeApi({ 'GET /api/board/7': makeBoard(), 'GET /api/task/7/2': detail() });
    const area = await openTask();
    const item = within(area).getByRole('listitem');
    expect(within(item).getByRole('button', { name: 'макет.png' })).toBeTruthy();
    expect(item.textContent).toContain('image/png');
    expect(item.textContent).toContain(`1,5${NBSP}КБ`);
  });

  it('uploads each dropped file: signed link, PUT with a progress bar, add; then the board reloads', async () => {
    let added: FileItem[] = [macket];
    routeApi({
      'GET /api/board/7': makeBoard(),
      'GET /api/task/7/2': detail(),
      'GET /api/file/upload': (url: URL) =>
        jsonResponse(200, { url: signed(url.searchParams.get('name') ?? '') }),
      'POST /api/file/add': (_url: URL, init: RequestInit | undefined) => {
        const body = JSON.parse(String(init?.body)) as Omit<FileItem, 'id'>;
        added = [...added, { ...body, id: added.length + 10 }];
        return jsonResponse(200, added);
      },
    });
    const area = await openTask();
    const before = calls().length;
    await drop([
      new File(['hello'], 'a.txt', { type: 'text/plain' }),
      new File(['world'], 'b.txt', { type: 'text/plain' }),
    ]);

    await waitFor(() => expect(FakeXhr.all).toHaveLength(2));
    const [first, second] = FakeXhr.all as [FakeXhr, FakeXhr];
    expect(calls().slice(before, first.afterCalls)).toContain(
      'GET /api/file/upload?name=a.txt&boardId=7&taskId=2&type=text%2Fplain&size=5',
    );
    expect(first.method).toBe('PUT');
    expect(first.url).toBe(signed('a.txt'));
    expect(first.headers['Content-Type']).toBe('text/plain');
    expect(calls()).not.toContain('POST /api/file/add');

    act(() => {
      first.progress(2, 5);
      second.progress(1, 5);
    });
    const bars = within(area).getAllByRole('progressbar');
    expect(bars.map((bar) => [bar.getAttribute('aria-label'), bar.getAttribute('aria-valuenow')])).toEqual([
      ['Загрузка «a.txt»', '40'],
      ['Загрузка «b.txt»', '20'],
    ]);

    const boardLoads = calls().filter((call) => call === 'GET /api/board/7').length;
    act(() => first.respond(200, { success: true }));
    await within(area).findByRole('button', { name: 'a.txt' });
    expect(bodyOf('POST /api/file/add')).toEqual({
      boardId: 7,
      taskId: '2',
      name: 'a.txt',
      url: '/api/file/object/boards/7/a.txt',
      type: 'text/plain',
      size: 5,
    });
    await waitFor(() =>
      expect(calls().filter((call) => call === 'GET /api/board/7').length).toBeGreaterThan(boardLoads),
    );
    // b.txt is still on its way.
    expect(within(area).getAllByRole('progressbar')).toHaveLength(1);

    act(() => second.respond(200, { success: true }));
    await within(area).findByRole('button', { name: 'b.txt' });
    expect(within(area).queryByRole('progressbar')).toBeNull();
    expect(
      within(area)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('button')?.textContent),
    ).toEqual(['макет.png', 'a.txt', 'b.txt']);
  });

  it('shows why an upload failed, in Russian, and adds nothing', async () => {
    routeApi({
      'GET /api/board/7': makeBoard(),
      'GET /api/task/7/2': detail([]),
      'GET /api/file/upload': () => jsonResponse(200, { url: signed('x') }),
    });
    const area = await openTask();
    expect(within(area).getByText('Файлов пока нет.')).toBeTruthy();
    await drop([new File(['hello'], 'big.bin')]);
    await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
    act(() => FakeXhr.all[0]!.respond(413, { message: 'Файл слишком большой' }));
    expect((await within(area).findByRole('alert')).textContent).toBe('Файл слишком большой');
    expect(calls()).not.toContain('POST /api/file/add');
  });

  it('opens a file through a fresh link in a new tab', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    routeApi({
      'GET /api/board/7': makeBoard(),
      'GET /api/task/7/2': detail(),
      'GET /api/file/get': () =>
        jsonResponse(200, { url: '/api/file/object/boards/7/aa?expires=1&signature=t' }),
    });
    const area = await openTask();
    fireEvent.click(within(area).getByRole('button', { name: 'макет.png' }));
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith(
        '/api/file/object/boards/7/aa?expires=1&signature=t',
        '_blank',
        'noopener',
      ),
    );
    expect(calls()).toContain('GET /api/file/get?id=9');
  });

  it('deletes a file only after confirmation, then the board reloads', async () => {
    routeApi({
      'GET /api/board/7': makeBoard(),
      'GET /api/task/7/2': detail(),
      'DELETE /api/file/7/9/delete': [],
    });
    const area = await openTask();
    fireEvent.click(within(area).getByRole('button', { name: 'Удалить файл «макет.png»' }));
    let confirm = await screen.findByRole('dialog', { name: 'Удалить файл?' });
    expect(confirm.textContent).toContain('«макет.png»');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Удалить файл?' })).toBeNull());
    expect(calls()).not.toContain('DELETE /api/file/7/9/delete');

    const boardLoads = calls().filter((call) => call === 'GET /api/board/7').length;
    fireEvent.click(within(area).getByRole('button', { name: 'Удалить файл «макет.png»' }));
    confirm = await screen.findByRole('dialog', { name: 'Удалить файл?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Удалить файл' }));
    expect(await within(area).findByText('Файлов пока нет.')).toBeTruthy();
    expect(calls()).toContain('DELETE /api/file/7/9/delete');
    await waitFor(() =>
      expect(calls().filter((call) => call === 'GET /api/board/7').length).toBeGreaterThan(boardLoads),
    );
  });

  it('shows a failed delete in Russian and keeps the file', async () => {
    routeApi({
      'GET /api/board/7': makeBoard(),
      'GET /api/task/7/2': detail(),
      'DELETE /api/file/7/9/delete': () => jsonResponse(403, { message: 'Нет доступа' }),
    });
    const area = await openTask();
    fireEvent.click(within(area).getByRole('button', { name: 'Удалить файл «макет.png»' }));
    const confirm = await screen.findByRole('dialog', { name: 'Удалить файл?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Удалить файл' }));
    expect((await within(area).findByRole('alert')).textContent).toBe('Нет доступа');
    expect(within(area).getByRole('button', { name: 'макет.png' })).toBeTruthy();
  });
});
