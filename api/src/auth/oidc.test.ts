/**
 * Sign-in through an OpenID Connect provider, against a real oidc-provider on a local port
 * (test/oidc-provider.ts): the browser's trip is walked with app.inject on our side and fetch on the
 * provider's. A first sign-in makes an account (claiming invitations) or links one whose e-mail the
 * provider verified, never one it did not; later sign-ins find the account by subject; a foreign or
 * replayed state, a changed PKCE verifier, a replayed code, a refusal at the provider and an
 * unreachable provider all land on /login with an error and sign no one in. OIDC_ONLY turns password
 * sign-in and registration off.
 */
import { once } from 'node:events';
import { OIDC_ERRORS, oidcErrorText, passwordOffText } from 'contract/oidc';
import { safeReturnTo } from 'contract/return-to';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  call,
  createTestApp,
  newUser,
  register,
  seedBoard,
  type TestApp,
} from '../../test/fixtures.js';
import { type OidcProviderHandle, startOidcProvider } from '../../test/oidc-provider.js';
import { freePort } from '../../test/redis-server.js';
import type { App } from '../app.js';
import type { OidcConfig } from '../config.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PUBLIC_URL = 'http://kanban.test';
const CALLBACK = `${PUBLIC_URL}/api/auth/oidc/callback`;
const REDIS_PREFIX = `kanban-oidc-test-${process.pid}-${Date.now()}:`;

let provider: OidcProviderHandle;
/** OIDC with Redis keeping the sign-ins. */
let t: TestApp;
/** OIDC_ONLY, sign-ins kept in memory (no Redis). */
let only: TestApp;
/** No OIDC configured. */
let plain: TestApp;
/** A provider nobody answers at. */
let down: TestApp;

beforeAll(async () => {
  provider = await startOidcProvider({ redirectUri: CALLBACK });
  const oidc: OidcConfig = {
    issuer: provider.issuer,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    name: 'Тест-ID',
    only: false,
  };
  const unreachable = `http://127.0.0.1:${await freePort()}`;
  [t, only, plain, down] = await Promise.all([
    createTestApp({ publicUrl: PUBLIC_URL, oidc, redisUrl: REDIS_URL, redisPrefix: REDIS_PREFIX }),
    createTestApp({ publicUrl: PUBLIC_URL, oidc: { ...oidc, only: true } }),
    createTestApp({ publicUrl: PUBLIC_URL }),
    createTestApp({ publicUrl: PUBLIC_URL, oidc: { ...oidc, issuer: unreachable } }),
  ]);
  const redis = t.app.redis;
  if (redis && redis.status !== 'ready') await once(redis, 'ready');
});

afterAll(async () => {
  const redis = t?.app.redis;
  if (redis) {
    const keys = await redis.keys(`${REDIS_PREFIX}*`);
    if (keys.length > 0) await redis.del(...keys);
  }
  await Promise.all([t, only, plain, down].map((app) => app?.close()));
  await provider?.close();
});

interface Started {
  /** The provider's authorization address. */
  location: string;
  state: string;
  /** The Cookie header this browser sends back. */
  cookie: string;
}

async function start(app: App, returnTo?: string): Promise<Started> {
  const query = returnTo === undefined ? '' : `?${new URLSearchParams({ returnTo })}`;
  const res = await app.inject({ url: `/api/auth/oidc/start${query}` });
  expect(res.statusCode).toBe(302);
  const cookie = res.cookies.find((c) => c.name === 'kanban_oidc');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth/oidc' });
  return {
    location: res.headers.location as string,
    state: cookie!.value,
    cookie: `kanban_oidc=${cookie!.value}`,
  };
}

/** Where the callback sends the browser (a path of the site with its query). */
async function callback(app: App, url: URL, cookie?: string): Promise<URL> {
  const res = await app.inject({ url: `${url.pathname}${url.search}`, headers: cookie ? { cookie } : {} });
  expect(res.statusCode).toBe(302);
  const location = res.headers.location as string;
  expect(location).toMatch(/^\/login\?/);
  return new URL(location, PUBLIC_URL);
}

/** A whole sign-in as the provider's `account`: the /login address the browser lands on. */
async function signIn(app: App, account: string, returnTo?: string): Promise<URL> {
  const started = await start(app, returnTo);
  return callback(app, await provider.authorize(started.location, account), started.cookie);
}

async function finish(app: App, landing: URL) {
  const code = landing.searchParams.get('oidc');
  expect(
    landing.searchParams.get('oidcError'),
    oidcErrorText(landing.searchParams.get('oidcError')),
  ).toBeNull();
  const res = await app.inject({ method: 'POST', url: '/api/auth/oidc/finish', payload: { code } });
  return { status: res.statusCode, body: res.json() };
}

