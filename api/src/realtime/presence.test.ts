/**
 * Presence over two API instances sharing Redis: members subscribed to a board are on it, a task
 * open in a modal shows beside its user, leaving and closing tell the others at once, and a page
 * that stops saying it is there (its network went) is gone within 10 s.
 */
import type { PresenceState } from 'contract/realtime';
import type { Socket } from 'socket.io-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { connected, subscribe, until, useCluster } from '../../test/cluster.js';
import { addTask, seedBoard, type TestBoard } from '../../test/fixtures.js';
import type { App } from '../app.js';

const cluster = useCluster(2);
let b: TestBoard;
let taskId: string;

beforeAll(async () => {
  b = await seedBoard(cluster.apps[0] as App);
  taskId = await addTask(cluster.apps[0] as App, b);
});

/** The last presence list each socket heard. */
function listen(socket: Socket) {
  const heard: { last: PresenceState | null } = { last: null };
  socket.on('presence', (state: PresenceState) => {
    heard.last = state;
  });
  return heard;
}

async function onBoard(url: string, token: string) {
  const socket = cluster.connect(url, token);
  const heard = listen(socket);
  await connected(socket);
  await subscribe(socket, b.id);
  return { socket, heard };
}

const users = (heard: { last: PresenceState | null }) => heard.last?.users ?? [];

describe('presence', () => {
  it('lists members on the board and their open task across instances; leaving tells the others', async () => {
    const anna = await onBoard(cluster.urls[0] as string, b.creator.token);
    const boris = await onBoard(cluster.urls[1] as string, b.member.token);
    const both = [{ userId: b.creator.id }, { userId: b.member.id }].sort((x, y) => x.userId - y.userId);
    await until(() => JSON.stringify(users(anna.heard)) === JSON.stringify(both));
    await until(() => JSON.stringify(users(boris.heard)) === JSON.stringify(both));

    boris.socket.emit('presence', { boardId: b.id, taskId });
    await until(() =>
      users(anna.heard).some((user) => user.userId === b.member.id && user.taskId === taskId),
    );
    // A report for another board or a malformed task id changes nothing.
    boris.socket.emit('presence', { boardId: b.id + 1, taskId: null });
    boris.socket.emit('presence', { boardId: b.id, taskId: '../1' });

    boris.socket.emit('presence', { boardId: b.id, taskId: null });
    await until(() => users(anna.heard).every((user) => user.taskId === undefined));

    boris.socket.emit('unsubscribe', b.id);
    await until(() => JSON.stringify(users(anna.heard)) === JSON.stringify([{ userId: b.creator.id }]));
    anna.socket.disconnect();
    boris.socket.disconnect();
  });

  it('drops a closed tab at once, and a page that fell silent within 10 s until it speaks again', async () => {
    const anna = await onBoard(cluster.urls[0] as string, b.creator.token);
    const boris = await onBoard(cluster.urls[1] as string, b.member.token);
    const vera = await onBoard(cluster.urls[1] as string, b.member.token);
    await until(() => users(anna.heard).length === 2);
    // Vera's tab closes: her connection ends, and so does her presence (Boris's own tab stays).
    vera.socket.disconnect();
    // Boris's page reports once and then goes quiet, as a page whose network went does.
    boris.socket.emit('presence', { boardId: b.id, taskId: null });
    const started = Date.now();
    await until(() => users(anna.heard).length === 1, 10_000);
    expect(Date.now() - started).toBeLessThan(10_000);
    // It speaks again (the network is back): it is on the board again at once.
    boris.socket.emit('presence', { boardId: b.id, taskId });
    await until(() =>
      users(anna.heard).some((user) => user.userId === b.member.id && user.taskId === taskId),
    );
    anna.socket.disconnect();
    boris.socket.disconnect();
  }, 15_000);
});
