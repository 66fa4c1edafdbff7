import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { accountSnapshot, bearer, MB, newUser, register, useTestApp } from '../../test/fixtures.js';

const t = useTestApp();

async function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token?: string) {
  const res = await t.app.inject({ method, url, payload, headers: token ? bearer(token) : {} });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

/** Runs a call that must be rejected and checks that no row changed. */
async function rejected(method: 'POST' | 'PUT', url: string, payload: unknown, token?: string) {
  const before = await accountSnapshot(t.db);
  const headers: Record<string, string> = token ? bearer(token) : {};
  // A string is sent as raw JSON text, to try bodies that are not objects or not JSON at all.
  const res =
    typeof payload === 'string'
      ? await t.app.inject({
          method,
          url,
          body: payload,
          headers: { ...headers, 'content-type': 'application/json' },
        })
      : await t.app.inject({ method, url, payload: payload as object, headers });
  expect(await accountSnapshot(t.db)).toEqual(before);
  return { status: res.statusCode, body: res.json() as Record<string, string> };
}

describe('register', () => {
  it('creates an account and answers a token that works', async () => {
    const user = newUser('  Анна  ');
    const res = await call('POST', '/api/auth/register', {
      ...user,
      email: `  ${user.email.toUpperCase()} `,
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['token']);
    const me = await call('GET', '/api/auth/user', undefined, res.body.token as string);
    expect(me.status).toBe(200);
    expect(me.body).toEqual({
      id: expect.any(Number),
      name: 'Анна',
      email: user.email,
      gender: null,
      avatar: null,
      emailReminders: true,
      emailNotifications: 'instant',
    });
  });

  it('stores a scrypt hash, never the password', async () => {
    const user = await register(t.app);
    const row = await t.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', user.email)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(row.password_hash).not.toContain(user.password);
  });

  it.each([
    ['missing name', { name: undefined }, { name: 'Введите имя' }],
    ['blank name', { name: '   ' }, { name: 'Введите имя' }],
    ['name of wrong type', { name: 42 }, { name: 'Введите имя' }],
    ['1 MB name', { name: MB }, { name: 'Слишком длинное значение' }],
    ['bad e-mail', { email: 'not-an-email' }, { email: 'Введите корректный e-mail' }],
    ['missing e-mail', { email: undefined }, { email: 'Введите корректный e-mail' }],
    ['1 MB e-mail', { email: `${MB}@example.com` }, { email: 'Слишком длинное значение' }],
    [
      'short password',
      { password: '123', password2: '123' },
      { password: 'Пароль должен быть не короче 6 символов' },
    ],
    ['1 MB password', { password: MB }, { password: 'Слишком длинное значение' }],
    [
      'numeric password',
      { password: 1234567, password2: 1234567 },
      { password: 'Пароль должен быть не короче 6 символов', password2: 'Пароли не совпадают' },
    ],
    ['missing password2', { password2: undefined }, { password2: 'Пароли не совпадают' }],
    ['mismatched password2', { password2: 'other-password' }, { password2: 'Пароли не совпадают' }],
  ])('rejects %s with a field error and writes nothing', async (_case, change, expected) => {
    const res = await rejected('POST', '/api/auth/register', { ...newUser(), ...change });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(expected);
  });

  it('refuses a body over the size limit', async () => {
    const res = await rejected('POST', '/api/auth/register', { ...newUser(), name: MB, password: MB });
    expect(res).toEqual({ status: 413, body: { message: 'Слишком большой запрос' } });
  });

  it('reports every bad field at once', async () => {
    const res = await rejected('POST', '/api/auth/register', {});
    expect(res.status).toBe(400);
    expect(Object.keys(res.body).sort()).toEqual(['email', 'name', 'password', 'password2']);
  });

  it('rejects a duplicate e-mail, whatever its case', async () => {
    const user = await register(t.app);
    const res = await rejected('POST', '/api/auth/register', {
      ...newUser(),
      email: user.email.toUpperCase(),
    });
    expect(res).toEqual({ status: 400, body: { email: 'Этот e-mail уже зарегистрирован' } });
  });

  it('rejects bodies that are not objects or not JSON', async () => {
    expect(await rejected('POST', '/api/auth/register', '"text"')).toEqual({
      status: 400,
      body: { message: 'Некорректный запрос' },
    });
    expect(await rejected('POST', '/api/auth/register', '{"name":')).toEqual({
      status: 400,
      body: { message: 'Некорректный запрос' },
    });
  });

  it('drops unknown properties', async () => {
    const user = newUser();
    const res = await call('POST', '/api/auth/register', { ...user, id: 1, token_version: 99, avatar: 'x' });
    expect(res.status).toBe(200);
    const row = await t.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', user.email)
      .executeTakeFirstOrThrow();
    expect(row.token_version).toBe(0);
    expect(row.avatar).toBeNull();
  });
});

describe('login', () => {
  it('answers a token for the right password, e-mail in any case', async () => {
    const user = await register(t.app);
    const res = await call('POST', '/api/auth/login', {
      email: ` ${user.email.toUpperCase()}`,
      password: user.password,
    });
    expect(res.status).toBe(200);
    expect((await call('GET', '/api/auth/user', undefined, res.body.token as string)).status).toBe(200);
  });

  it('rejects a wrong password and an unknown e-mail alike', async () => {
    const user = await register(t.app);
    const wrong = await rejected('POST', '/api/auth/login', {
      email: user.email,
      password: 'wrong-password',
    });
    const unknown = await rejected('POST', '/api/auth/login', {
      email: 'nobody@example.com',
      password: 'whatever',
    });
    expect(wrong).toEqual({ status: 400, body: { password: 'Неверный e-mail или пароль' } });
    expect(unknown).toEqual(wrong);
  });

  it.each([
    ['missing password', { email: 'a@b.ru' }, { password: 'Введите пароль' }],
    ['bad e-mail', { email: 'bad', password: 'x' }, { email: 'Введите корректный e-mail' }],
    ['1 MB password', { email: 'a@b.ru', password: MB }, { password: 'Слишком длинное значение' }],
    ['e-mail as array', { email: ['a@b.ru'], password: 'x' }, { email: 'Введите корректный e-mail' }],
  ])('rejects %s', async (_case, payload, expected) => {
    expect(await rejected('POST', '/api/auth/login', payload)).toEqual({ status: 400, body: expected });
  });
});

describe('current user and tokens', () => {
  it('needs a valid bearer token', async () => {
    const unauthorized = { status: 401, body: { message: 'Требуется вход' } };
    expect(await call('GET', '/api/auth/user')).toEqual(unauthorized);
    expect(await call('GET', '/api/auth/user', undefined, 'garbage')).toEqual(unauthorized);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { authorization: 'Basic abc' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('rejects tokens signed with another key, alg none or HS512', async () => {
    const user = await register(t.app);
    const [, payload] = user.token.split('.') as [string, string, string];
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`;
    const hs512Head = b64({ alg: 'HS512', typ: 'JWT' });
    const hs512Sig = createHmac('sha512', t.config.jwtSecret)
      .update(`${hs512Head}.${payload}`)
      .digest('base64url');
    const otherHead = b64({ alg: 'HS256', typ: 'JWT' });
    const otherSig = createHmac('sha256', 'another-secret')
      .update(`${otherHead}.${payload}`)
      .digest('base64url');
    for (const token of [
      none,
      `${hs512Head}.${payload}.${hs512Sig}`,
      `${otherHead}.${payload}.${otherSig}`,
    ]) {
      expect((await call('GET', '/api/auth/user', undefined, token)).status).toBe(401);
    }
    expect((await call('GET', '/api/auth/user', undefined, user.token)).status).toBe(200);
  });

  it('rejects an expired token', async () => {
    const user = await register(t.app);
    const { sub, ver } = t.app.jwt.decode<{ sub: string; ver: number }>(user.token) ?? { sub: '', ver: 0 };
    const expired = t.app.jwt.sign({ sub, ver }, { expiresIn: 1 });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await call('GET', '/api/auth/user', undefined, expired)).status).toBe(401);
  });
});

describe('edit', () => {
  it('updates name, e-mail and gender', async () => {
    const user = await register(t.app);
    const email = newUser().email;
    const res = await call(
      'PUT',
      '/api/auth/edit',
      { name: ' Борис ', email: email.toUpperCase(), gender: 1 },
      user.token,
    );
    expect(res).toEqual({ status: 200, body: { success: true } });
    const me = await call('GET', '/api/auth/user', undefined, user.token);
    expect(me.body).toMatchObject({ name: 'Борис', email, gender: 1 });
    await call('PUT', '/api/auth/edit', { name: 'Борис', email, gender: null }, user.token);
    expect((await call('GET', '/api/auth/user', undefined, user.token)).body.gender).toBeNull();
  });

  it('turns e-mail reminders off and on; omitted keeps them as they are', async () => {
    const user = await register(t.app);
    const edit = (extra: object) =>
      call('PUT', '/api/auth/edit', { name: user.name, email: user.email, ...extra }, user.token);
    const reminders = async () =>
      (await call('GET', '/api/auth/user', undefined, user.token)).body.emailReminders;
    expect(await reminders()).toBe(true);
    expect((await edit({ emailReminders: false })).status).toBe(200);
    expect(await reminders()).toBe(false);
    await edit({ gender: 1 });
    expect(await reminders()).toBe(false);
    await edit({ emailReminders: true });
    expect(await reminders()).toBe(true);
    expect(await edit({ emailReminders: 'нет' })).toEqual({
      status: 400,
      body: { emailReminders: 'Выберите, присылать ли напоминания' },
    });
  });

  it('keeps its own e-mail', async () => {
    const user = await register(t.app);
    const res = await call(
      'PUT',
      '/api/auth/edit',
      { name: 'Вера', email: user.email, gender: 0 },
      user.token,
    );
    expect(res.status).toBe(200);
  });

  it.each([
    ['empty name', { name: '', email: 'a@b.ru', gender: 1 }, { name: 'Введите имя' }],
    ['bad e-mail', { name: 'Ян', email: 'bad', gender: 1 }, { email: 'Введите корректный e-mail' }],
    ['gender 2', { name: 'Ян', email: 'a@b.ru', gender: 2 }, { gender: 'Выберите пол из списка' }],
    ['gender as text', { name: 'Ян', email: 'a@b.ru', gender: '1' }, { gender: 'Выберите пол из списка' }],
    ['1 MB name', { name: MB, email: 'a@b.ru', gender: 1 }, { name: 'Слишком длинное значение' }],
  ])('rejects %s and changes nothing', async (_case, payload, expected) => {
    const user = await register(t.app);
    expect(await rejected('PUT', '/api/auth/edit', payload, user.token)).toEqual({
      status: 400,
      body: expected,
    });
  });

  it('rejects an e-mail that belongs to someone else', async () => {
    const [a, b] = [await register(t.app), await register(t.app)];
    const res = await rejected(
      'PUT',
      '/api/auth/edit',
      { name: 'Ян', email: b.email, gender: null },
      a.token,
    );
    expect(res).toEqual({ status: 400, body: { email: 'Этот e-mail уже зарегистрирован' } });
  });

  it('needs a token', async () => {
    const res = await rejected('PUT', '/api/auth/edit', { name: 'Ян', email: 'a@b.ru', gender: null });
    expect(res).toEqual({ status: 401, body: { message: 'Требуется вход' } });
  });
});

describe('password change', () => {
  it('changes the password, retires old tokens and answers a fresh one', async () => {
    const user = await register(t.app);
    const other = await call('POST', '/api/auth/login', { email: user.email, password: user.password });
    const res = await call(
      'PUT',
      '/api/auth/password',
      { oldPassword: user.password, password: 'new-password', password2: 'new-password' },
      user.token,
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, token: expect.any(String) });
    expect((await call('GET', '/api/auth/user', undefined, user.token)).status).toBe(401);
    expect((await call('GET', '/api/auth/user', undefined, other.body.token as string)).status).toBe(401);
    expect((await call('GET', '/api/auth/user', undefined, res.body.token as string)).status).toBe(200);
    expect(
      (await call('POST', '/api/auth/login', { email: user.email, password: user.password })).status,
    ).toBe(400);
    expect(
      (await call('POST', '/api/auth/login', { email: user.email, password: 'new-password' })).status,
    ).toBe(200);
  });

  it.each([
    [
      'wrong old password',
      { oldPassword: 'wrong-password', password: 'new-password', password2: 'new-password' },
      { oldPassword: 'Неверный пароль' },
    ],
    [
      'mismatched password2',
      { oldPassword: 'secret-password', password: 'new-password', password2: 'other' },
      { password2: 'Пароли не совпадают' },
    ],
    [
      'short password',
      { oldPassword: 'secret-password', password: '123', password2: '123' },
      { password: 'Пароль должен быть не короче 6 символов' },
    ],
    [
      'missing old password',
      { password: 'new-password', password2: 'new-password' },
      { oldPassword: 'Введите текущий пароль' },
    ],
    [
      '1 MB old password',
      { oldPassword: MB, password: 'new-password', password2: 'new-password' },
      { oldPassword: 'Слишком длинное значение' },
    ],
  ])('rejects %s, changes nothing and keeps the token', async (_case, payload, expected) => {
    const user = await register(t.app);
    expect(await rejected('PUT', '/api/auth/password', payload, user.token)).toEqual({
      status: 400,
      body: expected,
    });
    expect((await call('GET', '/api/auth/user', undefined, user.token)).status).toBe(200);
  });
});
