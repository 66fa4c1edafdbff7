/**
 * Two-factor sign-in: turned on by a code from a real TOTP generator (otplib, as an authenticator app
 * computes it), then the password alone answers a ticket, the ticket and a code sign in, a code works
 * once, recovery codes work once each, wrong codes are limited per account, a password reset does not
 * skip the second step, and turning it off takes the password and a code. Time moves by whole TOTP
 * steps with a faked clock (Date only), as a phone's clock would.
 */
import { generateSync } from 'otplib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountSnapshot, bearer, GENEROUS_LIMITS, register, useTestApp } from '../../test/fixtures.js';
import { DEFAULT_RATE_LIMITS } from '../config.js';
import type { MailMessage } from '../plugins/mailer.js';

// The real limit on second-factor codes; the generous ones elsewhere.
const t = useTestApp({
  rateLimits: { ...GENEROUS_LIMITS, twoFactorAccount: DEFAULT_RATE_LIMITS.twoFactorAccount },
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Moves the clock on by `steps` TOTP steps (30 s each). */
function later(steps = 1) {
  const now = Date.now();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now + steps * 30_000);
}

const code = (secret: string) => generateSync({ secret });

async function post(url: string, payload: object, token?: string) {
  const res = await t.app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : {} });
  return { status: res.statusCode, body: res.json() };
}

/** A registered user with two-factor sign-in on: its secret and recovery codes. */
async function withTwoFactor() {
  const user = await register(t.app);
  const setup = await post('/api/auth/2fa/setup', {}, user.token);
  expect(setup.status).toBe(200);
  const enabled = await post('/api/auth/2fa/enable', { code: code(setup.body.secret) }, user.token);
  expect(enabled.status).toBe(200);
  later();
  return {
    ...user,
    secret: setup.body.secret as string,
    recoveryCodes: enabled.body.recoveryCodes as string[],
  };
}

async function get(url: string, token: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
  return { status: res.statusCode, body: res.json() };
}

const login = (user: { email: string; password: string }) =>
  post('/api/auth/login', { email: user.email, password: user.password });