/** Signs in as `account` to the end: the user the token opens, and where to go. */
async function signedInUser(app: App, account: string, returnTo?: string) {
  const done = await finish(app, await signIn(app, account, returnTo));
  expect(done.status).toBe(200);
  const me = await app.inject({ url: '/api/auth/user', headers: bearer(done.body.token) });
  expect(me.statusCode).toBe(200);
  return {
    user: me.json<{ id: number; email: string; name: string }>(),
    returnTo: done.body.returnTo as string,
  };
}

const errorOf = (landing: URL) => {
  expect(landing.searchParams.get('oidc')).toBeNull();
  return landing.searchParams.get('oidcError');
};

async function accounts(test: TestApp) {
  return {
    users: await test.db.selectFrom('users').select(['id', 'email']).orderBy('id').execute(),
    identities: await test.db.selectFrom('oidc_identities').selectAll().orderBy('id').execute(),
  };
}

let seq = 0;
const unique = (name: string) => `${name}-${Date.now()}-${++seq}`;

describe('OIDC sign-in', () => {
  it('makes an account on the first sign-in, claims its invitations and lands where it started', async () => {
    const b = await seedBoard(t.app);
    const email = `${unique('new')}@example.com`;
    const sent = await call(t.app, b.creator, 'POST', '/api/invite/send', { boardId: b.id, email });
    expect(sent.status).toBe(200);
    const id = unique('sub');
    provider.setAccount(id, { email: email.toUpperCase(), email_verified: false, name: 'Новая Участница' });

    const landing = await signIn(t.app, id, '/board/7?task=3');
    const { user, returnTo } = await signedInUser(t.app, id, '/board/7?task=3');
    expect(user).toMatchObject({ email, name: 'Новая Участница' });
    expect(returnTo).toBe('/board/7?task=3');
    const row = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', user.id)
      .executeTakeFirst();
    expect(row?.password_hash).toBeNull();
    const pending = await t.db
      .selectFrom('board_members')
      .select('accepted')
      .where('board_id', '=', b.id)
      .where('user_id', '=', user.id)
      .execute();
    expect(pending).toEqual([{ accepted: false }]);

    // No password signs in to it, with the usual answer.
    const login = await call(t.app, null, 'POST', '/api/auth/login', { email, password: 'anything-at-all' });
    expect(login).toEqual({ status: 400, body: { password: 'Неверный e-mail или пароль' } });
    // The one-time code of the first landing still works once, then never again.
    expect((await finish(t.app, landing)).status).toBe(200);
    expect(await finish(t.app, landing)).toEqual({
      status: 400,
      body: { code: 'Вход устарел, попробуйте ещё раз' },
    });
    expect(await call(t.app, null, 'POST', '/api/auth/oidc/finish', { code: 'made-up' })).toEqual({
      status: 400,
      body: { code: 'Вход устарел, попробуйте ещё раз' },
    });
  });

  it('keeps returnTo on this site', () => {
    expect(safeReturnTo(undefined)).toBe('/');
    expect(safeReturnTo('/board/1?x=1#c')).toBe('/board/1?x=1#c');
    for (const foreign of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      'board',
      '/a\nb',
    ]) {
      expect(safeReturnTo(foreign), foreign).toBe('/');
    }
  });

  it('links an account made with a password when the provider verified the e-mail', async () => {
    const owner = await register(t.app, newUser('Владелица'));
    const me = (await t.app.inject({ url: '/api/auth/user', headers: bearer(owner.token) })).json();
    const id = unique('sub');
    provider.setAccount(id, { email: owner.email.toUpperCase(), email_verified: true });

    const { user } = await signedInUser(t.app, id);
    expect(user.id).toBe(me.id);
    expect(user.name).toBe('Владелица');
    const login = await call(t.app, null, 'POST', '/api/auth/login', {
      email: owner.email,
      password: owner.password,
    });
    expect(login.status).toBe(200);
  });

  it('refuses an unverified e-mail that belongs to an account: no link, no new account', async () => {
    const owner = await register(t.app);
    const id = unique('sub');
    provider.setAccount(id, { email: owner.email, email_verified: false });
    const before = await accounts(t);

    const landing = await signIn(t.app, id);
    expect(errorOf(landing)).toBe('emailTaken');
    expect(oidcErrorText('emailTaken')).toBe(
      'Этот e-mail уже зарегистрирован: войдите паролем и подтвердите адрес у провайдера',
    );
    expect(await accounts(t)).toEqual(before);
  });

  it('finds the account by subject on later sign-ins, whatever e-mail the provider has now', async () => {
    const id = unique('sub');
    const first = `${unique('first')}@example.com`;
    provider.setAccount(id, { email: first, email_verified: true });
    const { user } = await signedInUser(t.app, id);
    provider.setAccount(id, { email: `${unique('second')}@example.com`, email_verified: false });
    const again = await signedInUser(t.app, id);
    expect(again.user.id).toBe(user.id);
    expect(again.user.email).toBe(first);
  });

  it('refuses a state this browser did not start, or started once already', async () => {
    const id = unique('sub');
    provider.setAccount(id, { email: `${unique('csrf')}@example.com`, email_verified: true });
    const before = await accounts(t);

    // The attacker's own callback address, opened in a browser without the cookie.
    const mine = await start(t.app);
    const returned = await provider.authorize(mine.location, id);
    expect(errorOf(await callback(t.app, returned))).toBe('state');
    // ...or in a browser that started a sign-in of its own.
    const victim = await start(t.app);
    expect(errorOf(await callback(t.app, returned, victim.cookie))).toBe('state');
    expect(await accounts(t)).toEqual(before);

    // The state's own browser finishes; sent again, the state is gone.
    expect((await callback(t.app, returned, mine.cookie)).searchParams.get('oidc')).toBeTruthy();
    expect(errorOf(await callback(t.app, returned, mine.cookie))).toBe('state');
  });

  it('refuses a changed PKCE verifier and a replayed code at the token endpoint', async () => {
    const id = unique('sub');
    provider.setAccount(id, { email: `${unique('pkce')}@example.com`, email_verified: true });
    const before = await accounts(t);
    const redis = t.app.redis!;

    const started = await start(t.app);
    const key = `${REDIS_PREFIX}oidc:state:${started.state}`;
    const saved = JSON.parse((await redis.get(key))!);
    await redis.set(key, JSON.stringify({ ...saved, verifier: 'x'.repeat(64) }), 'PX', 60_000);
    const returned = await provider.authorize(started.location, id);
    expect(errorOf(await callback(t.app, returned, started.cookie))).toBe('exchange');

    // A code already traded (by the first callback), sent again under a fresh state of this browser.
    const fresh = await start(t.app);
    const replay = new URL(returned);
    replay.searchParams.set('state', fresh.state);
    expect(errorOf(await callback(t.app, replay, fresh.cookie))).toBe('exchange');

    expect(await accounts(t)).toEqual(before);
  });

  it('comes back with a Russian message when the user refuses at the provider', async () => {
    const started = await start(t.app);
    const returned = await provider.authorize(started.location, { deny: true });
    expect(returned.searchParams.get('error')).toBe('access_denied');
    expect(errorOf(await callback(t.app, returned, started.cookie))).toBe('denied');
    expect(OIDC_ERRORS.denied).toBe('Вход через провайдера отменён');
  });

  it('comes back with a message when the provider cannot be reached', async () => {
    const res = await down.app.inject({ url: '/api/auth/oidc/start?returnTo=/boards' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?oidcError=unavailable');
  });

  it('lists the provider only when configured, and nothing changes without it', async () => {
    expect((await call(plain.app, null, 'GET', '/api/auth/providers')).body).toEqual([]);
    expect((await call(t.app, null, 'GET', '/api/auth/providers')).body).toEqual([
      { id: 'oidc', name: 'Тест-ID', only: false },
    ]);
    const res = await plain.app.inject({ url: '/api/auth/oidc/start' });
    expect(res.headers.location).toBe('/login?oidcError=disabled');
    expect((await register(plain.app)).token).toBeTruthy();
  });

  it('with OIDC_ONLY refuses password sign-in and registration, and signs in through the provider', async () => {
    expect((await call(only.app, null, 'GET', '/api/auth/providers')).body).toEqual([
      { id: 'oidc', name: 'Тест-ID', only: true },
    ]);
    const user = newUser();
    const refused = { status: 403, body: { message: passwordOffText('Тест-ID') } };
    expect(await call(only.app, null, 'POST', '/api/auth/register', user)).toEqual(refused);
    expect(
      await call(only.app, null, 'POST', '/api/auth/login', { email: user.email, password: user.password }),
    ).toEqual(refused);

    const id = unique('sub');
    provider.setAccount(id, { email: user.email, email_verified: true, name: 'Только провайдер' });
    const { user: signedIn } = await signedInUser(only.app, id);
    expect(signedIn).toMatchObject({ email: user.email, name: 'Только провайдер' });
  });
});
