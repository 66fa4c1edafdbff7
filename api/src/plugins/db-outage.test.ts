/**
 * PostgreSQL out of reach: calls answer 503 with Retry-After and the product's Russian message (not
 * a 500), the app keeps running, and calls succeed again once the database is back. The outage is a
 * real one: the app reaches PostgreSQL through a TCP relay that the test closes and reopens.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, person, type TestApp } from '../../test/fixtures.js';
import { createTempDatabase, TEST_PG_URL, type TempDatabase } from '../../test/pg.js';

/** A TCP relay to PostgreSQL that can be cut (every connection dropped, new ones refused) and restored. */
function relay(target: URL) {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  const open = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(Number(target.port || 5432), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => socket.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        const address = server?.address();
        port = typeof address === 'object' && address ? address.port : port;
        resolve();
      });
    });
  const cut = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server?.close(() => resolve());
    });
  return { open, cut, port: () => port };
}

describe('database outage', () => {
  let database: TempDatabase;
  let t: TestApp;
  const pg = relay(new URL(TEST_PG_URL));

  beforeAll(async () => {
    database = await createTempDatabase();
    await pg.open();
    const url = new URL(database.url);
    url.host = `127.0.0.1:${pg.port()}`;
    t = await createTestApp({ databaseUrl: url.toString() });
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  it('answers 503 with Retry-After while PostgreSQL is out of reach, and works again after', async () => {
    const anna = await person(t.app, 'Анна');
    const list = () => t.app.inject({ url: '/api/board', headers: bearer(anna.token) });
    expect((await list()).statusCode).toBe(200);

    await pg.cut();
    const during = await list();
    expect(during.statusCode).toBe(503);
    expect(during.headers['retry-after']).toBe('5');
    expect(during.json()).toEqual({ message: 'Сервис временно недоступен, повторите попытку' });

    await pg.open();
    let after = await list();
    // The pool drops the connections the cut broke as it meets them.
    for (let i = 0; i < 10 && after.statusCode !== 200; i += 1) after = await list();
    expect(after.statusCode).toBe(200);
  });
});
