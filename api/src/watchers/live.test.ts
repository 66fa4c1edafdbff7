/** A mention lights the mentioned member's bell live, on whichever instance their socket is. */

import type { NotificationsState } from 'contract/realtime';
import type { Socket } from 'socket.io-client';
import { expect, it, vi } from 'vitest';
import { connected, useCluster } from '../../test/cluster.js';
import { addTask, call, seedBoard } from '../../test/fixtures.js';

const cluster = useCluster(2);

function unreadEvents(socket: Socket): number[] {
  const seen: number[] = [];
  socket.on('notifications', (state: NotificationsState) => seen.push(state.unread));
  return seen;
}

it("sends the mentioned member's unread count to their socket on another instance", async () => {
  const [first] = cluster.apps;
  const b = await seedBoard(first!);
  const task = await addTask(first!, b, b.columns[0], {}, b.creator);
  const memberSocket = cluster.connect(cluster.urls[1]!, b.member.token);
  const creatorSocket = cluster.connect(cluster.urls[1]!, b.creator.token);
  await Promise.all([connected(memberSocket), connected(creatorSocket)]);
  const member = unreadEvents(memberSocket);
  const creator = unreadEvents(creatorSocket);

  const made = await call(first!, b.creator, 'POST', '/api/comment/create', {
    boardId: b.id,
    taskId: task,
    text: '@Участник глянь',
    mentions: [b.member.id],
  });
  expect(made.status).toBe(200);
  await vi.waitFor(() => expect(member).toEqual([1]));
  expect(creator).toEqual([]);
});
