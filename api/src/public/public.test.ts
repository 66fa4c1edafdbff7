/**
 * A board's public link: administrators turn it on, replace and turn it off; anyone with it reads the
 * board, a task and a file link without signing in, with no e-mails and `noindex`; nothing can be
 * written through it; a replaced or removed link answers 404 at once, and its live readers on any
 * instance are told and hear nothing more.
 */
import type { SubscribeResult } from 'contract/realtime';
import { beforeAll, describe, expect, it } from 'vitest';
import { connected, pause, until, updates, useCluster } from '../../test/cluster.js';
import { addTask, call, type Person, refused, seedBoard, type TestBoard } from '../../test/fixtures.js';
import type { App } from '../app.js';

const cluster = useCluster(2);
const INSUFFICIENT = { status: 403, body: { message: 'Недостаточно прав' } };
const GONE = { status: 404, body: { message: 'Ссылка не действует: её выключили или заменили' } };

let a: App;
let b: TestBoard;
let taskId: string;
let admin: Person;

beforeAll(async () => {
  a = cluster.apps[0] as App;
  b = await seedBoard(a);
  taskId = await addTask(a, b);
  admin = b.creator;
  await call(a, admin, 'POST', '/api/invite/send', { boardId: b.id, email: 'secret@example.com' });
});

const anonymous = (app: App, url: string) => app.inject({ method: 'GET', url });

function publicSocket(url: string) {
  const socket = cluster.connect(url, '');
  const errors: SubscribeResult[] = [];
  socket.on('subscribe_error', (error: SubscribeResult) => errors.push(error));
  return { socket, errors };
}

const subscribePublic = (socket: ReturnType<typeof cluster.connect>, publicToken: string) =>
  new Promise<SubscribeResult>((resolve) => socket.emit('subscribe', { publicToken }, resolve));

describe('public links', () => {
  it('are turned on by administrators only, and show the board without e-mails to anyone', async () => {
    expect(await refused(a, b.member, 'POST', `/api/board/${b.id}/public-link`)).toEqual(INSUFFICIENT);
    expect((await call(a, admin, 'GET', `/api/board/${b.id}/public-link`)).body).toEqual({ link: null });
    const created = await call(a, admin, 'POST', `/api/board/${b.id}/public-link`);
    expect(created.status).toBe(200);
    const { token, url } = created.body as { token: string; url: string };
    expect(url).toMatch(new RegExp(`/p/${token}$`));
    expect((await call(a, admin, 'GET', `/api/board/${b.id}/public-link`)).body).toEqual({
      link: { token, url },
    });

    const board = await anonymous(a, `/api/public/${token}`);
    expect(board.statusCode).toBe(200);
    expect(board.headers['x-robots-tag']).toBe('noindex, nofollow');
    const body = board.json();
    expect(body.id).toBe(b.id);
    expect(Object.keys(body.tasks)).toEqual([taskId]);
    expect(
      body.members.map((member: { email: string }) => member.email).every((email: string) => email === ''),
    ).toBe(true);
    expect(JSON.stringify(body)).not.toContain('@example.com');
    const task = await anonymous(a, `/api/public/${token}/task/${taskId}`);
    expect(task.statusCode).toBe(200);
    expect(task.json()).toMatchObject({ id: taskId, comments: [], watching: false });

    // Nothing is written without a sign-in, whatever the link.
    const write = await a.inject({
      method: 'POST',
      url: '/api/task/create',
      payload: { boardId: b.id, columnId: b.columns[0], title: 'x' },
    });
    expect(write.statusCode).toBe(401);
    await call(a, admin, 'DELETE', `/api/board/${b.id}/public-link`);
  });

  it('stop working at once when replaced or turned off, over HTTP and live on every instance', async () => {
    const first = (await call(a, admin, 'POST', `/api/board/${b.id}/public-link`)).body.token as string;
    const reader = publicSocket(cluster.urls[1] as string);
    await connected(reader.socket);
    const received = updates(reader.socket);
    expect(await subscribePublic(reader.socket, first)).toMatchObject({ ok: true, boardId: b.id });
    expect(
      await subscribePublic(publicSocket(cluster.urls[0] as string).socket, 'not-a-live-link-token'),
    ).toMatchObject({
      ok: false,
      status: 404,
    });

    // A change made through the other instance reaches the reader without anyone's e-mail.
    await call(a, admin, 'POST', '/api/invite/send', { boardId: b.id, email: 'another@example.com' });
    await until(() => received.length === 1);
    expect(received[0]?.patch?.members?.length).toBeGreaterThan(0);
    expect(JSON.stringify(received[0])).not.toContain('@example.com');
    expect(received[0]?.patch?.activity).toBeUndefined();

    const second = (await call(a, admin, 'POST', `/api/board/${b.id}/public-link`)).body.token as string;
    expect(second).not.toBe(first);
    expect(await call(a, null, 'GET', `/api/public/${first}`)).toEqual(GONE);
    expect((await call(a, null, 'GET', `/api/public/${second}`)).status).toBe(200);
    await until(() => reader.errors.length === 1);
    expect(reader.errors[0]).toMatchObject({ boardId: b.id, status: 404 });
    const heard = received.length;
    await call(a, admin, 'POST', '/api/column', { boardId: b.id, name: 'После отзыва' });
    await pause(300);
    expect(received.length).toBe(heard);

    expect((await call(a, admin, 'DELETE', `/api/board/${b.id}/public-link`)).status).toBe(200);
    expect(await call(a, null, 'GET', `/api/public/${second}`)).toEqual(GONE);
    expect(await call(a, null, 'GET', `/api/public/${second}/task/${taskId}`)).toEqual(GONE);
    expect((await call(a, admin, 'GET', `/api/board/${b.id}/public-link`)).body).toEqual({ link: null });
  });
});
