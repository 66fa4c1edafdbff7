/**
 * Webhooks against real receivers (node:http on a free local port, no mocks): signed events after
 * the commit, the same delivery id on a retry, nothing for a rolled-back change, the change never
 * waiting for a receiver, each event once across two instances, internal addresses refused at
 * saving and at delivery, the deliveries list, the 3-day switch-off, and who may manage them.
 */
import { createHmac } from 'node:crypto';
import { EventEmitter, once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MESSAGES, switchedOffText, type WebhookDelivery } from 'contract/webhooks';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useCluster } from '../../test/cluster.js';
import {
  addMember,
  addTask,
  call,
  createTestApp,
  editBody,
  type Person,
  person,
  seedBoard,
  type TestApp,
  type TestBoard,
} from '../../test/fixtures.js';
import { mailSubject, mailText, type SmtpPeer, startSmtpPeer } from '../../test/mail.js';
import type { App } from '../app.js';
import { loadConfig } from '../config.js';
import { isPublicAddress } from './address.js';

const SECRET = 'очень-секретный-ключ-42';

interface Hit {
  headers: IncomingHttpHeaders;
  raw: string;
  // biome-ignore lint/suspicious/noExplicitAny: payloads are checked field by field
  body: any;
  res: ServerResponse;
}

/** A webhook receiver: every request it got, answered by `answer` (a status, or 'hang' to hold it). */
class Receiver extends EventEmitter {
  readonly hits: Hit[] = [];
  answer: (hit: Hit, index: number) => number | 'hang' = () => 200;
  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {
    super();
  }

