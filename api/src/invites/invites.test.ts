import type { Board, BoardListItem } from 'contract/boards';
import type { Invitation } from 'contract/invites';
import { describe, expect, it } from 'vitest';
import {
  boardSnapshot,
  call,
  createBoard,
  type Errors,
  newUser,
  type Person,
  person,
  useTestApp,
} from '../../test/fixtures.js';

const t = useTestApp();

const invitations = async (who: Person) => (await call<Invitation[]>(t.app, who, 'GET', '/api/invite')).body;
const send = (who: Person, boardId: number, email: unknown) =>
  call<Errors>(t.app, who, 'POST', '/api/invite/send', { boardId, email });
const members = async (who: Person, boardId: number) =>
  (await call<Board>(t.app, who, 'GET', `/api/board/${boardId}`)).body.members;

async function setup() {
  const owner = await person(t.app, 'Хозяин');
  const guest = await person(t.app, 'Гость');
  const boardId = await createBoard(t.app, owner, 'Общая доска');
  return { owner, guest, boardId };
}

describe('invitations of users with an account', () => {
  it('send, list, accept: the board appears in the list and opens', async () => {
    const { owner, guest, boardId } = await setup();
    const sent = await send(owner, boardId, `  ${guest.email.toUpperCase()} `);
    expect(sent).toMatchObject({ status: 200, body: { success: true } });

    const pending = await invitations(guest);
    expect(pending).toEqual([{ id: expect.any(Number), board: { id: boardId, name: 'Общая доска' } }]);
    expect(await invitations(owner)).toEqual([]);
    expect((await call(t.app, guest, 'GET', `/api/board/${boardId}`)).status).toBe(403);
    expect((await members(owner, boardId)).find((m) => m.id === guest.id)).toMatchObject({
      accepted: false,
      isDeleted: false,
      email: guest.email,
    });

    const accepted = await call(t.app, guest, 'PUT', `/api/invite/accept/${pending[0]?.id}`);
    expect(accepted).toMatchObject({ status: 200, body: { success: true } });
    expect(await invitations(guest)).toEqual([]);
    expect((await call<BoardListItem[]>(t.app, guest, 'GET', '/api/board')).body).toEqual([
      { id: boardId, name: 'Общая доска', color: '#f4f5f7', role: 'member' },
    ]);
    expect((await call(t.app, guest, 'GET', `/api/board/${boardId}`)).status).toBe(200);
    expect((await members(owner, boardId)).find((m) => m.id === guest.id)).toMatchObject({ accepted: true });
    // Accepting twice finds no pending invitation.
    expect((await call(t.app, guest, 'PUT', `/api/invite/accept/${pending[0]?.id}`)).status).toBe(404);
  });

  it('reject: the invitee says no and the row goes', async () => {
    const { owner, guest, boardId } = await setup();
    await send(owner, boardId, guest.email);
    const res = await call(t.app, guest, 'DELETE', `/api/invite/reject/${boardId}/${guest.id}`);
    expect(res).toMatchObject({ status: 200, body: { success: true } });
    expect(await invitations(guest)).toEqual([]);
    expect((await members(owner, boardId)).map((m) => m.id)).toEqual([owner.id]);
    expect((await call(t.app, guest, 'DELETE', `/api/invite/reject/${boardId}/${guest.id}`)).status).toBe(
      404,
    );
    // It can be sent again.
    expect((await send(owner, boardId, guest.email)).status).toBe(200);
  });

  it('cancel: the creator withdraws a pending invitation', async () => {
    const { owner, guest, boardId } = await setup();
    await send(owner, boardId, guest.email);
    const res = await call(t.app, owner, 'DELETE', `/api/invite/delete/${boardId}/${guest.id}`);
    expect(res).toMatchObject({ status: 200, body: { success: true } });
    expect(await invitations(guest)).toEqual([]);
    expect((await call(t.app, owner, 'DELETE', `/api/invite/delete/${boardId}/${guest.id}`)).status).toBe(
      404,
    );
  });

  it('a removed member can be invited again; rejecting leaves them removed, not gone', async () => {
    const { owner, guest, boardId } = await setup();
    await send(owner, boardId, guest.email);
    await call(t.app, guest, 'PUT', `/api/invite/accept/${(await invitations(guest))[0]?.id}`);
    await call(t.app, owner, 'DELETE', `/api/board/${boardId}/member/${guest.id}`);
    expect((await send(owner, boardId, guest.email)).status).toBe(200);
    expect((await members(owner, boardId)).find((m) => m.id === guest.id)).toMatchObject({
      accepted: false,
      isDeleted: false,
    });
    await call(t.app, guest, 'DELETE', `/api/invite/reject/${boardId}/${guest.id}`);
    expect((await members(owner, boardId)).find((m) => m.id === guest.id)).toMatchObject({ isDeleted: true });

    await send(owner, boardId, guest.email);
    await call(t.app, guest, 'PUT', `/api/invite/accept/${(await invitations(guest))[0]?.id}`);
    expect((await members(owner, boardId)).find((m) => m.id === guest.id)).toMatchObject({
      accepted: true,
      isDeleted: false,
    });
    expect((await call(t.app, guest, 'GET', `/api/board/${boardId}`)).status).toBe(200);
  });

  it.each([
    ['a malformed address', 'not-an-email', { email: 'Введите корректный e-mail' }],
    ['an empty address', '', { email: 'Введите корректный e-mail' }],
    ['a 1 MB address', `${'x'.repeat(1024 * 1024)}@example.com`, { email: 'Слишком длинное значение' }],
    ['a number', 42, { email: 'Введите корректный e-mail' }],
  ])('refuses %s and changes nothing', async (_case, email, errors) => {
    const { owner, boardId } = await setup();
    const before = await boardSnapshot(t.db, boardId);
    const res = await send(owner, boardId, email);
    expect(res).toEqual(expect.objectContaining({ status: 400, body: errors }));
    expect(await boardSnapshot(t.db, boardId)).toEqual(before);
  });

  it('refuses inviting twice, an accepted member and the creator, and changes nothing', async () => {
    const { owner, guest, boardId } = await setup();
    const member = await person(t.app);
    await send(owner, boardId, guest.email);
    await send(owner, boardId, member.email);
    await call(t.app, member, 'PUT', `/api/invite/accept/${(await invitations(member))[0]?.id}`);
    await send(owner, boardId, 'someone@example.com');
    const before = await boardSnapshot(t.db, boardId);
    expect((await send(owner, boardId, guest.email)).body).toEqual({ email: 'Этот адрес уже приглашён' });
    expect((await send(owner, boardId, 'SOMEONE@example.com')).body).toEqual({
      email: 'Этот адрес уже приглашён',
    });
    expect((await send(owner, boardId, member.email)).body).toEqual({
      email: 'Этот пользователь уже участник доски',
    });
    expect((await send(owner, boardId, owner.email)).body).toEqual({
      email: 'Этот пользователь уже участник доски',
    });
    expect(await boardSnapshot(t.db, boardId)).toEqual(before);
  });

  it("answers 404 for an unknown invitation or someone else's, and 403 for rejecting for someone else", async () => {
    const { owner, guest, boardId } = await setup();
    const other = await person(t.app);
    await send(owner, boardId, guest.email);
    const [invitation] = await invitations(guest);
    const before = await boardSnapshot(t.db, boardId);
    expect(await call(t.app, other, 'PUT', `/api/invite/accept/${invitation?.id}`)).toMatchObject({
      status: 404,
      body: { message: 'Не найдено' },
    });
    expect(await call(t.app, owner, 'PUT', `/api/invite/accept/${invitation?.id}`)).toMatchObject({
      status: 404,
    });
    expect((await call(t.app, other, 'PUT', '/api/invite/accept/2000000000')).status).toBe(404);
    expect(await call(t.app, other, 'DELETE', `/api/invite/reject/${boardId}/${guest.id}`)).toMatchObject({
      status: 403,
      body: { message: 'Нет доступа' },
    });
    expect((await call(t.app, other, 'DELETE', `/api/invite/reject/${boardId}/${other.id}`)).status).toBe(
      404,
    );
    expect((await call(t.app, other, 'DELETE', `/api/invite/reject/2000000000/${other.id}`)).status).toBe(
      404,
    );
    expect(await boardSnapshot(t.db, boardId)).toEqual(before);
    expect(await invitations(guest)).toEqual([invitation]);
  });

  it('answers 404 when sending for an unknown board', async () => {
    const { owner } = await setup();
    expect((await send(owner, 2_000_000_000, 'x@example.com')).status).toBe(404);
  });
});

