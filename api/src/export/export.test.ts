/** A board's export: everything on it and in its archive, for members only, as JSON and as CSV. */

import { BoardExport } from 'contract/export';
import { unzipSync } from 'fflate';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { filesKit } from '../../test/files.js';
import { addLabel, addTask, call, seedBoard, useTestApp } from '../../test/fixtures.js';

const t = useTestApp();
const { setup, attach } = filesKit(t);

const download = (who: Parameters<typeof call>[1], boardId: number, query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/api/export/${boardId}${query}`,
    headers: who ? { authorization: `Bearer ${who.token}` } : {},
  });

describe('GET /api/export/{boardId}', () => {
  it('writes the board, its columns, tasks with checklists and comments, and its archive', async () => {
    const b = await seedBoard(t.app);
    const [todo, doing] = b.columns as [string, string, string];
    const label = await addLabel(t.app, b, 'Срочно');
    const first = await addTask(t.app, b, todo, {
      title: 'Первая',
      labels: [label],
      assignees: [b.member.id],
      priority: 'high',
    });
    const second = await addTask(t.app, b, todo, { title: 'Вторая; с "кавычками"\nи строкой' });
    const archived = await addTask(t.app, b, doing, { title: 'В архиве' });
    await call(t.app, b.member, 'POST', '/api/comment/create', {
      boardId: b.id,
      taskId: first,
      text: 'Привет',
    });
    const list = await call(t.app, b.member, 'POST', `/api/checklist/${b.id}/${first}`, { title: 'Шаги' });
    const checklistId = list.body.checklists[0].id;
    await call(t.app, b.member, 'POST', `/api/checklist/item/${b.id}/${checklistId}`, { text: 'Шаг 1' });
    await call(t.app, b.member, 'PUT', '/api/task/archive', {
      boardId: b.id,
      taskId: archived,
      archived: true,
    });

    const res = await download(b.member, b.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(
      "filename*=UTF-8''%D0%94%D0%BE%D1%81%D0%BA%D0%B0.json",
    );
    const doc = res.json() as BoardExport;
    // The document is what docs/export-format.schema.json describes.
    expect([...Value.Errors(BoardExport, doc)].map((error) => error.message)).toEqual([]);
    expect(doc).toMatchObject({ format: 'kanban-board', version: 1, board: { name: 'Доска' } });
    expect(doc.members.map((member) => [member.name, member.role, member.state])).toEqual([
      ['Создатель', 'creator', 'member'],
      ['Участник', 'member', 'member'],
      ['Приглашённый', 'member', 'invited'],
      ['Удалённый', 'member', 'removed'],
    ]);
    expect(doc.labels).toEqual([
      { id: label, title: 'Срочно', color: expect.any(String), isMainColor: false },
    ]);
    expect(doc.columns.map((column) => [column.name, column.taskIds])).toEqual([
      ['Нужно сделать', [first, second]],
      ['В работе', []],
      ['Готово', []],
    ]);
    expect(doc.tasks.map((task) => [task.title, task.archived])).toEqual([
      ['Первая', false],
      ['Вторая; с "кавычками"\nи строкой', false],
      ['В архиве', true],
    ]);
    expect(doc.tasks[0]).toMatchObject({
      labels: [label],
      assignees: [b.member.id],
      priority: 'high',
      checklists: [{ title: 'Шаги', items: [{ text: 'Шаг 1', done: false, assigneeId: null }] }],
      comments: [{ userId: b.member.id, author: 'Участник', text: 'Привет' }],
    });

    const csv = await download(b.member, b.id, '?format=csv&tz=Europe/Moscow');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = csv.body.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'Номер;Название;Описание;Колонка;Метки;Срок;Выполнено;Приоритет;Оценка;Исполнители;В архиве',
    );
    expect(lines[1]).toBe(`1;Первая;;Нужно сделать;Срочно;;;Высокий;;${b.member.email};`);
    // Quoted where the text holds the separator, quotes or a line break.
    expect(lines[2]).toBe('2;"Вторая; с ""кавычками""\nи строкой";;Нужно сделать;;;;;;;');
    expect(lines[3]).toBe('3;В архиве;;В работе;;;;;;;да');
  });

  it('puts the JSON and every file into a ZIP, each file where the JSON says', async () => {
    const s = await setup();
    const bytes = Buffer.from('отчёт за квартал');
    const [file] = await attach(s, bytes, 'Отчёт за квартал.txt');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/export/${s.boardId}?format=zip`,
      headers: { authorization: `Bearer ${s.anna.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const entries = unzipSync(new Uint8Array(res.rawPayload));
    const doc = JSON.parse(Buffer.from(entries['board.json'] as Uint8Array).toString('utf8')) as BoardExport;
    const listed = doc.tasks[0]?.files[0];
    expect(listed).toMatchObject({ name: 'Отчёт за квартал.txt', size: bytes.length });
    expect(listed?.path).toMatch(new RegExp(`^files/${s.taskId}/${file?.id}-`));
    expect(Buffer.from(entries[listed?.path as string] as Uint8Array)).toEqual(bytes);
  });

  it("gives the user's profile and every board they belong to, and no other", async () => {
    const b = await seedBoard(t.app);
    await addTask(t.app, b, b.columns[0], { title: 'Моя задача' });
    const other = await seedBoard(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/export/me',
      headers: { authorization: `Bearer ${b.member.token}` },
    });
    expect(res.statusCode).toBe(200);
    const entries = unzipSync(new Uint8Array(res.rawPayload));
    const text = (path: string) => Buffer.from(entries[path] as Uint8Array).toString('utf8');
    expect(Object.keys(entries).sort()).toEqual([`boards/${b.id}-Доска.json`, 'profile.json']);
    expect(JSON.parse(text('profile.json'))).toMatchObject({
      format: 'kanban-account',
      user: { id: b.member.id, email: b.member.email },
    });
    const board = JSON.parse(text(`boards/${b.id}-Доска.json`)) as BoardExport;
    expect(board.tasks.map((task) => task.title)).toEqual(['Моя задача']);
    expect(other.id).not.toBe(b.id);
  });

  it('is for members only, and a bad format is refused after that', async () => {
    const b = await seedBoard(t.app);
    expect((await download(b.outsider, b.id, '?format=zip2')).statusCode).toBe(403);
    expect((await download(null, b.id)).statusCode).toBe(401);
    const bad = await download(b.member, b.id, '?format=zip2');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ format: 'Формат: json, csv или zip' });
  });
});
