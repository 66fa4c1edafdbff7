/**
 * A card moved to another board leaves the source live for its viewers and appears live on the
 * target, whichever instance their sockets are on; a copy appears on the target only.
 */
import type { BoardUpdate } from 'contract/realtime';
import { describe, expect, it } from 'vitest';
import { connected, subscribe, until, updates, useCluster } from '../../test/cluster.js';
import { addTask, call, seedBoard } from '../../test/fixtures.js';

const cluster = useCluster(2);

describe('moves and copies, live', () => {
  it('patches both boards: the card leaves the source and arrives on the target', async () => {
    const [first, second] = cluster.apps;
    const a = await seedBoard(first!);
    const b = await seedBoard(first!);
    await first!.db
      .insertInto('board_members')
      .values({ board_id: b.id, user_id: a.creator.id, accepted: true, role: 'member' })
      .execute();
    const taskId = await addTask(first!, a, a.columns[0]);
    const label = await call(first!, a.creator, 'POST', `/api/label/${a.id}`, {
      title: 'Баг',
      color: '#eb5a46',
    });
    await call(first!, a.member, 'PUT', '/api/task/edit', {
      boardId: a.id,
      taskId,
      title: 'Задача',
      description: '',
      columnId: a.columns[0],
      estimation: '',
      priority: null,
      assignees: [],
      labels: [label.body.id],
    });

    const sourceViewer = cluster.connect(cluster.urls[0]!, a.member.token);
    const targetViewer = cluster.connect(cluster.urls[1]!, b.member.token);
    await Promise.all([connected(sourceViewer), connected(targetViewer)]);
    expect(await subscribe(sourceViewer, a.id)).toMatchObject({ ok: true });
    expect(await subscribe(targetViewer, b.id)).toMatchObject({ ok: true });
    const onSource = updates(sourceViewer);
    const onTarget = updates(targetViewer);

    const moved = await call(second!, a.creator, 'POST', '/api/task/move-to-board', {
      boardId: a.id,
      taskId,
      toBoardId: b.id,
      toColumnId: b.columns[2],
    });
    expect(moved.status).toBe(200);
    await until(() => onSource.length === 1 && onTarget.length === 1);
    const left = onSource[0] as BoardUpdate;
    expect(left).toMatchObject({ boardId: a.id, change: 'tasks' });
    expect(left.patch?.removed?.tasks).toEqual([taskId]);
    expect(left.patch?.columns?.find((column) => column.id === a.columns[0])?.taskIds).toEqual([]);
    const arrived = onTarget[0] as BoardUpdate;
    expect(arrived).toMatchObject({ boardId: b.id, change: 'tasks' });
    expect(arrived.patch?.tasks?.map((task) => [task.id, task.boardId, task.columnId])).toEqual([
      [taskId, b.id, b.columns[2]],
    ]);
    expect(arrived.patch?.labels?.map((item) => item.title)).toEqual(['Баг']);
    expect(arrived.patch?.columns?.find((column) => column.id === b.columns[2])?.taskIds).toEqual([taskId]);

    // A copy back changes the source only as a target: the card appears there again, with a new id.
    const copied = await call(first!, a.creator, 'POST', '/api/task/copy', {
      boardId: b.id,
      taskId,
      toBoardId: a.id,
      toColumnId: a.columns[1],
    });
    expect(copied.status).toBe(200);
    await until(() => onSource.length === 2);
    expect(onSource[1]?.patch?.tasks?.map((task) => task.id)).toEqual([copied.body.taskId]);
    expect(onTarget).toHaveLength(1);
  });
});