  static async start(): Promise<Receiver> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const receiver = new Receiver(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`);
    server.on('request', (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const hit: Hit = { headers: req.headers, raw, body: JSON.parse(raw), res };
        const index = receiver.hits.push(hit) - 1;
        const status = receiver.answer(hit, index);
        if (status !== 'hang') res.writeHead(status).end();
        receiver.emit('hit', hit);
      });
    });
    return receiver;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  /** The first hit (already here or still to come) that `match` accepts. */
  async next(match: (hit: Hit) => boolean = () => true): Promise<Hit> {
    const seen = this.hits.find(match);
    if (seen) return seen;
    for (;;) {
      const [hit] = (await once(this, 'hit', { signal: AbortSignal.timeout(8000) })) as [Hit];
      if (match(hit)) return hit;
    }
  }

  of(event: string) {
    return this.next((hit) => hit.headers['x-kanban-event'] === event);
  }

  /** Answers every held request. */
  release(status = 200): void {
    for (const hit of this.hits) if (!hit.res.writableEnded) hit.res.writeHead(status).end();
  }

  async close(): Promise<void> {
    this.release();
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

const receivers: Receiver[] = [];
async function receiver(): Promise<Receiver> {
  const started = await Receiver.start();
  receivers.push(started);
  return started;
}
afterAll(async () => {
  for (const started of receivers) await started.close();
});

const signed = (raw: string, secret = SECRET) =>
  `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;

async function addWebhook(
  app: App,
  b: TestBoard,
  url: string,
  events: string[] = ['task.created', 'task.updated'],
  secret = SECRET,
) {
  const res = await call(app, b.creator, 'POST', `/api/board/${b.id}/webhooks`, { url, events, secret });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { id: number; url: string };
}

const deliveries = (app: App, who: Person, b: TestBoard, hookId: number) =>
  call<WebhookDelivery[]>(app, who, 'GET', `/api/board/${b.id}/webhooks/${hookId}/deliveries`);

/** The webhook queue's jobs still to run for a delivery. */
async function openJobs(app: App, deliveryId: string): Promise<number> {
  const { rows } = await sql<{ count: string }>`
    select count(*) as count from pgboss.job
    where name = 'webhook-delivery' and state in ('created', 'retry', 'active') and data ->> 'deliveryId' = ${deliveryId}
  `.execute(app.db);
  return Number(rows[0]?.count);
}

/** Waits until every delivery of the webhook is done (delivered or failed) and no job is left for it. */
async function settled(app: App, hookId: number): Promise<void> {
  await vi.waitFor(
    async () => {
      const rows = await app.db
        .selectFrom('webhook_deliveries')
        .select(['id', 'status'])
        .where('webhook_id', '=', hookId)
        .execute();
      expect(rows.every((row) => row.status === 'delivered' || row.status === 'failed')).toBe(true);
      for (const row of rows) expect(await openJobs(app, row.id)).toBe(0);
    },
    { timeout: 8000, interval: 30 },
  );
}

describe('webhooks', () => {
  const t = {} as TestApp;
  let smtp: SmtpPeer;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    Object.assign(
      t,
      await createTestApp({
        webhookRetryDelaysMs: [20, 20],
        smtpUrl: smtp.url,
        mailFrom: 'Kanban <robot@kanban.test>',
      }),
    );
  });
  afterAll(async () => {
    // Held requests end first, so no try is left waiting on a receiver when the app closes.
    for (const started of receivers) started.release();
    await t.close?.();
    await smtp?.close();
  });

  it('sends each subscribed event signed, with the change in the contract shapes', async () => {
    const b = await seedBoard(t.app);
    const hooks = await receiver();
    const comments = await receiver();
    const all = [
      'task.created',
      'task.updated',
      'task.moved',
      'task.archived',
      'task.deleted',
      'comment.created',
      'checklist.item.checked',
      'member.joined',
    ];
    const hook = await addWebhook(t.app, b, hooks.url, all);
    const commentsOnly = await addWebhook(
      t.app,
      b,
      comments.url,
      ['comment.created'],
      'другой-секрет-0123456789',
    );

    const taskId = await addTask(t.app, b, b.columns[0], { title: 'Отчёт' });
    const created = await hooks.of('task.created');
    expect(created.headers['x-kanban-signature']).toBe(signed(created.raw));
    expect(created.headers['content-type']).toBe('application/json');
    expect(created.headers['user-agent']).toBe('Kanban-Webhooks/1');
    expect(created.body).toMatchObject({
      id: created.headers['x-kanban-delivery'],
      event: 'task.created',
      board: { id: b.id, name: 'Доска' },
      actor: { id: b.member.id, name: 'Участник' },
      task: { id: taskId, title: 'Отчёт', columnId: b.columns[0] },
      column: { id: b.columns[0], taskIds: [taskId] },
    });
    expect(Date.parse(created.body.at)).not.toBeNaN();

    const edited = await call(
      t.app,
      b.member,
      'PUT',
      '/api/task/edit',
      await editBody(t.app, b, taskId, { title: 'Итоги' }),
    );
    expect(edited.status).toBe(200);
    const updated = await hooks.of('task.updated');
    expect(updated.headers['x-kanban-signature']).toBe(signed(updated.raw));
    expect(updated.body.task.title).toBe('Итоги');
    expect(updated.body.changes).toEqual([{ field: 'title', from: 'Отчёт', to: 'Итоги' }]);

    const moveBody = { boardId: b.id, taskId, newColumnId: b.columns[1], newColumnTaskIds: [taskId] };
    expect((await call(t.app, b.member, 'PUT', '/api/task/move', moveBody)).status).toBe(200);
    const moved = await hooks.of('task.moved');
    expect(moved.body).toMatchObject({
      task: { id: taskId, columnId: b.columns[1] },
      column: { id: b.columns[1] },
      changes: {
        from: { id: b.columns[0], name: 'Нужно сделать' },
        to: { id: b.columns[1], name: 'В работе' },
      },
    });

    const comment = await call(t.app, b.member, 'POST', '/api/comment/create', {
      boardId: b.id,
      taskId,
      text: 'Готово?',
    });
    expect(comment.status).toBe(200);
    const commented = await hooks.of('comment.created');
    expect(commented.body).toMatchObject({
      task: { id: taskId, commentsCount: 1 },
      comment: { id: comment.body.id, text: 'Готово?' },
    });
    const onlyComment = await comments.of('comment.created');
    expect(onlyComment.headers['x-kanban-signature']).toBe(
      signed(onlyComment.raw, 'другой-секрет-0123456789'),
    );
    expect(onlyComment.headers['x-kanban-delivery']).not.toBe(commented.headers['x-kanban-delivery']);

    const list = await call(t.app, b.member, 'POST', `/api/checklist/${b.id}/${taskId}`, {
      title: 'Проверка',
    });
    const listId = list.body.checklists[0].id;
    const item = await call(t.app, b.member, 'POST', `/api/checklist/item/${b.id}/${listId}`, {
      text: 'Цифры',
    });
    const itemId = item.body.checklists[0].items[0].id;
    expect(
      (await call(t.app, b.member, 'PUT', `/api/checklist/item/${b.id}/${itemId}`, { done: true })).status,
    ).toBe(200);
    const checked = await hooks.of('checklist.item.checked');
    expect(checked.body).toMatchObject({
      task: { id: taskId, checklist: { done: 1, total: 1 } },
      item: { checklistTitle: 'Проверка', text: 'Цифры' },
    });

    const newcomer = await person(t.app, 'Новичок');
    await addMember(t.app, b.creator, b.id, newcomer);
    const joined = await hooks.of('member.joined');
    expect(joined.body).toMatchObject({
      actor: { id: newcomer.id, name: 'Новичок' },
      member: { id: newcomer.id, name: 'Новичок', accepted: true, role: 'member' },
    });

    const archive = { boardId: b.id, taskId, archived: true };
    expect((await call(t.app, b.member, 'PUT', '/api/task/archive', archive)).status).toBe(200);
    expect((await hooks.of('task.archived')).body.task).toMatchObject({ id: taskId, title: 'Итоги' });
    expect(
      (await call(t.app, b.member, 'PUT', '/api/task/archive', { ...archive, archived: false })).status,
    ).toBe(200);
    expect((await call(t.app, b.member, 'DELETE', `/api/task/delete/${b.id}/${taskId}`)).status).toBe(200);
    expect((await hooks.of('task.deleted')).body.task).toEqual({ id: taskId, title: 'Итоги' });

    // Only what each webhook subscribed to, each event to it once.
    await settled(t.app, hook.id);
    await settled(t.app, commentsOnly.id);
    expect(hooks.hits.map((hit) => hit.headers['x-kanban-event'])).toEqual([
      'task.created',
      'task.updated',
      'task.moved',
      'comment.created',
      'checklist.item.checked',
      'member.joined',
      'task.archived',
      'task.deleted',
    ]);
    expect(comments.hits.map((hit) => hit.headers['x-kanban-event'])).toEqual(['comment.created']);
    const ids = hooks.hits.map((hit) => hit.headers['x-kanban-delivery']);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('tries a failed delivery again with the same id, once more after a 500, and lists how it went', async () => {
    const b = await seedBoard(t.app);
    const hooks = await receiver();
    // The first try fails, the second is held until the list shows the retry.
    hooks.answer = (_hit, index) => (index === 0 ? 500 : 'hang');
    const hook = await addWebhook(t.app, b, hooks.url, ['task.created']);
    await addTask(t.app, b);
    const [first, second] = [await hooks.next(), await hooks.next((hit) => hit !== hooks.hits[0])];
    expect(second.headers['x-kanban-delivery']).toBe(first.headers['x-kanban-delivery']);
    expect(second.raw).toBe(first.raw);
    expect(second.headers['x-kanban-signature']).toBe(signed(first.raw));
    const id = first.headers['x-kanban-delivery'] as string;

    const retrying = await deliveries(t.app, b.creator, b, hook.id);
    expect(retrying.body).toEqual([
      {
        id,
        event: 'task.created',
        status: 'retrying',
        attempts: 1,
        responseCode: 500,
        error: 'Ответ с кодом 500',
        at: expect.any(String),
        nextAttemptAt: expect.any(String),
      },
    ]);
    const failing = (await call(t.app, b.creator, 'GET', `/api/board/${b.id}/webhooks`)).body[0];
    expect(failing.failingSince).not.toBeNull();

    second.res.writeHead(200).end();
    await settled(t.app, hook.id);
    expect(hooks.hits).toHaveLength(2);
    const done = await deliveries(t.app, b.creator, b, hook.id);
    expect(done.body[0]).toMatchObject({
      id,
      status: 'delivered',
      attempts: 2,
      responseCode: 200,
      error: null,
      nextAttemptAt: null,
    });
    // A delivered try ends the failing streak.
    const [listed] = (await call(t.app, b.creator, 'GET', `/api/board/${b.id}/webhooks`)).body;
    expect(listed).toMatchObject({
      id: hook.id,
      enabled: true,
      failingSince: null,
      lastDelivery: { id, status: 'delivered' },
    });
  });

  it('gives up after the last delay, every try failed', async () => {
    const b = await seedBoard(t.app);
    const hooks = await receiver();
    hooks.answer = () => 302;
    const hook = await addWebhook(t.app, b, hooks.url, ['task.created']);
    await addTask(t.app, b);
    await settled(t.app, hook.id);
    // Two delays: three tries; a redirect is a failure, not followed.
    expect(hooks.hits).toHaveLength(3);
    const [failed] = (await deliveries(t.app, b.creator, b, hook.id)).body;
    expect(failed).toMatchObject({ status: 'failed', attempts: 3, responseCode: 302, nextAttemptAt: null });
    expect(failed?.error).toBe('Перенаправление (код 302) не выполняется');
  });

  it('sends nothing for a change that rolls back after its webhooks were recorded', async () => {
    const b = await seedBoard(t.app);
    const hooks = await receiver();
    const hook = await addWebhook(t.app, b, hooks.url, ['task.created']);
    // Fails the commit itself, after every recorder ran: the deliveries and jobs go with it.
    await sql`create function webhook_test_rollback() returns trigger language plpgsql as $$
      begin if new.title = 'Откат' then raise exception 'forced rollback'; end if; return null; end $$`.execute(
      t.db,
    );
    await sql`create constraint trigger webhook_test_rollback after insert on tasks deferrable initially deferred
      for each row execute function webhook_test_rollback()`.execute(t.db);
    try {
      const jobsBefore = await sql<{
        count: string;
      }>`select count(*) as count from pgboss.job where name = 'webhook-delivery'`.execute(t.db);
      const failed = await call(t.app, b.member, 'POST', '/api/task/create', {
        boardId: b.id,
        columnId: b.columns[0],
        title: 'Откат',
      });
      expect(failed.status).toBe(500);
      const jobsAfter = await sql<{
        count: string;
      }>`select count(*) as count from pgboss.job where name = 'webhook-delivery'`.execute(t.db);
      expect(jobsAfter.rows[0]?.count).toBe(jobsBefore.rows[0]?.count);
    } finally {
      await sql`drop trigger webhook_test_rollback on tasks`.execute(t.db);
      await sql`drop function webhook_test_rollback`.execute(t.db);
    }
    await addTask(t.app, b, b.columns[0], { title: 'Настоящая' });
    expect((await hooks.of('task.created')).body.task.title).toBe('Настоящая');
    await settled(t.app, hook.id);
    expect(hooks.hits.map((hit) => hit.body.task.title)).toEqual(['Настоящая']);
    expect((await deliveries(t.app, b.creator, b, hook.id)).body).toHaveLength(1);
  });

  it('never holds the change while a receiver hangs', async () => {
    const b = await seedBoard(t.app);
    const hooks = await receiver();
    hooks.answer = () => 'hang';
    const hook = await addWebhook(t.app, b, hooks.url);
    const taskId = await addTask(t.app, b);
    const held = await hooks.of('task.created');

    const started = performance.now();
    const edited = await call(
      t.app,
      b.member,
      'PUT',
      '/api/task/edit',
      await editBody(t.app, b, taskId, { title: 'Быстро' }),
    );
    const took = performance.now() - started;
    expect(edited.status).toBe(200);
    expect(held.res.writableEnded).toBe(false);
    expect(took).toBeLessThan(1500);

    hooks.answer = () => 200;
    hooks.release();
    expect((await hooks.of('task.updated')).body.task.title).toBe('Быстро');
    hooks.release();
    await settled(t.app, hook.id);
  });

  it('lets administrators only manage webhooks, access before the payload', async () => {
    const b = await seedBoard(t.app);
    const bad = { url: 'ftp://example.com', events: [], secret: 'short' };
    const url = `/api/board/${b.id}/webhooks`;
    expect(await call(t.app, b.member, 'POST', url, bad)).toEqual({
      status: 403,
      body: { message: 'Недостаточно прав' },
    });
    expect(await call(t.app, b.outsider, 'POST', url, bad)).toEqual({
      status: 403,
      body: { message: 'Нет доступа' },
    });
    expect(await call(t.app, b.removed, 'POST', url, bad)).toEqual({
      status: 403,
      body: { message: 'Нет доступа' },
    });
    expect((await call(t.app, b.outsider, 'POST', '/api/board/999999/webhooks', bad)).status).toBe(404);
    expect((await call(t.app, b.member, 'GET', url)).status).toBe(403);
    expect((await call(t.app, b.member, 'PUT', `${url}/abc`, { enabled: 'x' })).status).toBe(403);

    expect(await call(t.app, b.creator, 'POST', url, bad)).toEqual({
      status: 400,
      body: { url: MESSAGES.url, secret: MESSAGES.secret },
    });
    const good = { url: 'https://hooks.example.com/kanban', events: ['task.created'], secret: SECRET };
    for (const [body, errors] of [
      [{ ...good, events: [] }, { events: MESSAGES.noEvents }],
      [{ ...good, events: ['task.exploded'] }, { events: MESSAGES.unknownEvent }],
      [{ ...good, url: 'https://' }, { url: MESSAGES.url }],
      [{ ...good, url: 'https://user:pass@hooks.example.com/' }, { url: MESSAGES.url }],
      [
        { ...good, url: `https://hooks.example.com/${'x'.repeat(2100)}` },
        { url: 'Слишком длинное значение' },
      ],
      [{ ...good, secret: 'x'.repeat(300) }, { secret: 'Слишком длинное значение' }],
      [{ ...good, secret: undefined }, { secret: MESSAGES.secret }],
    ] as const) {
      expect(await call(t.app, b.creator, 'POST', url, body)).toEqual({ status: 400, body: errors });
    }
    expect((await call(t.app, b.creator, 'GET', url)).body).toEqual([]);

    // An administrator who is not the owner may; the secret is never answered.
    await t.db
      .updateTable('board_members')
      .set({ role: 'admin' })
      .where('board_id', '=', b.id)
      .where('user_id', '=', b.member.id)
      .execute();
    const created = await call(t.app, b.member, 'POST', url, {
      ...good,
      events: ['task.updated', 'task.created', 'task.created'],
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      id: expect.any(Number),
      url: 'https://hooks.example.com/kanban',
      events: ['task.created', 'task.updated'],
      enabled: true,
      createdAt: expect.any(String),
      failingSince: null,
      lastDelivery: null,
    });
    const listed = await call(t.app, b.creator, 'GET', url);
    expect(JSON.stringify(listed.body)).not.toContain(SECRET);
    expect(await call(t.app, b.creator, 'DELETE', `${url}/${created.body.id}`)).toEqual({
      status: 200,
      body: { success: true },
    });
    expect((await call(t.app, b.creator, 'DELETE', `${url}/${created.body.id}`)).status).toBe(404);

    // Another board's webhook is not found through this one.
    const other = await seedBoard(t.app);
    const elsewhere = await addWebhook(t.app, other, 'https://hooks.example.com/other');
    expect((await call(t.app, b.creator, 'GET', `${url}/${elsewhere.id}/deliveries`)).status).toBe(404);
    expect((await call(t.app, b.creator, 'PUT', `${url}/${elsewhere.id}`, { enabled: false })).status).toBe(
      404,
    );
    await call(t.app, other.creator, 'DELETE', `/api/board/${other.id}/webhooks/${elsewhere.id}`);
  });

  it('edits, pings through the queue, stays quiet while off, and keeps the last 50 deliveries', async () => {
    const b = await seedBoard(t.app);
    const hooks = await receiver();
    const hook = await addWebhook(t.app, b, hooks.url, ['task.created']);
    const base = `/api/board/${b.id}/webhooks/${hook.id}`;
    const edited = await call(t.app, b.creator, 'PUT', base, {
      secret: 'новый-секрет-0123456789',
      events: ['task.updated'],
    });
    expect(edited.body).toMatchObject({ events: ['task.updated'], enabled: true });

    const ping = await call(t.app, b.creator, 'POST', `${base}/test`);
    expect(ping.status).toBe(200);
    const pinged = await hooks.of('ping');
    expect(pinged.headers['x-kanban-delivery']).toBe(ping.body.id);
    expect(pinged.headers['x-kanban-signature']).toBe(signed(pinged.raw, 'новый-секрет-0123456789'));
    expect(pinged.body).toEqual({
      id: ping.body.id,
      event: 'ping',
      at: expect.any(String),
      board: { id: b.id, name: 'Доска' },
      actor: { id: b.creator.id, name: 'Создатель' },
    });

    // Off: a change makes no delivery at all.
    expect((await call(t.app, b.creator, 'PUT', base, { enabled: false })).body.enabled).toBe(false);
    const taskId = await addTask(t.app, b);
    await call(t.app, b.member, 'PUT', '/api/task/edit', await editBody(t.app, b, taskId, { title: 'Тихо' }));
    await settled(t.app, hook.id);
    expect((await deliveries(t.app, b.creator, b, hook.id)).body.map((d) => d.event)).toEqual(['ping']);

    // Many old deliveries: recording the next try keeps the newest 50.
    await t.db
      .insertInto('webhook_deliveries')
      .values(
        Array.from({ length: 55 }, (_, i) => ({
          id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
          webhook_id: hook.id,
          event: 'task.created',
          payload: '{}',
          status: 'delivered' as const,
        })),
      )
      .execute();
    const again = await call(t.app, b.creator, 'POST', `${base}/test`);
    await hooks.next((hit) => hit.headers['x-kanban-delivery'] === again.body.id);
    await settled(t.app, hook.id);
    const kept = await deliveries(t.app, b.creator, b, hook.id);
    expect(kept.body).toHaveLength(50);
    expect(kept.body[0]).toMatchObject({ id: again.body.id, event: 'ping', status: 'delivered' });
    const { count } = await t.db
      .selectFrom('webhook_deliveries')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('webhook_id', '=', hook.id)
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(50);
  });

  it('switches off a webhook failing for 3 days and tells the board administrators', async () => {
    const b = await seedBoard(t.app);
    const admin = await person(t.app, 'Админ');
    await addMember(t.app, b.creator, b.id, admin);
    await t.db
      .updateTable('board_members')
      .set({ role: 'admin' })
      .where('board_id', '=', b.id)
      .where('user_id', '=', admin.id)
      .execute();
    const hooks = await receiver();
    hooks.answer = () => 503;
    const hook = await addWebhook(t.app, b, hooks.url, ['task.created']);
    await t.db
      .updateTable('webhooks')
      .set({ failing_since: sql<Date>`now() - interval '3 days 1 minute'` })
      .where('id', '=', hook.id)
      .execute();

    await addTask(t.app, b);
    await settled(t.app, hook.id);
    // The try that found the streak over 3 days old was the last: no retry.
    expect(hooks.hits).toHaveLength(1);
    const [off] = (await call(t.app, b.creator, 'GET', `/api/board/${b.id}/webhooks`)).body;
    expect(off).toMatchObject({
      enabled: false,
      lastDelivery: { status: 'failed', attempts: 1, responseCode: 503 },
    });

    const text = switchedOffText(hooks.url, 'Доска');
    for (const who of [b.creator, admin]) {
      const [notification] = (await call(t.app, who, 'GET', '/api/notification')).body;
      expect(notification).toMatchObject({
        kind: 'webhook-disabled',
        task: null,
        board: { id: b.id, name: 'Доска' },
        actor: null,
        data: { webhookId: hook.id, url: hooks.url },
        read: false,
      });
      // The administrator who joined got their invitation first.
      const letter = await vi.waitFor(
        () => {
          const raw = smtp.received.find(
            (m) => m.to.includes(who.email) && mailSubject(m.raw).startsWith('Вебхук'),
          );
          expect(raw).toBeDefined();
          return { subject: mailSubject(raw!.raw), text: mailText(raw!.raw) };
        },
        { timeout: 5000 },
      );
      expect(letter.subject).toBe('Вебхук отключён: доска «Доска»');
      expect(letter.text).toContain(text);
    }
    expect((await call(t.app, b.member, 'GET', '/api/notification')).body).toEqual([]);

    // Nothing is sent while off; turning it on forgets the streak.
    await addTask(t.app, b);
    await settled(t.app, hook.id);
    expect(hooks.hits).toHaveLength(1);
    const on = await call(t.app, b.creator, 'PUT', `/api/board/${b.id}/webhooks/${hook.id}`, {
      enabled: true,
    });
    expect(on.body).toMatchObject({ enabled: true, failingSince: null });
  });
});

describe('webhooks to internal addresses, not allowed', () => {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp({ webhookAllowPrivate: false, webhookRetryDelaysMs: [] }));
  });
  afterAll(() => t.close?.());

