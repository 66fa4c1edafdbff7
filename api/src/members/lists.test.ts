/** An open board list hears `lists` when an invitation arrives or goes, on whichever instance it is. */

import type { BoardUpdate } from 'contract/realtime';
import type { Socket } from 'socket.io-client';
import { expect, it, vi } from 'vitest';
import { connected, subscribe, useCluster } from '../../test/cluster.js';
import { call, person, seedBoard } from '../../test/fixtures.js';

const cluster = useCluster(2);

function listEvents(socket: Socket): { count: number } {
  const heard = { count: 0 };
  socket.on('lists', () => {
    heard.count += 1;
  });
  return heard;
}

it("tells the invitee's and the members' sockets that their lists changed, and no one else", async () => {
  const [first] = cluster.apps;
  const b = await seedBoard(first!);
  const invitee = await person(first!, 'Новенький');
  const sockets = [invitee, b.member, b.outsider].map((who) => cluster.connect(cluster.urls[1]!, who.token));
  await Promise.all(sockets.map(connected));
  const [inviteeHeard, memberHeard, outsiderHeard] = sockets.map(listEvents);

  const sent = await call(first!, b.creator, 'POST', '/api/invite/send', {
    boardId: b.id,
    email: invitee.email,
  });
  expect(sent.status).toBe(200);
  await vi.waitFor(() => expect(inviteeHeard!.count).toBe(1));
  await vi.waitFor(() => expect(memberHeard!.count).toBe(1));

  // Withdrawn: the invitee's row is gone, and they are told all the same.
  const cancelled = await call(first!, b.creator, 'DELETE', `/api/invite/delete/${b.id}/${invitee.id}`);
  expect(cancelled.status).toBe(200);
  await vi.waitFor(() => expect(inviteeHeard!.count).toBe(2));

  // A renamed board changes its members' lists; a new column changes nobody's. The member's socket
  // hears each change's `update` before its `lists`, so the order shows which change sent which.
  const log: string[] = [];
  sockets[1]!.on('update', (update: BoardUpdate) => log.push(update.change));
  sockets[1]!.on('lists', () => log.push('lists'));
  expect((await subscribe(sockets[1]!, b.id)).ok).toBe(true);
  const settings = { color: '#0079bf', showIdsMode: 'square', showTotalColumnEstimation: true };
  for (const body of [{ name: 'Переименована' }, null, { name: 'Ещё раз' }]) {
    const res = body
      ? await call(first!, b.creator, 'PUT', `/api/board/edit/${b.id}`, { ...settings, ...body })
      : await call(first!, b.creator, 'POST', '/api/column', { boardId: b.id, name: 'Ещё' });
    expect(res.status).toBe(200);
  }
  await vi.waitFor(() => expect(log.filter((event) => event === 'lists')).toHaveLength(2));
  expect(log).toEqual(['board', 'lists', 'columns', 'board', 'lists']);
  expect(memberHeard!.count).toBe(4);
  expect(outsiderHeard!.count).toBe(0);
  expect(inviteeHeard!.count).toBe(2);
});
