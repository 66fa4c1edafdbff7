/**
 * Personal API tokens: made and listed by their owner (the secret shown once, kept hashed), accepted
 * as bearer tokens within their scope and the owner's board roles, never for tokens, the password or
 * the e-mail; a revoked or expired token is refused at once.
 */
import { describe, expect, it } from 'vitest';
import { bearer, call, type Person, person, refused, seedBoard, useTestApp } from '../../test/fixtures.js';

const t = useTestApp();

/** A call with a raw bearer value (an API token). */
async function withToken(
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  const res = await t.app.inject({ method, url, headers: bearer(token), ...(payload && { payload }) });
  return { status: res.statusCode, body: res.body ? res.json() : undefined };
}

async function makeToken(owner: Person, scope: 'read' | 'write', name = 'Скрипт') {
  const res = await call(t.app, owner, 'POST', '/api/tokens', { name, scope });
  expect(res.status).toBe(200);
  return res.body as { id: number; token: string };
}

describe('API tokens', () => {
  it('are shown once, kept hashed, listed without their secret, and note their last use', async () => {
    const me = await person(t.app, 'Владелец токенов');
    const created = await call(t.app, me, 'POST', '/api/tokens', {
      name: '  Отчёты  ',
      scope: 'read',
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ name: 'Отчёты', scope: 'read', lastUsedAt: null });
    expect(created.body.token).toMatch(/^kb_[A-Za-z0-9_-]{43}$/);
    const rows = await t.db.selectFrom('api_tokens').selectAll().where('user_id', '=', me.id).execute();
    expect(JSON.stringify(rows)).not.toContain(created.body.token);

    expect((await withToken(created.body.token, 'GET', '/api/auth/user')).body).toMatchObject({ id: me.id });
    const list = await call(t.app, me, 'GET', '/api/tokens');
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).not.toHaveProperty('token');
    expect(list.body[0].lastUsedAt).not.toBeNull();
  });

  it('refuse bad input field by field and make nothing', async () => {
    const me = await person(t.app);
    for (const [body, errors] of [
      [{ name: ' ', scope: 'read' }, { name: 'Введите название токена' }],
      [{ name: 'x', scope: 'admin' }, { scope: 'Выберите доступ: чтение или чтение и запись' }],
      [
        { name: 'x', scope: 'read', expiresAt: '2020-01-01T00:00:00Z' },
        { expiresAt: 'Срок должен быть в будущем' },
      ],
    ] as const) {
      expect(await call(t.app, me, 'POST', '/api/tokens', body)).toEqual({ status: 400, body: errors });
    }
    expect((await call(t.app, me, 'GET', '/api/tokens')).body).toEqual([]);
  });

  it('read only with a read token, write with a write token, always within the board roles', async () => {
    const b = await seedBoard(t.app);
    const reader = await makeToken(b.member, 'read');
    const writer = await makeToken(b.member, 'write');
    expect((await withToken(reader.token, 'GET', `/api/board/${b.id}`)).status).toBe(200);
    const task = { boardId: b.id, columnId: b.columns[0], title: 'Из скрипта' };
    const before = await t.db.selectFrom('tasks').select('id').execute();
    expect(await withToken(reader.token, 'POST', '/api/task/create', task)).toEqual({
      status: 403,
      body: { message: 'Токен только для чтения' },
    });
    expect(await t.db.selectFrom('tasks').select('id').execute()).toEqual(before);
    expect((await withToken(writer.token, 'POST', '/api/task/create', task)).status).toBe(200);

    // The member becomes a viewer: their write token writes nothing on this board.
    await call(t.app, b.creator, 'PUT', '/api/member/role', {
      boardId: b.id,
      userId: b.member.id,
      role: 'viewer',
    });
    expect(await withToken(writer.token, 'POST', '/api/task/create', task)).toEqual({
      status: 403,
      body: { message: 'Недостаточно прав' },
    });
  });

  it('never manage tokens, the password or the e-mail', async () => {
    const me = await person(t.app);
    const { token } = await makeToken(me, 'write');
    const refusal = {
      status: 403,
      body: { message: 'С токеном API этого сделать нельзя: войдите в аккаунт' },
    };
    expect(await withToken(token, 'GET', '/api/tokens')).toEqual(refusal);
    expect(await withToken(token, 'POST', '/api/tokens', { name: 'Ещё', scope: 'write' })).toEqual(refusal);
    expect(
      await withToken(token, 'PUT', '/api/auth/password', {
        oldPassword: 'x',
        password: 'y',
        password2: 'y',
      }),
    ).toEqual(refusal);
    expect(
      await withToken(token, 'PUT', '/api/auth/edit', { name: 'Другое', email: 'other@example.com' }),
    ).toEqual(refusal);
    expect((await call(t.app, me, 'GET', '/api/tokens')).body).toHaveLength(1);
  });

  it('stop working at once when revoked or expired; a stranger cannot revoke them', async () => {
    const me = await person(t.app);
    const stranger = await person(t.app);
    const revoked = await makeToken(me, 'read');
    const expiring = await makeToken(me, 'read');
    expect(await refused(t.app, stranger, 'DELETE', `/api/tokens/${revoked.id}`)).toMatchObject({
      status: 404,
    });
    expect((await withToken(revoked.token, 'GET', '/api/board')).status).toBe(200);
    expect(await call(t.app, me, 'DELETE', `/api/tokens/${revoked.id}`)).toEqual({
      status: 200,
      body: { success: true },
    });
    expect((await withToken(revoked.token, 'GET', '/api/board')).status).toBe(401);

    await t.db
      .updateTable('api_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', expiring.id)
      .execute();
    expect((await withToken(expiring.token, 'GET', '/api/board')).status).toBe(401);
    expect((await withToken('kb_not-a-real-token', 'GET', '/api/board')).status).toBe(401);
  });
});