  it('tells public addresses from internal ones, IPv4-mapped IPv6 included', () => {
    for (const address of ['8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8'])
      expect(isPublicAddress(address), address).toBe(true);
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '100.64.0.1',
      '169.254.169.254',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '64:ff9b::a00:1',
      'not an address',
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });

  it('refuses them when a webhook is saved', async () => {
    const b = await seedBoard(t.app);
    const url = `/api/board/${b.id}/webhooks`;
    for (const address of [
      'http://127.0.0.1:8080/hook',
      'http://[::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://0x7f.1/hook',
      'http://169.254.169.254/latest',
      'http://10.0.0.1/hook',
      'http://localhost:8080/hook',
    ]) {
      const res = await call(t.app, b.creator, 'POST', url, {
        url: address,
        events: ['task.created'],
        secret: SECRET,
      });
      expect({ address, ...res }).toEqual({ address, status: 400, body: { url: MESSAGES.privateUrl } });
    }
    const unknown = await call(t.app, b.creator, 'POST', url, {
      url: 'https://no-such-host.invalid/',
      events: ['task.created'],
      secret: SECRET,
    });
    expect(unknown).toEqual({ status: 400, body: { url: MESSAGES.unknownHost } });
    // A public address is taken (and never called: nothing happens on this board).
    const fine = await call(t.app, b.creator, 'POST', url, {
      url: 'https://93.184.215.14/hook',
      events: ['task.created'],
      secret: SECRET,
    });
    expect(fine.status).toBe(200);
    const edit = await call(t.app, b.creator, 'PUT', `${url}/${fine.body.id}`, {
      url: 'http://192.168.0.10/',
    });
    expect(edit).toEqual({ status: 400, body: { url: MESSAGES.privateUrl } });
    await call(t.app, b.creator, 'DELETE', `${url}/${fine.body.id}`);
  });

