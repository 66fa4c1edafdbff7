import type { NotificationsState } from 'contract/realtime';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addTask, call, type Person, seedBoard, type TestBoard, useTestApp } from '../../test/fixtures.js';

const t = useTestApp();
let url = '';
const sockets: Socket[] = [];

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => {
  for (const socket of sockets) socket.disconnect();
});

/** `count` notifications for `who` about one task of the board, oldest first; their ids. */
async function notify(b: TestBoard, who: Person, count: number, kind = 'due-soon'): Promise<number[]> {
  const task = Number(await addTask(t.app, b, b.columns[0], { title: 'Задача' }));
  const rows = await t.db
    .insertInto('notifications')
    .values(
      Array.from({ length: count }, (_, i) => ({
        user_id: who.id,
        kind,
        board_id: b.id,
        task_id: task,
        due_at: new Date(Date.UTC(2031, 0, 1, 0, i)),
      })),
    )
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

async function unreadEvents(who: Person): Promise<number[]> {
  const socket = io(url, {
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    auth: { token: who.token },
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  const seen: number[] = [];
  socket.on('notifications', (state: NotificationsState) => seen.push(state.unread));
  return seen;
}

describe('GET /api/notification', () => {
  it('pages the caller’s notifications newest first, 30 at a time, before a given id', async () => {
    const b = await seedBoard(t.app);
    const ids = await notify(b, b.member, 35);
    await notify(b, b.creator, 1);

    const page = await call(t.app, b.member, 'GET', '/api/notification');
    expect(page.status).toBe(200);
    expect(page.body.map((n: { id: number }) => n.id)).toEqual(ids.slice(5).reverse());
    const task = await t.db
      .selectFrom('tasks')
      .select(['id', 'number'])
      .where('board_id', '=', b.id)
      .executeTakeFirstOrThrow();
    expect(page.body[0]).toEqual({
      id: ids[34],
      kind: 'due-soon',
      task: { id: String(task.id), boardId: b.id, number: task.number, title: 'Задача' },
      board: { id: b.id, name: 'Доска' },
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      dueAt: '2031-01-01T00:34:00.000Z',
      read: false,
    });
    const next = await call(t.app, b.member, 'GET', `/api/notification?before=${ids[5]}`);
    expect(next.body.map((n: { id: number }) => n.id)).toEqual(ids.slice(0, 5).reverse());
    expect((await call(t.app, b.member, 'GET', `/api/notification?before=${ids[0]}`)).body).toEqual([]);
  });

  it('leaves out boards the caller is no longer on, in the list and the count', async () => {
    const b = await seedBoard(t.app);
    await notify(b, b.member, 2);
    expect((await call(t.app, b.member, 'GET', '/api/notification/unread')).body).toEqual({ unread: 2 });
    await t.db
      .updateTable('board_members')
      .set({ is_deleted: true })
      .where('board_id', '=', b.id)
      .where('user_id', '=', b.member.id)
      .execute();
    expect((await call(t.app, b.member, 'GET', '/api/notification')).body).toEqual([]);
    expect((await call(t.app, b.member, 'GET', '/api/notification/unread')).body).toEqual({ unread: 0 });
  });

  it('refuses a malformed cursor and callers without a token', async () => {
    const b = await seedBoard(t.app);
    expect(await call(t.app, b.member, 'GET', '/api/notification?before=abc')).toEqual({
      status: 400,
      body: { before: 'Некорректный идентификатор' },
    });
    expect((await call(t.app, null, 'GET', '/api/notification')).status).toBe(401);
    expect((await call(t.app, null, 'GET', '/api/notification/unread')).status).toBe(401);
    expect((await call(t.app, null, 'PUT', '/api/notification/read-all')).status).toBe(401);
  });
});

describe('marking read', () => {
  it("marks the caller's own among the ids, answers and announces the unread count", async () => {
    const b = await seedBoard(t.app);
    const mine = await notify(b, b.member, 3);
    const theirs = await notify(b, b.creator, 1);
    const seen = await unreadEvents(b.member);

    const res = await call(t.app, b.member, 'PUT', '/api/notification/read', {
      ids: [mine[0], mine[2], theirs[0]],
    });
    expect(res).toEqual({ status: 200, body: { unread: 1 } });
    await vi.waitFor(() => expect(seen).toEqual([1]));
    const list = (await call(t.app, b.member, 'GET', '/api/notification')).body;
    expect(list.map((n: { id: number; read: boolean }) => [n.id, n.read])).toEqual([
      [mine[2], true],
      [mine[1], false],
      [mine[0], true],
    ]);
    // Someone else's stays unread.
    expect((await call(t.app, b.creator, 'GET', '/api/notification/unread')).body).toEqual({ unread: 1 });

    expect(await call(t.app, b.member, 'PUT', '/api/notification/read-all')).toEqual({
      status: 200,
      body: { unread: 0 },
    });
    await vi.waitFor(() => expect(seen).toEqual([1, 0]));
    expect((await call(t.app, b.creator, 'GET', '/api/notification/unread')).body).toEqual({ unread: 1 });
  });

  it('refuses ids that are not a list of ids', async () => {
    const b = await seedBoard(t.app);
    for (const body of [{}, { ids: 'all' }, { ids: [1, 'x'] }, { ids: [0] }]) {
      expect(await call(t.app, b.member, 'PUT', '/api/notification/read', body)).toEqual({
        status: 400,
        body: { ids: 'Некорректный идентификатор' },
      });
    }
  });
});