describe('invitations of addresses without an account', () => {
  it('wait for the address to register, then work like any other', async () => {
    const { owner, boardId } = await setup();
    const future = newUser('Новичок');
    expect((await send(owner, boardId, future.email)).status).toBe(200);
    const [row] = await t.db.selectFrom('invitations').selectAll().where('board_id', '=', boardId).execute();
    expect(row).toMatchObject({ email: future.email, invited_by: owner.id });
    expect(await members(owner, boardId)).toContainEqual({
      id: -(row?.id as number),
      name: '',
      email: future.email,
      avatar: null,
      accepted: false,
      isDeleted: false,
      role: 'member',
    });

    const reg = await call<{ token: string }>(t.app, null, 'POST', '/api/auth/register', {
      ...future,
      email: future.email.toUpperCase(),
    });
    expect(reg.status).toBe(200);
    const { id } = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', future.email)
      .executeTakeFirstOrThrow();
    const newcomer: Person = { id, name: future.name, email: future.email, token: reg.body.token };
    expect(
      await t.db.selectFrom('invitations').select('id').where('board_id', '=', boardId).execute(),
    ).toEqual([]);

    const pending = await invitations(newcomer);
    expect(pending).toEqual([{ id: expect.any(Number), board: { id: boardId, name: 'Общая доска' } }]);
    expect((await members(owner, boardId)).find((m) => m.email === future.email)).toMatchObject({
      id,
      name: 'Новичок',
      accepted: false,
    });
    expect((await call(t.app, newcomer, 'PUT', `/api/invite/accept/${pending[0]?.id}`)).status).toBe(200);
    expect((await call<BoardListItem[]>(t.app, newcomer, 'GET', '/api/board')).body.map((b) => b.id)).toEqual(
      [boardId],
    );
    expect((await call(t.app, newcomer, 'GET', `/api/board/${boardId}`)).status).toBe(200);
  });

  it('the creator cancels one by its negative member id; a failed registration claims nothing', async () => {
    const { owner, boardId } = await setup();
    await send(owner, boardId, 'cancel-me@example.com');
    const invited = (await members(owner, boardId)).find((m) => m.email === 'cancel-me@example.com');
    expect(invited?.id).toBeLessThan(0);
    const other = await createBoard(t.app, owner, 'Другая');
    // The same id on another board is not this invitation.
    expect((await call(t.app, owner, 'DELETE', `/api/invite/delete/${other}/${invited?.id}`)).status).toBe(
      404,
    );
    const res = await call(t.app, owner, 'DELETE', `/api/invite/delete/${boardId}/${invited?.id}`);
    expect(res).toMatchObject({ status: 200, body: { success: true } });
    expect((await members(owner, boardId)).map((m) => m.id)).toEqual([owner.id]);
    expect((await call(t.app, owner, 'DELETE', `/api/invite/delete/${boardId}/${invited?.id}`)).status).toBe(
      404,
    );
    expect((await call(t.app, owner, 'DELETE', `/api/invite/delete/${boardId}/0`)).status).toBe(400);

    await send(owner, boardId, 'taken@example.com');
    await call(t.app, null, 'POST', '/api/auth/register', {
      ...newUser(),
      email: 'taken@example.com',
      password2: 'nope',
    });
    expect(
      await t.db.selectFrom('invitations').select('email').where('board_id', '=', boardId).execute(),
    ).toEqual([{ email: 'taken@example.com' }]);
  });
});