  it('refuses them at delivery, an address literal or a name that resolves to one', async () => {
    const b = await seedBoard(t.app);
    const hooks = await receiver();
    // Saved while they were allowed (or while the name pointed elsewhere).
    const ids = [];
    for (const url of [hooks.url, `http://localhost:${hooks.port}/hook`]) {
      const row = await t.db
        .insertInto('webhooks')
        .values({
          board_id: b.id,
          url,
          events: JSON.stringify(['task.created']),
          secret: SECRET,
          created_by: b.creator.id,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    await addTask(t.app, b);
    for (const id of ids) {
      await settled(t.app, id);
      const [failed] = (await deliveries(t.app, b.creator, b, id)).body;
      expect(failed).toMatchObject({
        status: 'failed',
        attempts: 1,
        responseCode: null,
        error: MESSAGES.privateUrl,
      });
    }
    expect(hooks.hits).toEqual([]);
  });
});

describe('webhooks on two instances', () => {
  const cluster = useCluster(2);

  it('sends each event once, whichever instance made the change', async () => {
    const [first, second] = cluster.apps as [App, App];
    const b = await seedBoard(first);
    const hooks = await receiver();
    const hook = await addWebhook(first, b, hooks.url, ['task.created']);
    for (let i = 0; i < 6; i += 1)
      await addTask(i % 2 === 0 ? first : second, b, b.columns[0], { title: `Задача ${i}` });
    await settled(first, hook.id);
    const ids = hooks.hits.map((hit) => hit.headers['x-kanban-delivery']);
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(6);
    expect(new Set(hooks.hits.map((hit) => hit.body.task.title)).size).toBe(6);
  });
});

describe('webhooks on the embedded database', () => {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp({}, { pglite: true }));
  });
  afterAll(() => t.close?.());