describe('two-factor sign-in', () => {
  it('is set up from a QR code and a code, shows ten recovery codes once and keeps them hashed', async () => {
    const user = await register(t.app);
    const setup = await post('/api/auth/2fa/setup', {}, user.token);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(setup.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\/.+secret=/);
    expect(setup.body.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(setup.body.qr.split(',')[1], 'base64').toString()).toContain('<svg');

    // A wrong code leaves it off.
    const wrong = String((Number(code(setup.body.secret)) + 1) % 1_000_000).padStart(6, '0');
    expect(await post('/api/auth/2fa/enable', { code: wrong }, user.token)).toEqual({
      status: 400,
      body: { code: 'Неверный код' },
    });
    expect((await get('/api/auth/2fa', user.token)).body).toEqual({ enabled: false, recoveryCodesLeft: 0 });

    const enabled = await post('/api/auth/2fa/enable', { code: code(setup.body.secret) }, user.token);
    expect(enabled.status).toBe(200);
    const codes = enabled.body.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const stored = await t.db.selectFrom('recovery_codes').selectAll().execute();
    for (const recovery of codes) expect(JSON.stringify(stored)).not.toContain(recovery.replace('-', ''));
    expect((await get('/api/auth/2fa', user.token)).body).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    expect(await post('/api/auth/2fa/setup', {}, user.token)).toEqual({
      status: 400,
      body: { message: 'Двухфакторный вход уже включён' },
    });
  });

  it('asks for the code after the password; the ticket opens nothing else; a code works once', async () => {
    const user = await withTwoFactor();
    const first = await login(user);
    expect(first).toEqual({ status: 200, body: { twoFactorRequired: true, ticket: expect.any(String) } });
    const { ticket } = first.body;
    expect((await get('/api/auth/user', ticket)).status).toBe(401);

    const now = code(user.secret);
    const signedIn = await post('/api/auth/login/2fa', { ticket, code: now });
    expect(signedIn.status).toBe(200);
    expect((await get('/api/auth/user', signedIn.body.token)).body).toMatchObject({
      email: user.email,
    });
    // The same code, overheard, does not sign in again.
    expect(await post('/api/auth/login/2fa', { ticket, code: now })).toEqual({
      status: 400,
      body: { code: 'Неверный код' },
    });
    expect(await post('/api/auth/login/2fa', { ticket: 'nonsense', code: now })).toEqual({
      status: 400,
      body: { ticket: 'Вход устарел: введите e-mail и пароль ещё раз' },
    });
  });

  it('takes each recovery code once, in any case and spacing', async () => {
    const user = await withTwoFactor();
    const [recovery] = user.recoveryCodes as [string];
    const { ticket } = (await login(user)).body;
    const typed = ` ${recovery.toUpperCase().replace('-', ' ')} `;
    expect((await post('/api/auth/login/2fa', { ticket, code: typed })).status).toBe(200);
    expect(await post('/api/auth/login/2fa', { ticket, code: recovery })).toEqual({
      status: 400,
      body: { code: 'Неверный код' },
    });
    const again = await post('/api/auth/login/2fa', { ticket, code: user.recoveryCodes[1] as string });
    expect((await get('/api/auth/2fa', again.body.token)).body).toEqual({
      enabled: true,
      recoveryCodesLeft: 8,
    });
  });

  it('limits wrong codes per account: after five, even the right one waits', async () => {
    const user = await withTwoFactor();
    const { ticket } = (await login(user)).body;
    for (let i = 0; i < 5; i += 1) {
      expect((await post('/api/auth/login/2fa', { ticket, code: '000000' })).status).toBe(400);
    }
    const blocked = await post('/api/auth/login/2fa', { ticket, code: code(user.secret) });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toHaveProperty('code');
    // Another account is not held back.
    const other = await withTwoFactor();
    const otherTicket = (await login(other)).body.ticket;
    expect(
      (await post('/api/auth/login/2fa', { ticket: otherTicket, code: code(other.secret) })).status,
    ).toBe(200);
  });

  it('is not skipped by a password reset, and a ticket dies with the password it was issued under', async () => {
    const user = await withTwoFactor();
    const { ticket } = (await login(user)).body;
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/password',
      headers: bearer(user.token),
      payload: { oldPassword: user.password, password: 'another-pass', password2: 'another-pass' },
    });
    expect(changed.statusCode).toBe(200);
    expect(await post('/api/auth/login/2fa', { ticket, code: code(user.secret) })).toEqual({
      status: 400,
      body: { ticket: 'Вход устарел: введите e-mail и пароль ещё раз' },
    });

    // A reset by e-mail sets a new password; signing in with it still asks for the code.
    const sent: MailMessage[] = [];
    vi.spyOn(t.app.mailer, 'send').mockImplementation(async (message) => {
      sent.push(message);
    });
    const { id: resetId } = (await post('/api/reset/create', { email: user.email })).body;
    const resetCode = sent.at(-1)?.text.match(/Код подтверждения: ([a-z0-9]+)/)?.[1];
    const patch = (url: string, payload: object) => t.app.inject({ method: 'PATCH', url, payload });
    expect((await patch('/api/reset/validate', { resetId, code: resetCode })).statusCode).toBe(200);
    const finished = await patch('/api/reset/password', {
      resetId,
      password: 'after-reset',
      password2: 'after-reset',
    });
    expect(finished.json()).toEqual({ isCompleted: true });
    expect((await login({ email: user.email, password: 'after-reset' })).body).toEqual({
      twoFactorRequired: true,
      ticket: expect.any(String),
    });
  });

  it('is turned off with the password and a code only; then the password signs in alone', async () => {
    const user = await withTwoFactor();
    const before = await accountSnapshot(t.db);
    expect(
      await post(
        '/api/auth/2fa/disable',
        { password: 'wrong-password', code: code(user.secret) },
        user.token,
      ),
    ).toEqual({ status: 400, body: { password: 'Неверный пароль' } });
    expect(await post('/api/auth/2fa/disable', { password: user.password, code: '12' }, user.token)).toEqual({
      status: 400,
      body: { code: 'Введите код из приложения или код восстановления' },
    });
    expect(await accountSnapshot(t.db)).toEqual(before);

    expect(
      await post('/api/auth/2fa/disable', { password: user.password, code: code(user.secret) }, user.token),
    ).toEqual({
      status: 200,
      body: { success: true },
    });
    expect((await login(user)).body).toEqual({ token: expect.any(String) });
    const { id } = (await get('/api/auth/user', user.token)).body;
    expect(await t.db.selectFrom('recovery_codes').selectAll().where('user_id', '=', id).execute()).toEqual(
      [],
    );
  });

  it('refuses to enable before setup, and refuses every 2FA call made with an API token', async () => {
    const user = await register(t.app);
    expect(await post('/api/auth/2fa/enable', { code: '123456' }, user.token)).toEqual({
      status: 400,
      body: { message: 'Сначала получите QR-код' },
    });
    const token = (await post('/api/tokens', { name: 'Скрипт', scope: 'write' }, user.token)).body.token;
    for (const url of ['/api/auth/2fa/setup', '/api/auth/2fa/disable']) {
      expect(await post(url, { password: user.password, code: '123456' }, token)).toEqual({
        status: 403,
        body: { message: 'С токеном API этого сделать нельзя: войдите в аккаунт' },
      });
    }
  });
});
