import { describe, expect, it } from 'vitest';
import { addTask, call, editBody, seedBoard, type TestBoard, useTestApp } from '../../test/fixtures.js';

const t = useTestApp();

/** Sets the task's due date (and more) through the API, as the board's member. */
async function edit(b: TestBoard, taskId: string, change: object) {
  const res = await call(t.app, b.member, 'PUT', '/api/task/edit', await editBody(t.app, b, taskId, change));
  expect(res.status).toBe(200);
}

describe('GET /api/task/mine', () => {
  it("lists the caller's assigned tasks across boards by due date (none last), board, id", async () => {
    const a = await seedBoard(t.app);
    const b = await seedBoard(t.app);
    const me = a.member;
    // `me` joins board b too, as an accepted member.
    await t.db
      .insertInto('board_members')
      .values({ board_id: b.id, user_id: me.id, accepted: true })
      .execute();
    const bAsMe: TestBoard = { ...b, member: me };

    const late = await addTask(t.app, a, a.columns[0], { title: 'Поздняя', assignees: [me.id] });
    const undated = await addTask(t.app, a, a.columns[1], { title: 'Без срока', assignees: [me.id] });
    const early = await addTask(t.app, bAsMe, b.columns[0], { title: 'Ранняя', assignees: [me.id] }, me);
    const sameDueOnA = await addTask(t.app, a, a.columns[0], { title: 'Тот же срок', assignees: [me.id] });
    const notMine = await addTask(t.app, a, a.columns[0], { title: 'Чужая', assignees: [a.creator.id] });
    await edit(a, late, { dueAt: '2031-05-02T10:00:00Z' });
    await edit(bAsMe, early, { dueAt: '2031-05-01T10:00:00+03:00', dueDone: true });
    await edit(a, sameDueOnA, { dueAt: '2031-05-02T10:00:00.000Z' });
    await edit(a, notMine, { dueAt: '2031-01-01T00:00:00Z' });

    const res = await call(t.app, me, 'GET', '/api/task/mine');
    expect(res.status).toBe(200);
    expect(res.body.map((task: { id: string }) => task.id)).toEqual([early, late, sameDueOnA, undated]);
    const [first] = res.body;
    expect(first).toMatchObject({
      id: early,
      boardId: b.id,
      // Its number on board b (the first task there), which its link carries.
      number: 1,
      columnId: b.columns[0],
      title: 'Ранняя',
      assignees: [me.id],
      dueAt: '2031-05-01T07:00:00.000Z',
      dueDone: true,
      checklist: { done: 0, total: 0 },
      board: { id: b.id, name: 'Доска' },
    });
    // The whole task shape, as the board answers it, plus the board.
    const { body: detail } = await call(t.app, me, 'GET', `/api/board/${a.id}`);
    expect(res.body[1]).toEqual({ ...detail.tasks[late], board: { id: a.id, name: 'Доска' } });
  });

  it('leaves out boards the caller was removed from or has not accepted', async () => {
    const b = await seedBoard(t.app);
    const task = await addTask(t.app, b, b.columns[0], { assignees: [b.member.id] });
    // Assigned while a member, then removed / back to a pending invitation.
    for (const standing of [{ is_deleted: true }, { accepted: false }]) {
      await t.db
        .updateTable('board_members')
        .set({ accepted: true, is_deleted: false, ...standing })
        .where('board_id', '=', b.id)
        .where('user_id', '=', b.member.id)
        .execute();
      expect((await call(t.app, b.member, 'GET', '/api/task/mine')).body).toEqual([]);
    }
    await t.db
      .updateTable('board_members')
      .set({ accepted: true, is_deleted: false })
      .where('board_id', '=', b.id)
      .where('user_id', '=', b.member.id)
      .execute();
    expect(
      (await call(t.app, b.member, 'GET', '/api/task/mine')).body.map((x: { id: string }) => x.id),
    ).toEqual([task]);
  });

  it('needs a signed-in user', async () => {
    expect((await call(t.app, null, 'GET', '/api/task/mine')).status).toBe(401);
  });
});