  it('records and delivers as on PostgreSQL', async () => {
    const b = await seedBoard(t.app);
    const hooks = await receiver();
    const hook = await addWebhook(t.app, b, hooks.url, ['task.created']);
    const taskId = await addTask(t.app, b);
    const hit = await hooks.of('task.created');
    expect(hit.headers['x-kanban-signature']).toBe(signed(hit.raw));
    expect(hit.body.task.id).toBe(taskId);
    await settled(t.app, hook.id);
    expect((await deliveries(t.app, b.creator, b, hook.id)).body[0]).toMatchObject({ status: 'delivered' });
  });
});

it('reads its settings from the environment', () => {
  const env = { JWT_SECRET: 'x'.repeat(40) };
  expect(loadConfig(env)).toMatchObject({
    webhookAllowPrivate: false,
    webhookRetryDelaysMs: [60_000, 300_000, 1_800_000, 7_200_000, 43_200_000],
    webhookTimeoutMs: 10_000,
  });
  const set = {
    ...env,
    WEBHOOK_ALLOW_PRIVATE: 'true',
    WEBHOOK_RETRY_DELAYS: '10, 20',
    WEBHOOK_TIMEOUT_MS: '500',
  };
  expect(loadConfig(set)).toMatchObject({
    webhookAllowPrivate: true,
    webhookRetryDelaysMs: [10, 20],
    webhookTimeoutMs: 500,
  });
  expect(() => loadConfig({ ...env, WEBHOOK_RETRY_DELAYS: '1m' })).toThrow(/WEBHOOK_RETRY_DELAYS/);
});
