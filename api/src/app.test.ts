import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, person, seedBoard, type TestApp } from '../test/fixtures.js';

describe('app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('documents the API at /api/openapi.json', async () => {
    const res = await t.app.inject('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/login',
        '/api/auth/register',
        '/api/auth/user',
        '/api/auth/edit',
        '/api/auth/password',
        '/api/reset/create',
        '/api/reset/validate',
        '/api/reset/password',
        '/health/ready',
      ]),
    );
  });

  it('sends nosniff on every answer', async () => {
    for (const url of ['/health/live', '/api/unknown', '/api/auth/user']) {
      expect((await t.app.inject(url)).headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('answers unknown API paths with a JSON 404 even without a site', async () => {
    const res = await t.app.inject('/api/nothing/here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Не найдено' });
  });
});

describe('errors', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        extend(app) {
          app.get('/test/boom', async () => {
            throw new Error('secret internal detail');
          });
          app.get('/test/db', async () => sql`select * from no_such_table`.execute(app.db));
        },
      },
    );
  });
  afterAll(() => t?.close());

  it.each(['/test/boom', '/test/db'])('answers %s with a bare 500', async (url) => {
    const res = await t.app.inject(url);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Внутренняя ошибка сервера' });
    expect(res.body).not.toMatch(/secret|no_such_table/);
  });

  it('answers malformed JSON and unsupported types with 4xx messages', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      body: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ message: 'Некорректный запрос' });
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      body: 'email=a',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({ message: 'Неподдерживаемый тип данных' });
  });

  it.each(['/api/board/%', '/api/board/%E0%A4%A'])(
    'answers a URL it cannot read, %s, in the flat shape',
    async (url) => {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Некорректный запрос' });
    },
  );

  it('takes a PUT or DELETE with a JSON content type and no body as a call without a body', async () => {
    const b = await seedBoard(t.app);
    const json = { ...bearer(b.creator.token), 'content-type': 'application/json' };
    const readAll = await t.app.inject({ method: 'PUT', url: '/api/notification/read-all', headers: json });
    expect(readAll.statusCode).toBe(200);
    expect(readAll.json()).toEqual({ unread: 0 });
    const column = await t.app.inject({
      method: 'DELETE',
      url: `/api/column/delete/${b.id}/${b.columns[0]}`,
      headers: json,
    });
    expect(column.statusCode).toBe(200);
    // A body that is there is still parsed as JSON, with its safeguards.
    const poisoned = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/edit',
      headers: { ...bearer((await person(t.app)).token), 'content-type': 'application/json' },
      body: '{"__proto__": {"admin": true}, "name": "А", "email": "a@b.ru"}',
    });
    expect(poisoned.statusCode).toBe(400);
  });
});
