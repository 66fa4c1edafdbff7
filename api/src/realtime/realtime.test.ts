/**
 * Two API instances on different ports share one PostgreSQL database and one Redis: a change made
 * through one reaches clients of the other; subscriptions are for accepted members only.
 */

import type { SubscribeResult } from 'contract/realtime';
import { Redis } from 'ioredis';
import { beforeAll, describe, expect, it } from 'vitest';
import { connected, pause, REDIS_URL, subscribe, until, updates, useCluster } from '../../test/cluster.js';
import { addMember, call, createBoard, type Person, person } from '../../test/fixtures.js';
import type { App } from '../app.js';

const cluster = useCluster(2);
const { apps, urls } = cluster;
const connect = cluster.connect;

let creator: Person;
let member: Person;
let outsider: Person;
let boardId: number;

beforeAll(async () => {
  const a = apps[0] as App;
  creator = await person(a, 'Создатель');
  member = await person(a, 'Участник');
  outsider = await person(a, 'Посторонний');
  boardId = await createBoard(a, creator, 'Живая доска');
  await addMember(a, creator, boardId, member);
});

describe('realtime across instances', () => {
  it('delivers a change made through instance B to a member connected to instance A', async () => {
    const socket = connect(urls[0] as string, member.token);
    await connected(socket);
    const result = await subscribe(socket, boardId);
    expect(result).toMatchObject({ ok: true, boardId });
    const received = updates(socket);

    const created = await call(apps[1] as App, creator, 'POST', '/api/column', { boardId, name: 'Новая' });
    expect(created.status).toBe(200);
    await until(() => received.length === 1);
    expect(received[0]).toMatchObject({ boardId, change: 'columns' });
    expect(received[0]?.version).toBeGreaterThan(result.version as number);
    socket.disconnect();
  });

  it("refuses a non-member's subscription with an error event and sends them nothing", async () => {
    const socket = connect(urls[0] as string, outsider.token);
    await connected(socket);
    const errors: SubscribeResult[] = [];
    socket.on('subscribe_error', (error: SubscribeResult) => errors.push(error));
    const received = updates(socket);

    expect(await subscribe(socket, boardId)).toMatchObject({ ok: false, status: 403 });
    await call(apps[1] as App, creator, 'POST', '/api/column', { boardId, name: 'Ещё одна' });
    await pause(300);
    expect(errors).toEqual([expect.objectContaining({ boardId, status: 403 })]);
    expect(received).toEqual([]);
    socket.disconnect();
  });

  it('refuses a bad token; without one a socket may only follow a public link', async () => {
    const bad = connect(urls[0] as string, 'not-a-token');
    await expect(connected(bad)).rejects.toThrow('unauthorized');
    const anonymous = connect(urls[0] as string, '');
    await connected(anonymous);
    const received = updates(anonymous);
    expect(await subscribe(anonymous, boardId)).toMatchObject({ ok: false, status: 403 });
    await call(apps[1] as App, creator, 'POST', '/api/column', { boardId, name: 'Для анонима' });
    await pause(300);
    expect(received).toEqual([]);
    anonymous.disconnect();
  });

  it('refuses a browser connection from a foreign origin', async () => {
    const socket = connect(urls[0] as string, member.token, { origin: 'http://evil.example' });
    await expect(connected(socket)).rejects.toThrow();
    const own = connect(urls[0] as string, member.token, { origin: urls[0] as string });
    await connected(own);
    own.disconnect();
  });

  it('stops delivering to a member removed through the other instance', async () => {
    const a = apps[0] as App;
    const extra = await person(a, 'Временный');
    await addMember(a, creator, boardId, extra);
    const socket = connect(urls[0] as string, extra.token);
    await connected(socket);
    expect(await subscribe(socket, boardId)).toMatchObject({ ok: true });
    const received = updates(socket);

    const removed = await call(apps[1] as App, creator, 'DELETE', `/api/board/${boardId}/member/${extra.id}`);
    expect(removed.status).toBe(200);
    await until(() => received.length === 1); // the removal itself
    await call(apps[1] as App, creator, 'POST', '/api/column', { boardId, name: 'После удаления' });
    await pause(300);
    expect(received).toHaveLength(1);
    expect(await subscribe(socket, boardId)).toMatchObject({ ok: false, status: 403 });
    socket.disconnect();
  });

  it('resumes by itself after its Redis connections are dropped', async () => {
    const socket = connect(urls[0] as string, member.token);
    await connected(socket);
    await subscribe(socket, boardId);
    const received = updates(socket);

    const admin = new Redis(REDIS_URL);
    try {
      const list = (await admin.client('LIST')) as string;
      const ids = list
        .split('\n')
        .filter((line) => line.includes(`name=${cluster.prefix}`))
        .map((line) => /id=(\d+)/.exec(line)?.[1])
        .filter((id): id is string => Boolean(id));
      expect(ids.length).toBeGreaterThanOrEqual(4); // pub + sub on each instance
      for (const id of ids) await admin.client('KILL', 'ID', id);
    } finally {
      admin.disconnect();
    }

    // HTTP keeps working meanwhile, and a change made now still reaches this instance's own clients.
    const local = await call(apps[0] as App, creator, 'POST', '/api/column', {
      boardId,
      name: 'Во время сбоя',
    });
    expect(local.status).toBe(200);
    // Once ioredis has reconnected and re-subscribed, the instance tells its clients to re-fetch
    // (changes published elsewhere meanwhile were lost), and updates from the other instance flow again.
    await until(() => received.some((update) => update.change === 'resync'), 10_000);
    const before = received.length;
    await call(apps[1] as App, creator, 'POST', '/api/column', { boardId, name: 'Снова' });
    await until(() => received.length > before, 5_000);
    expect(received.at(-1)).toMatchObject({ boardId, change: 'columns' });
    expect(received.some((update) => update.change === 'columns' && update.version > 0)).toBe(true);
    socket.disconnect();
  });
});
