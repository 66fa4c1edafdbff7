/** A start date set on one instance reaches a viewer on another in the update's patch. */
import { describe, expect, it } from 'vitest';
import { connected, subscribe, until, updates, useCluster } from '../../test/cluster.js';
import { addTask, call, editBody, seedBoard } from '../../test/fixtures.js';

const cluster = useCluster(2);

describe('startAt, live', () => {
  it("is in the patch other viewers get, with the column's limit", async () => {
    const [first, second] = cluster.apps;
    const b = await seedBoard(first!);
    const taskId = await addTask(first!, b);
    const viewer = cluster.connect(cluster.urls[1]!, b.creator.token);
    await connected(viewer);
    expect(await subscribe(viewer, b.id)).toMatchObject({ ok: true });
    const received = updates(viewer);

    const body = await editBody(first!, b, taskId, {
      startAt: '2031-05-01T08:00:00Z',
      dueAt: '2031-05-02T08:00:00Z',
    });
    expect((await call(first!, b.member, 'PUT', '/api/task/edit', body)).status).toBe(200);
    await until(() => received.length === 1);
    expect(received[0]?.patch?.tasks).toEqual([
      expect.objectContaining({
        id: taskId,
        startAt: '2031-05-01T08:00:00.000Z',
        dueAt: '2031-05-02T08:00:00.000Z',
      }),
    ]);

    const limited = await call(second!, b.creator, 'PUT', `/api/column/edit/${b.id}/${b.columns[1]}`, {
      name: 'В работе',
      wipLimit: 3,
      wipStrict: true,
    });
    expect(limited.status).toBe(200);
    await until(() => received.length === 2);
    expect(received[1]?.patch?.columns).toEqual([
      expect.objectContaining({ id: b.columns[1], wipLimit: 3, wipStrict: true }),
    ]);
  });
});
