/**
 * PostgreSQL out of reach: calls answer 503 with Retry-After and the product's Russian message (not
 * a 500), the app keeps running, and calls succeed again once the database is back; a job finishing
 * while the database goes away does not end the process; the log tells the outage in two lines. The
 * outage is a real one: the app reaches PostgreSQL through a TCP relay that the test closes and reopens.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createTestApp, person, type TestApp } from '../../test/fixtures.js';
import { createTempDatabase, TEST_PG_URL, type TempDatabase } from '../../test/pg.js';

/** A TCP relay to PostgreSQL that can be cut (every connection dropped, new ones refused) and restored. */
function relay(target: URL) {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  const open = () =>
    new Promise<void>((resolve) => {
      if (server) return resolve();
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
      const closing = server;
      server = null;
      if (closing) closing.close(() => resolve());
      else resolve();
    });
  return { open, cut, port: () => port };
}

/** The value of one series in a scrape (0 when absent). */
function series(text: string, name: string): number {
  const line = text.split('\n').find((row) => row.startsWith(`${name} `));
  return line ? Number(line.slice(name.length + 1)) : 0;
}

describe('database outage', () => {
  let database: TempDatabase;
  let t: TestApp;
  const pg = relay(new URL(TEST_PG_URL));
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  afterEach(async () => {
    // Each test leaves the database reachable for the next.
    await pg.open();
  });

  beforeAll(async () => {
    database = await createTempDatabase();
    await pg.open();
    const url = new URL(database.url);
    url.host = `127.0.0.1:${pg.port()}`;
    t = await createTestApp({ databaseUrl: url.toString(), metricsToken: 'scrape' });
  });
  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
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
    await until200(list);
  });

  it('survives PostgreSQL going away while jobs are being completed, again and again', async () => {
    const anna = await person(t.app, 'Анна');
    const list = () => t.app.inject({ url: '/api/board', headers: bearer(anna.token) });
    const { queue } = t.app;
    await queue.setup((boss) => boss.createQueue('outage-probe'));
    let finish = () => {};
    let started = () => {};
    const worker = await queue.work('outage-probe', { pollingIntervalSeconds: 0.5 }, async () => {
      started();
      await new Promise<void>((resolve) => {
        finish = resolve;
      });
    });
    const queueErrors: { queue?: string; message: string }[] = [];
    queue.boss.on('error', (err) => queueErrors.push(err as { queue?: string; message: string }));

    for (let round = 1; round <= 3; round += 1) {
      const running = new Promise<void>((resolve) => {
        started = resolve;
      });
      await queue.boss.send('outage-probe', { round });
      queue.boss.notifyWorker(worker);
      await running;
      // The handler is done once the database is gone: pg-boss then fails to record the outcome.
      const before = queueErrors.filter((err) => err.queue === 'outage-probe').length;
      await pg.cut();
      finish();
      await vi.waitFor(
        () =>
          expect(queueErrors.filter((err) => err.queue === 'outage-probe').length).toBeGreaterThan(before),
        { timeout: 10_000, interval: 50 },
      );
      await pg.open();
      await until200(list);
    }
    expect(unhandled).toEqual([]);
    const scrape = await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer scrape' } });
    expect(series(scrape.body, 'kanban_queue_errors_total')).toBeGreaterThanOrEqual(3);
    expect(series(scrape.body, 'kanban_unhandled_rejections_total')).toBe(0);
    await queue.boss.offWork('outage-probe');
  });

  it('logs one line when an outage starts and one when it ends, with what it refused', async () => {
    const anna = await person(t.app, 'Анна');
    const list = () => t.app.inject({ url: '/api/board', headers: bearer(anna.token) });
    const scrape = async () =>
      (await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer scrape' } })).body;
    // The probe ends an earlier test's outage within a second of the database's return.
    await vi.waitFor(() => expect(t.app.outages.ongoing('database')).toBe(false), { timeout: 5000 });
    const refusedBefore = series(await scrape(), 'kanban_refused_total{cause="database",kind="request"}');
    const warn = vi.spyOn(t.app.log, 'warn');
    try {
      await pg.cut();
      for (let i = 0; i < 20; i += 1) expect((await list()).statusCode).toBe(503);
      await pg.open();
      await until200(list);
      await vi.waitFor(
        () => expect(warn.mock.calls.map((call) => call[1])).toContain('database outage ended'),
        {
          timeout: 5000,
          interval: 50,
        },
      );
      const outageLines = warn.mock.calls.filter(([, message]) =>
        String(message).startsWith('database outage'),
      );
      expect(outageLines.map((call) => call[1])).toEqual([
        'database outage started',
        'database outage ended',
      ]);
      const ended = outageLines[1]?.[0] as { refused: { request?: number }; durationMs: number };
      expect(ended.refused.request).toBe(20);
      expect(ended.durationMs).toBeGreaterThan(0);
      expect(series(await scrape(), 'kanban_refused_total{cause="database",kind="request"}')).toBe(
        refusedBefore + 20,
      );
    } finally {
      warn.mockRestore();
    }
  });
});

/** The pool drops the connections a cut broke as it meets them: a few calls may still fail. */
async function until200(call: () => Promise<{ statusCode: number }>) {
  let after = await call();
  for (let i = 0; i < 20 && after.statusCode !== 200; i += 1) after = await call();
  expect(after.statusCode).toBe(200);
}
