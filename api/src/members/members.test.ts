import type { Invitation } from 'contract/invites';
import { describe, expect, it } from 'vitest';
import {
  addMember,
  boardDetail,
  boardList,
  boardSnapshot,
  call,
  createBoard,
  insertTask,
  type Person,
  person,
  useTestApp,
} from '../../test/fixtures.js';

const t = useTestApp();

const boardIds = async (who: Person) => (await boardList(t.app, who)).map((b) => b.id);

async function setup() {
  const owner = await person(t.app, 'Хозяин');
  const member = await person(t.app, 'Участник');
  const boardId = await createBoard(t.app, owner, 'Доска');
  await addMember(t.app, owner, boardId, member);
  return { owner, member, boardId };
}

describe('DELETE /api/board/{boardId}/member/{userId}', () => {
  it('the creator removes a member: access ends at once, the name stays for old assignments', async () => {
    const { owner, member, boardId } = await setup();
    const [column] = await t.db.selectFrom('columns').select('id').where('board_id', '=', boardId).execute();
    const taskId = await insertTask(t.db, boardId, {
      columnId: column?.id as number,
      title: 'Задача',
      createdBy: member.id,
      assignees: [member.id],
    });

    const res = await call(t.app, owner, 'DELETE', `/api/board/${boardId}/member/${member.id}`);
    expect(res).toMatchObject({ status: 200, body: { success: true } });
    expect(await boardDetail(t.app, member, boardId)).toMatchObject({
      status: 403,
      body: { message: 'Нет доступа' },
    });
    expect(await boardIds(member)).toEqual([]);
    const seen = (await boardDetail(t.app, owner, boardId)).body;
    expect(seen.members.find((m) => m.id === member.id)).toEqual({
      id: member.id,
      name: 'Участник',
      email: member.email,
      avatar: null,
      accepted: true,
      isDeleted: true,
      role: 'member',
    });
    expect(seen.tasks[String(taskId)]?.assignees).toEqual([member.id]);
    // A removed member can no longer change anything, leave included.
    expect((await call(t.app, member, 'DELETE', `/api/board/${boardId}/member/${member.id}`)).status).toBe(
      403,
    );
    expect((await call(t.app, owner, 'DELETE', `/api/board/${boardId}/member/${member.id}`)).status).toBe(
      404,
    );
  });

  it('a member leaves with their own id', async () => {
    const { owner, member, boardId } = await setup();
    const res = await call(t.app, member, 'DELETE', `/api/board/${boardId}/member/${member.id}`);
    expect(res).toMatchObject({ status: 200, body: { success: true } });
    expect((await boardDetail(t.app, member, boardId)).status).toBe(403);
    expect(
      (await boardDetail(t.app, owner, boardId)).body.members.find((m) => m.id === member.id)?.isDeleted,
    ).toBe(true);
  });

  it('the creator can neither be removed nor leave; a member cannot remove others', async () => {
    const { owner, member, boardId } = await setup();
    const third = await person(t.app);
    await addMember(t.app, owner, boardId, third);
    const pending = await person(t.app);
    await call(t.app, owner, 'POST', '/api/invite/send', { boardId, email: pending.email });
    const before = await boardSnapshot(t.db, boardId);

    expect(await call(t.app, owner, 'DELETE', `/api/board/${boardId}/member/${owner.id}`)).toMatchObject({
      status: 400,
      body: { message: 'Создателя доски нельзя удалить из участников' },
    });
    expect(await call(t.app, member, 'DELETE', `/api/board/${boardId}/member/${owner.id}`)).toMatchObject({
      status: 403,
    });
    expect(await call(t.app, member, 'DELETE', `/api/board/${boardId}/member/${third.id}`)).toMatchObject({
      status: 403,
      body: { message: 'Недостаточно прав' },
    });
    // Pending invitations are cancelled, not removed; unknown users are not members.
    expect((await call(t.app, owner, 'DELETE', `/api/board/${boardId}/member/${pending.id}`)).status).toBe(
      404,
    );
    expect((await call(t.app, owner, 'DELETE', `/api/board/${boardId}/member/2000000000`)).status).toBe(404);
    expect((await call(t.app, owner, 'DELETE', `/api/board/2000000000/member/${member.id}`)).status).toBe(
      404,
    );
    expect(await boardSnapshot(t.db, boardId)).toEqual(before);
  });
});

