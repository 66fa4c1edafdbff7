/**
 * Board roles: every call that names a board, for each of the four roles, is allowed or refused as
 * contract/roles.ts says (refused: 403 'Недостаточно прав' before the payload, nothing changed); the
 * roles at work (a viewer watches, a commenter comments, a member edits, an administrator invites with
 * a role and changes roles); handing the board over; a role change applies to the very next call.
 */
import { can, ROLES, type Role } from 'contract/roles';
import { describe, expect, it } from 'vitest';
import {
  addTask,
  boardDetail,
  boardList,
  call,
  type Person,
  person,
  refused,
  seedBoard,
  useTestApp,
} from '../../test/fixtures.js';
import { fillPath, operations } from '../../test/routes.js';

const t = useTestApp();
const INSUFFICIENT = { message: 'Недостаточно прав' };

/** A seeded board with one accepted member in each role (the seed's member is a 'member'). */
async function rolesBoard() {
  const b = await seedBoard(t.app);
  const people = { member: b.member } as Record<Role, Person>;
  for (const role of ['admin', 'commenter', 'viewer'] as const) {
    const someone = await person(t.app, role);
    await t.db
      .insertInto('board_members')
      .values({ board_id: b.id, user_id: someone.id, accepted: true, role })
      .execute();
    people[role] = someone;
  }
  return { b, people };
}

