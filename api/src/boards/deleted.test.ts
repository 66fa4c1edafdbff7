import type { DeletedBoard } from 'contract/boards';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  addTask,
  boardDetail,
  boardList,
  boardSnapshot,
  call,
  NOT_FOUND,
  seedBoard,
  type TestBoard,
  useTestApp,
} from '../../test/fixtures.js';

const t = useTestApp();

const DAY = 24 * 60 * 60 * 1000;

async function deleted(b: TestBoard) {
  const res = await call(t.app, b.creator, 'DELETE', `/api/board/${b.id}`);
  expect(res.status).toBe(200);
}

async function backdate(boardId: number, days: number) {
  await t.db
    .updateTable('boards')
    .set({ deleted_at: sql<Date>`now() - make_interval(days => ${days})` })
    .where('id', '=', boardId)
    .execute();
}

describe('deleted boards', () => {
  it('vanish from lists, invitations and my tasks, and are listed to their creator with purgeAt', async () => {
    const b = await seedBoard(t.app);
    await addTask(t.app, b, b.columns[0], { assignees: [b.member.id] });
    const other = await seedBoard(t.app);
    expect((await call(t.app, b.member, 'GET', '/api/task/mine')).body).toHaveLength(1);
    expect((await call(t.app, b.pending, 'GET', '/api/invite')).body).toHaveLength(1);

    await deleted(b);
    await deleted(other);
    await backdate(other.id, 2);

    expect(await boardList(t.app, b.creator)).toEqual([]);
    expect(await boardList(t.app, b.member)).toEqual([]);
    expect(await boardDetail(t.app, b.member, b.id)).toMatchObject(NOT_FOUND);
    expect((await call(t.app, b.member, 'GET', '/api/task/mine')).body).toEqual([]);
    expect((await call(t.app, b.pending, 'GET', '/api/invite')).body).toEqual([]);
    expect(await call(t.app, b.member, 'GET', `/api/activity/${b.id}`)).toMatchObject(NOT_FOUND);

    const list = await call<DeletedBoard[]>(t.app, b.creator, 'GET', '/api/board/deleted');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      {
        id: b.id,
        name: 'Доска',
        color: '#f4f5f7',
        deletedAt: expect.any(String),
        purgeAt: expect.any(String),
      },
    ]);
    const [item] = list.body;
    expect(Date.parse(item!.purgeAt) - Date.parse(item!.deletedAt)).toBe(30 * DAY);
    expect(Math.abs(Date.parse(item!.deletedAt) - Date.now())).toBeLessThan(60_000);
    // Not another's: the members see nothing, the other creator only theirs.
    expect((await call(t.app, b.member, 'GET', '/api/board/deleted')).body).toEqual([]);
    expect((await call(t.app, other.creator, 'GET', '/api/board/deleted')).body).toMatchObject([
      { id: other.id },
    ]);
  });

  it('are listed newest first, and not once 30 days old', async () => {
    const [older, newer, expired] = [await seedBoard(t.app), await seedBoard(t.app), await seedBoard(t.app)];
    // One creator for all three.
    for (const b of [newer, expired]) {
      await t.db
        .updateTable('boards')
        .set({ created_by: older!.creator.id })
        .where('id', '=', b!.id)
        .execute();
      await t.db
        .insertInto('board_members')
        .values({ board_id: b!.id, user_id: older!.creator.id, accepted: true })
        .execute();
    }
    for (const b of [older, newer, expired]) await deleted({ ...b!, creator: older!.creator });
    await backdate(older!.id, 3);
    await backdate(newer!.id, 1);
    await backdate(expired!.id, 31);
    const list = await call<DeletedBoard[]>(t.app, older!.creator, 'GET', '/api/board/deleted');
    expect(list.body.map((board) => board.id)).toEqual([newer!.id, older!.id]);
    expect(await call(t.app, older!.creator, 'POST', `/api/board/${expired!.id}/restore`)).toMatchObject(
      NOT_FOUND,
    );
  });

  it('are restored by their creator as they were, for every member', async () => {
    const b = await seedBoard(t.app);
    const taskId = await addTask(t.app, b, b.columns[0], { assignees: [b.member.id] });
    const before = (await boardDetail(t.app, b.member, b.id)).body;
    await deleted(b);
    await backdate(b.id, 29);

    const res = await call(t.app, b.creator, 'POST', `/api/board/${b.id}/restore`);
    expect(res).toMatchObject({ status: 200, body: [{ id: b.id, name: 'Доска' }] });
    expect(await boardList(t.app, b.member)).toMatchObject([{ id: b.id }]);
    const after = await boardDetail(t.app, b.member, b.id);
    expect(after.status).toBe(200);
    const { version: _v1, ...was } = before;
    const { version, ...is } = after.body;
    expect(is).toEqual(was);
    expect(version).toBeGreaterThan(before.version);
    expect(Object.keys(after.body.tasks)).toEqual([taskId]);
    expect((await call(t.app, b.member, 'GET', '/api/task/mine')).body).toHaveLength(1);
    expect((await call(t.app, b.pending, 'GET', '/api/invite')).body).toHaveLength(1);
    expect((await call(t.app, b.creator, 'GET', '/api/board/deleted')).body).toEqual([]);
    const activity = await call(t.app, b.member, 'GET', `/api/activity/${b.id}`);
    expect(activity.body[0]).toMatchObject({ kind: 'board.restored', user: { id: b.creator.id }, data: {} });
    // Changes work again.
    await addTask(t.app, b);
    // Restoring a board that is not deleted finds nothing to restore.
    expect(await call(t.app, b.creator, 'POST', `/api/board/${b.id}/restore`)).toMatchObject(NOT_FOUND);
  });

  it('refuses anyone but the creator (403) and unknown boards (404), changing nothing', async () => {
    const b = await seedBoard(t.app);
    await deleted(b);
    const rows = await boardSnapshot(t.db, b.id);
    for (const who of [b.member, b.pending, b.removed, b.outsider]) {
      expect((await call(t.app, who, 'POST', `/api/board/${b.id}/restore`)).status).toBe(403);
    }
    expect(await boardSnapshot(t.db, b.id)).toEqual(rows);
    expect(await boardList(t.app, b.member)).toEqual([]);
    expect(await call(t.app, b.creator, 'POST', '/api/board/2000000000/restore')).toMatchObject(NOT_FOUND);
    expect((await call(t.app, null, 'POST', `/api/board/${b.id}/restore`)).status).toBe(401);
    expect((await call(t.app, null, 'GET', '/api/board/deleted')).status).toBe(401);
  });
});
