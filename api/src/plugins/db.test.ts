import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, newUser, type TestApp } from '../../test/fixtures.js';

async function registerAndLogin(t: TestApp) {
  const user = newUser('Пглайт');
  const reg = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: user });
  expect(reg.statusCode).toBe(200);
  const dup = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: user });
  expect(dup.json()).toEqual({ email: 'Этот e-mail уже зарегистрирован' });
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: user.password },
  });
  expect(login.statusCode).toBe(200);
  const me = await t.app.inject({
    url: '/api/auth/user',
    headers: { authorization: `Bearer ${login.json<{ token: string }>().token}` },
  });
  expect(me.json()).toMatchObject({ name: 'Пглайт', email: user.email });
  return user;
}

// PGlite (PostgreSQL compiled to WebAssembly) starts slowly on a busy 2-core machine.
describe('PGlite', { timeout: 90_000 }, () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('runs the migrations in memory and serves register and login', async () => {
    const t = await createTestApp({}, { pglite: true });
    try {
      await registerAndLogin(t);
      const migrations = await t.db
        .selectFrom('kysely_migration' as never)
        .select('name' as never)
        .execute();
      expect(migrations.length).toBeGreaterThanOrEqual(2);
      expect((await t.app.inject('/health/ready')).json()).toEqual({
        status: 'ok',
        db: 'up',
        redis: 'disabled',
      });
    } finally {
      await t.close();
    }
  });

  it('keeps data on disk across restarts', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'kanban-pglite-'));
    dirs.push(dir);
    const first = await createTestApp({ pgliteDir: dir }, { pglite: true });
    const user = await registerAndLogin(first);
    await first.close();
    const second = await createTestApp({ pgliteDir: dir }, { pglite: true });
    try {
      const login = await second.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: user.password },
      });
      expect(login.statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });
});