describe('roles', () => {
  it('allow or refuse every board call as the table says, before the payload', async () => {
    const { b, people } = await rolesBoard();
    let checked = 0;
    for (const { method, path, pathParams, bodyFields, action } of await operations(t.app)) {
      const named = pathParams.includes('boardId') || bodyFields.includes('boardId');
      if (!named || path.startsWith('/api/invite/reject/')) continue;
      // Something to get wrong besides the board, so that no call is carried out.
      const other = pathParams.some((name) => name !== 'boardId') || bodyFields.length > 1;
      if (!other && method !== 'GET') continue;
      // A malformed call: the board named, every other id wrong.
      const url = fillPath(path, (name) => (name === 'boardId' ? String(b.id) : 'не-число'));
      const body = method === 'GET' ? undefined : bodyFields.includes('boardId') ? { boardId: b.id } : {};
      for (const role of ROLES) {
        const answer = await refused(t.app, people[role], method, url, body);
        if (can(role, action))
          expect({ path, role, status: answer.status }).not.toEqual({ path, role, status: 403 });
        else
          expect({ path, role, answer }).toEqual({ path, role, answer: { status: 403, body: INSUFFICIENT } });
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(4 * 30);
  });

  it('let a viewer read, export and watch; a commenter comment; a member edit; an administrator manage', async () => {
    const { b, people } = await rolesBoard();
    const taskId = await addTask(t.app, b);
    const { viewer, commenter, member, admin } = people;

    expect((await boardDetail(t.app, viewer, b.id)).status).toBe(200);
    expect(
      (
        await t.app.inject({
          url: `/api/export/${b.id}`,
          headers: { authorization: `Bearer ${viewer.token}` },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      await call(t.app, viewer, 'PUT', '/api/task/watch', { boardId: b.id, taskId, watching: true }),
    ).toEqual({
      status: 200,
      body: { watching: true },
    });
    const task = { boardId: b.id, columnId: b.columns[0], title: 'Нельзя' };
    expect(await refused(t.app, viewer, 'POST', '/api/task/create', task)).toEqual({
      status: 403,
      body: INSUFFICIENT,
    });
    const comment = { boardId: b.id, taskId, text: 'Мнение', mentions: [member.id] };
    expect(await refused(t.app, viewer, 'POST', '/api/comment/create', comment)).toEqual({
      status: 403,
      body: INSUFFICIENT,
    });

    expect((await call(t.app, commenter, 'POST', '/api/comment/create', comment)).status).toBe(200);
    expect(await refused(t.app, commenter, 'POST', '/api/task/create', task)).toEqual({
      status: 403,
      body: INSUFFICIENT,
    });

    expect((await call(t.app, member, 'POST', '/api/task/create', { ...task, title: 'Можно' })).status).toBe(
      200,
    );
    const invite = { boardId: b.id, email: 'new@example.com', role: 'viewer' };
    expect(await refused(t.app, member, 'POST', '/api/invite/send', invite)).toEqual({
      status: 403,
      body: INSUFFICIENT,
    });

    expect((await call(t.app, admin, 'POST', '/api/invite/send', invite)).status).toBe(200);
    expect(
      (
        await call(t.app, admin, 'PUT', `/api/board/edit/${b.id}`, {
          name: 'Переименована',
          color: '#dfe7fd',
          showIdsMode: 'empty',
          showTotalColumnEstimation: false,
        })
      ).status,
    ).toBe(200);
    const detail = (await boardDetail(t.app, admin, b.id)).body;
    expect(detail.members.find((item) => item.email === 'new@example.com')?.role).toBe('viewer');
    expect(detail.members.find((item) => item.id === commenter.id)?.role).toBe('commenter');
    expect((await boardList(t.app, viewer)).find((item) => item.id === b.id)?.role).toBe('viewer');
  });

  it('apply a changed role from the next call on; the owner stays an administrator', async () => {
    const { b, people } = await rolesBoard();
    const { member, admin } = people;
    const task = { boardId: b.id, columnId: b.columns[0], title: 'Задача' };
    expect((await call(t.app, member, 'POST', '/api/task/create', task)).status).toBe(200);
    expect(
      await call(t.app, admin, 'PUT', '/api/member/role', {
        boardId: b.id,
        userId: member.id,
        role: 'viewer',
      }),
    ).toEqual({
      status: 200,
      body: { success: true },
    });
    expect(await refused(t.app, member, 'POST', '/api/task/create', task)).toEqual({
      status: 403,
      body: INSUFFICIENT,
    });
    const activity = (await call(t.app, admin, 'GET', `/api/activity/${b.id}`)).body;
    expect(JSON.stringify(activity)).toContain('member.role-changed');

    expect(
      await refused(t.app, admin, 'PUT', '/api/member/role', {
        boardId: b.id,
        userId: b.creator.id,
        role: 'viewer',
      }),
    ).toEqual({
      status: 400,
      body: { role: 'Владелец доски всегда администратор' },
    });
    expect(
      await refused(t.app, admin, 'PUT', '/api/member/role', {
        boardId: b.id,
        userId: b.outsider.id,
        role: 'viewer',
      }),
    ).toMatchObject({
      status: 404,
    });
    expect(
      await refused(t.app, admin, 'PUT', '/api/member/role', {
        boardId: b.id,
        userId: member.id,
        role: 'boss',
      }),
    ).toEqual({
      status: 400,
      body: { role: 'Неизвестная роль' },
    });
    // The owner cannot be removed, and an administrator removes others.
    expect((await refused(t.app, admin, 'DELETE', `/api/board/${b.id}/member/${b.creator.id}`)).status).toBe(
      400,
    );
    expect((await call(t.app, admin, 'DELETE', `/api/board/${b.id}/member/${member.id}`)).status).toBe(200);
  });

  it("hand the board to an administrator, who may then do the owner's part", async () => {
    const { b, people } = await rolesBoard();
    const { admin, member } = people;
    const to = (who: Person, userId: number) =>
      call(t.app, who, 'PUT', `/api/board/${b.id}/owner`, { userId });
    expect(await refused(t.app, admin, 'PUT', `/api/board/${b.id}/owner`, { userId: admin.id })).toEqual({
      status: 403,
      body: INSUFFICIENT,
    });
    expect(await refused(t.app, b.creator, 'PUT', `/api/board/${b.id}/owner`, { userId: member.id })).toEqual(
      {
        status: 400,
        body: { userId: 'Передать доску можно только администратору' },
      },
    );
    expect(await to(b.creator, admin.id)).toEqual({ status: 200, body: { success: true } });
    const detail = (await boardDetail(t.app, admin, b.id)).body;
    expect(detail.createdBy).toBe(admin.id);
    expect(detail.members.find((item) => item.id === b.creator.id)?.role).toBe('admin');
    // The old owner is an administrator now: no longer the owner's part, still an administrator's.
    expect(
      await refused(t.app, b.creator, 'PUT', `/api/board/${b.id}/owner`, { userId: b.creator.id }),
    ).toEqual({ status: 403, body: INSUFFICIENT });
    expect(
      (
        await call(t.app, b.creator, 'PUT', '/api/member/role', {
          boardId: b.id,
          userId: member.id,
          role: 'commenter',
        })
      ).status,
    ).toBe(200);
    expect((await to(admin, b.creator.id)).status).toBe(200);
  });
});
