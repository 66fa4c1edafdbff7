import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountSnapshot, bearer, createTestApp, register, type TestApp } from '../../test/fixtures.js';
import { mailText } from '../../test/mail.js';
import type { MailMessage } from '../plugins/mailer.js';

let t: TestApp;
let sent: MailMessage[];
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());
beforeEach(() => {
  sent = [];
  vi.spyOn(t.app.mailer, 'send').mockImplementation(async (message) => {
    sent.push(message);
  });
});

async function call(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, token?: string) {
  const res = await t.app.inject({ method, url, payload, headers: token ? bearer(token) : {} });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Asks for a reset and returns its id and the code from the mail. */
async function requestReset(email: string) {
  const res = await call('POST', '/api/reset/create', { email });
  expect(res.status).toBe(200);
  const mail = sent.at(-1);
  const code = mail?.text.match(/Код подтверждения: ([a-z0-9]+)/)?.[1];
  if (!code) throw new Error('no reset mail');
  return { id: res.body.id as string, code, mail: mail as MailMessage };
}

async function rejected(url: string, payload: object) {
  const before = await accountSnapshot(t.db);
  const res = await t.app.inject({ method: 'PATCH', url, payload });
  expect(await accountSnapshot(t.db)).toEqual(before);
  return { status: res.statusCode, body: res.json() as Record<string, string> };
}

describe('password reset', () => {
  it('runs create, validate, finish; the new password works and old tokens die', async () => {
    const user = await register(t.app);
    const { id, code, mail } = await requestReset(` ${user.email.toUpperCase()} `);
    expect(id).toMatch(UUID);
    expect(code).toMatch(/^[a-z2-9]{8}$/);
    expect(mail.to).toBe(user.email);
    expect(mail.subject).toBe('Сброс пароля');
    expect(mail.text).toContain(`http://kanban.test/reset/validate/${id}?code=${code}`);
    expect(mail.html).toContain(`http://kanban.test/reset/validate/${id}?code=${code}`);

    const row = await t.db
      .selectFrom('password_resets')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.code_hash).not.toContain(code);

    expect(
      await call('PATCH', '/api/reset/validate', { code: ` ${code.toUpperCase()} `, resetId: id }),
    ).toEqual({
      status: 200,
      body: { id },
    });
    expect(
      await call('PATCH', '/api/reset/password', {
        resetId: id,
        password: 'brand-new',
        password2: 'brand-new',
      }),
    ).toEqual({ status: 200, body: { isCompleted: true } });

    expect((await call('GET', '/api/auth/user', undefined, user.token)).status).toBe(401);
    expect(
      (await call('POST', '/api/auth/login', { email: user.email, password: user.password })).status,
    ).toBe(400);
    const login = await call('POST', '/api/auth/login', { email: user.email, password: 'brand-new' });
    expect(login.status).toBe(200);
    expect((await call('GET', '/api/auth/user', undefined, login.body.token as string)).status).toBe(200);
  });

  it('answers an unknown e-mail the same way and sends nothing', async () => {
    const res = await call('POST', '/api/reset/create', { email: 'nobody-here@example.com' });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['id']);
    expect(res.body.id).toMatch(UUID);
    expect(sent).toHaveLength(0);
    // The code step cannot tell it apart either.
    const validate = await call('PATCH', '/api/reset/validate', {
      code: 'abcdefgh',
      resetId: res.body.id as string,
    });
    expect(validate).toEqual({ status: 400, body: { code: 'Неверный код' } });
  });

  it.each([
    ['bad e-mail', { email: 'nope' }, { email: 'Введите корректный e-mail' }],
    ['missing e-mail', {}, { email: 'Введите корректный e-mail' }],
    ['1 MB e-mail', { email: 'x'.repeat(1024 * 1024) }, { email: 'Слишком длинное значение' }],
  ])('create rejects %s', async (_case, payload, expected) => {
    const before = await accountSnapshot(t.db);
    const res = await t.app.inject({ method: 'POST', url: '/api/reset/create', payload });
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 400, body: expected });
    expect(await accountSnapshot(t.db)).toEqual(before);
    expect(sent).toHaveLength(0);
  });

  it('counts wrong codes and kills the reset after five', async () => {
    const user = await register(t.app);
    const { id, code } = await requestReset(user.email);
    for (let i = 1; i <= 4; i++) {
      expect(await call('PATCH', '/api/reset/validate', { code: 'wrongcod', resetId: id })).toEqual({
        status: 400,
        body: { code: 'Неверный код' },
      });
    }
    expect(await call('PATCH', '/api/reset/validate', { code: 'wrongcod', resetId: id })).toEqual({
      status: 400,
      body: { code: 'Слишком много неверных попыток. Запросите сброс пароля заново.' },
    });
    // The sixth try fails even with the right code, and changes nothing.
    expect(await rejected('/api/reset/validate', { code, resetId: id })).toEqual({
      status: 400,
      body: { code: 'Слишком много неверных попыток. Запросите сброс пароля заново.' },
    });
    expect(
      await rejected('/api/reset/password', { resetId: id, password: 'brand-new', password2: 'brand-new' }),
    ).toEqual({
      status: 400,
      body: { password: 'Сброс пароля недействителен или устарел. Запросите сброс заново.' },
    });
  });

  it('removes resets that expired more than a day ago when a new one is asked for', async () => {
    const user = await register(t.app);
    const old = await requestReset(user.email);
    const recent = await requestReset(user.email);
    const setExpiry = (id: string, ago: string) =>
      t.db
        .updateTable('password_resets')
        .set({ expires_at: sql<Date>`now() - ${ago}::interval` })
        .where('id', '=', id)
        .execute();
    await setExpiry(old.id, '25 hours');
    await setExpiry(recent.id, '23 hours');
    const fresh = await requestReset(user.email);
    const ids = await t.db
      .selectFrom('password_resets')
      .select('id')
      .where('id', 'in', [old.id, recent.id, fresh.id])
      .execute();
    expect(ids.map((row) => row.id).sort()).toEqual([recent.id, fresh.id].sort());
  });

  it('rejects an expired code without changing anything', async () => {
    const user = await register(t.app);
    const { id, code } = await requestReset(user.email);
    await t.db
      .updateTable('password_resets')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('id', '=', id)
      .execute();
    expect(await rejected('/api/reset/validate', { code, resetId: id })).toEqual({
      status: 400,
      body: { code: 'Код недействителен или устарел. Запросите сброс пароля заново.' },
    });
  });

  it('uses a code once and finishes a reset once', async () => {
    const user = await register(t.app);
    const { id, code } = await requestReset(user.email);
    expect((await call('PATCH', '/api/reset/validate', { code, resetId: id })).status).toBe(200);
    expect(await rejected('/api/reset/validate', { code, resetId: id })).toEqual({
      status: 400,
      body: { code: 'Код недействителен или устарел. Запросите сброс пароля заново.' },
    });
    const finish = { resetId: id, password: 'brand-new', password2: 'brand-new' };
    expect((await call('PATCH', '/api/reset/password', finish)).status).toBe(200);
    expect(
      await rejected('/api/reset/password', { ...finish, password: 'again-new', password2: 'again-new' }),
    ).toEqual({
      status: 400,
      body: { password: 'Сброс пароля недействителен или устарел. Запросите сброс заново.' },
    });
  });

  it('refuses to finish a reset whose code was never validated', async () => {
    const user = await register(t.app);
    const { id } = await requestReset(user.email);
    expect(
      await rejected('/api/reset/password', { resetId: id, password: 'brand-new', password2: 'brand-new' }),
    ).toEqual({
      status: 400,
      body: { password: 'Сброс пароля недействителен или устарел. Запросите сброс заново.' },
    });
  });

  it.each([
    [
      'mismatched password2',
      { password: 'brand-new', password2: 'other-one' },
      { password2: 'Пароли не совпадают' },
    ],
    [
      'short password',
      { password: '123', password2: '123' },
      { password: 'Пароль должен быть не короче 6 символов' },
    ],
    [
      '1 MB password',
      { password: 'x'.repeat(1024 * 1024), password2: 'x' },
      { password: 'Слишком длинное значение' },
    ],
    [
      'bad reset id',
      { resetId: 'not-a-uuid', password: 'brand-new', password2: 'brand-new' },
      { resetId: 'Запрос на сброс пароля не найден' },
    ],
  ])('finish rejects %s on a validated reset', async (_case, change, expected) => {
    const user = await register(t.app);
    const { id, code } = await requestReset(user.email);
    await call('PATCH', '/api/reset/validate', { code, resetId: id });
    expect(await rejected('/api/reset/password', { resetId: id, ...change })).toEqual({
      status: 400,
      body: expected,
    });
  });

  it.each([
    ['missing code', { resetId: '00000000-0000-4000-8000-000000000000' }, { code: 'Введите код из письма' }],
    [
      '1 MB code',
      { code: 'x'.repeat(1024 * 1024), resetId: '00000000-0000-4000-8000-000000000000' },
      { code: 'Слишком длинное значение' },
    ],
    [
      'unknown reset',
      { code: 'abcdefgh', resetId: '00000000-0000-4000-8000-000000000000' },
      { code: 'Код недействителен или устарел. Запросите сброс пароля заново.' },
    ],
  ])('validate rejects %s', async (_case, payload, expected) => {
    expect(await rejected('/api/reset/validate', payload)).toEqual({ status: 400, body: expected });
  });
});

describe('outbox', () => {
  let o: TestApp;
  beforeAll(async () => {
    o = await createTestApp();
  });
  afterAll(() => o?.close());

  it('writes each message as an .eml file holding the link', async () => {
    const user = await register(o.app);
    const res = await o.app.inject({
      method: 'POST',
      url: '/api/reset/create',
      payload: { email: user.email },
    });
    const { id } = res.json<{ id: string }>();
    const outbox = join(o.config.dataDir, 'outbox');
    await vi.waitFor(async () => expect(await readdir(outbox)).toHaveLength(1), { timeout: 5000 });
    const [file] = await readdir(outbox);
    expect(file).toMatch(/^\d{4}-\d{2}-\d{2}T[\d-]+Z-[0-9a-f]{8}\.eml$/);
    const eml = await readFile(join(outbox, file as string), 'utf8');
    expect(eml).toContain(`To: ${user.email}`);
    expect(mailText(eml)).toMatch(new RegExp(`http://kanban\\.test/reset/validate/${id}\\?code=[a-z2-9]{8}`));
  });
});