describe('permission matrix', () => {
  it('a non-member and a non-creator member get 403 on every guarded call; nothing changes', async () => {
    const { owner, member, boardId } = await setup();
    const outsider = await person(t.app, 'Чужой');
    const third = await person(t.app, 'Третий');
    await addMember(t.app, owner, boardId, third);
    const invitee = await person(t.app, 'Приглашённый');
    await call(t.app, owner, 'POST', '/api/invite/send', { boardId, email: invitee.email });
    await call(t.app, owner, 'POST', '/api/invite/send', { boardId, email: 'no-account@example.com' });
    const [emailInvite] = await t.db
      .selectFrom('invitations')
      .select('id')
      .where('board_id', '=', boardId)
      .execute();
    const [invitation] = (await call<Invitation[]>(t.app, invitee, 'GET', '/api/invite')).body;
    const settings = {
      name: 'Захват',
      color: '#000000',
      showIdsMode: 'dot',
      showTotalColumnEstimation: true,
    };

    const before = await boardSnapshot(t.db, boardId);
    const creatorOnly = [
      ['PUT', `/api/board/edit/${boardId}`, settings],
      ['DELETE', `/api/board/${boardId}`],
      ['POST', '/api/invite/send', { boardId, email: 'new@example.com' }],
      ['POST', '/api/invite/send', { boardId, email: outsider.email }],
      ['DELETE', `/api/invite/delete/${boardId}/${invitee.id}`],
      ['DELETE', `/api/invite/delete/${boardId}/${-(emailInvite?.id as number)}`],
      ['DELETE', `/api/board/${boardId}/member/${third.id}`],
      ['DELETE', `/api/board/${boardId}/member/${owner.id}`],
    ] as const;
    const memberOnly = [['GET', `/api/board/${boardId}`]] as const;

    for (const who of [outsider, member]) {
      for (const [method, url, payload] of [
        ...creatorOnly,
        ...(who === outsider ? memberOnly : []),
      ] as const) {
        const res = await call(t.app, who, method, url, payload);
        expect({ who: who.name, method, url, status: res.status, body: res.body }).toEqual({
          who: who.name,
          method,
          url,
          status: 403,
          // An outsider has no access at all; a member's role does not allow these calls.
          body: { message: who === outsider ? 'Нет доступа' : 'Недостаточно прав' },
        });
      }
      // Someone else's invitation: 404 to accept, 403 to reject on their behalf.
      expect((await call(t.app, who, 'PUT', `/api/invite/accept/${invitation?.id}`)).status).toBe(404);
      expect((await call(t.app, who, 'DELETE', `/api/invite/reject/${boardId}/${invitee.id}`)).status).toBe(
        403,
      );
      // Leaving a board one is not on.
      if (who === outsider) {
        expect((await call(t.app, who, 'DELETE', `/api/board/${boardId}/member/${who.id}`)).status).toBe(403);
      }
    }
    // The invitee, not yet a member, cannot read the board or act on it either.
    expect((await boardDetail(t.app, invitee, boardId)).status).toBe(403);
    expect((await call(t.app, invitee, 'PUT', `/api/board/edit/${boardId}`, settings)).status).toBe(403);

    expect(await boardSnapshot(t.db, boardId)).toEqual(before);
    const seen = (await boardDetail(t.app, owner, boardId)).body;
    expect(seen.name).toBe('Доска');
    expect(seen.members.map((m) => [m.email, m.accepted, m.isDeleted])).toEqual([
      [owner.email, true, false],
      [member.email, true, false],
      [third.email, true, false],
      [invitee.email, false, false],
      ['no-account@example.com', false, false],
    ]);
    expect(await boardIds(outsider)).toEqual([]);
  });

  it('every board call needs a token', async () => {
    const { boardId } = await setup();
    for (const [method, url] of [
      ['GET', '/api/board'],
      ['POST', '/api/board'],
      ['GET', `/api/board/${boardId}`],
      ['PUT', `/api/board/edit/${boardId}`],
      ['DELETE', `/api/board/${boardId}`],
      ['GET', '/api/invite'],
      ['POST', '/api/invite/send'],
      ['PUT', '/api/invite/accept/1'],
      ['DELETE', `/api/invite/reject/${boardId}/1`],
      ['DELETE', `/api/invite/delete/${boardId}/1`],
      ['DELETE', `/api/board/${boardId}/member/1`],
    ] as const) {
      expect((await call(t.app, null, method, url)).status, `${method} ${url}`).toBe(401);
    }
  });
});
