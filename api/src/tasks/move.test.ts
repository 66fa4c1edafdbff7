import { describe, expect, it } from 'vitest';
import {
  addTask,
  boardVersion,
  call,
  columnTasks,
  NOT_FOUND,
  person,
  refused,
  seedBoard,
  type TestBoard,
  useTestApp,
} from '../../test/fixtures.js';
import { orderAfterMove } from './repository.js';

const t = useTestApp();

describe('PUT /api/task/move', () => {
  it('orders the target column by the list, stale ids dropped, omitted tasks after', () => {
    // current column [1, 2, 3], moving 9 in
    expect(orderAfterMove([1, 2, 3], [2, 9, 1, 3], 9)).toEqual([2, 9, 1, 3]);
    expect(orderAfterMove([1, 2, 3], [9, 7, 3, 3, 8], 9)).toEqual([9, 3, 1, 2]);
    expect(orderAfterMove([1, 2, 3], [9], 9)).toEqual([9, 1, 2, 3]);
    expect(orderAfterMove([], [5, 9, 6], 9)).toEqual([9]);
    // within the column
    expect(orderAfterMove([1, 2, 3], [3, 1, 2], 3)).toEqual([3, 1, 2]);
  });

  it('moves within a column and across columns', async () => {
    const b = await seedBoard(t.app);
    const [a, c, d] = [
      await addTask(t.app, b, b.columns[0]!),
      await addTask(t.app, b, b.columns[0]!),
      await addTask(t.app, b, b.columns[0]!),
    ];
    const e = await addTask(t.app, b, b.columns[1]!);
    const move = (taskId: string, newColumnId: string, newColumnTaskIds: (string | number)[]) =>
      call(t.app, b.member, 'PUT', '/api/task/move', {
        boardId: b.id,
        taskId,
        newColumnId,
        newColumnTaskIds,
      });

    expect(await move(d, b.columns[0]!, [d, a, c].map(Number))).toEqual({
      status: 200,
      body: { success: true },
    });
    expect(await columnTasks(t.db, b.columns[0]!)).toEqual([d, a, c]);

    expect((await move(a, b.columns[1]!, [Number(e), Number(a)])).status).toBe(200);
    expect(await columnTasks(t.db, b.columns[0]!)).toEqual([d, c]);
    expect(await columnTasks(t.db, b.columns[1]!)).toEqual([e, a]);

    // A stale view: it lists a task that has left the column and misses one that came in.
    expect((await move(c, b.columns[1]!, [Number(d), Number(c), Number(e), Number(c), 999_999])).status).toBe(
      200,
    );
    expect(await columnTasks(t.db, b.columns[1]!)).toEqual([c, e, a]);
    expect(await columnTasks(t.db, b.columns[0]!)).toEqual([d]);

    // Into an empty column.
    expect((await move(d, b.columns[2]!, [d])).status).toBe(200);
    expect(await columnTasks(t.db, b.columns[0]!)).toEqual([]);
    expect(await columnTasks(t.db, b.columns[2]!)).toEqual([d]);
    expect(await boardVersion(t.db, b.id)).toBe(8);
  });

  it('refuses a list without the task, an unknown column and tasks of other boards', async () => {
    const b = await seedBoard(t.app);
    const other = await seedBoard(t.app);
    const [a, c] = [await addTask(t.app, b, b.columns[0]!), await addTask(t.app, b, b.columns[1]!)];
    const foreign = await addTask(t.app, other, other.columns[0]!, {}, other.member);
    const body = {
      boardId: b.id,
      taskId: a,
      newColumnId: b.columns[1],
      newColumnTaskIds: [Number(a), Number(c)],
    };
    expect(
      await refused(t.app, b.member, 'PUT', '/api/task/move', { ...body, newColumnTaskIds: [Number(c)] }),
    ).toEqual({
      status: 400,
      body: { taskId: 'Задача должна быть в списке колонки' },
    });
    expect(
      await refused(t.app, b.member, 'PUT', '/api/task/move', { ...body, newColumnTaskIds: [] }),
    ).toEqual({
      status: 400,
      body: { taskId: 'Задача должна быть в списке колонки' },
    });
    for (const newColumnId of [other.columns[0], '999999']) {
      expect(await refused(t.app, b.member, 'PUT', '/api/task/move', { ...body, newColumnId })).toEqual({
        status: 400,
        body: { newColumnId: 'Колонка не найдена' },
      });
    }
    expect(
      await refused(t.app, b.member, 'PUT', '/api/task/move', {
        ...body,
        taskId: foreign,
        newColumnTaskIds: [Number(foreign)],
      }),
    ).toEqual(NOT_FOUND);
    expect(
      await refused(t.app, b.member, 'PUT', '/api/task/move', { ...body, newColumnTaskIds: ['x'] }),
    ).toEqual({
      status: 400,
      body: { newColumnTaskIds: 'Некорректный список задач' },
    });
  });
});

describe('concurrent moves', () => {
  const COLUMNS = 4;
  const PER_COLUMN = 25;

  const shuffle = <T>(items: T[]) => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i -= 1) {
      const j = Math.floor(Math.random() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy;
  };
  const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;

  async function layout(b: TestBoard): Promise<Map<string, string[]>> {
    const result = new Map<string, string[]>();
    for (const column of b.columns) result.set(column, await columnTasks(t.db, column));
    return result;
  }

  it('keeps every card in exactly one column exactly once under 200 racing moves, edits and deletes', async () => {
    const b = await seedBoard(t.app, ['Очередь', 'В работе', 'Проверка', 'Готово']);
    const third = await person(t.app, 'Третий');
    await t.db
      .insertInto('board_members')
      .values({ board_id: b.id, user_id: third.id, accepted: true })
      .execute();
    const members = [b.creator, b.member, third];
    const rows = await t.db
      .insertInto('tasks')
      .values(
        Array.from({ length: COLUMNS * PER_COLUMN }, (_, i) => ({
          board_id: b.id,
          column_id: Number(b.columns[i % COLUMNS]),
          position: Math.floor(i / COLUMNS),
          number: i + 1,
          title: `Карточка ${i + 1}`,
          created_by: b.creator.id,
        })),
      )
      .returning('id')
      .execute();
    await t.db
      .updateTable('boards')
      .set({ task_seq: COLUMNS * PER_COLUMN })
      .where('id', '=', b.id)
      .execute();
    const all = rows.map((row) => String(row.id));
    // A few cards are deleted along the way; the rest are moved and edited.
    const doomed = all.slice(0, 5);
    const movable = all.slice(5);

    let moves = 0;
    for (let batch = 0; moves < 200; batch += 1) {
      const seen = await layout(b);
      const requests: Promise<{ status: number; kind: string }>[] = [];
      for (let i = 0; i < 20 && moves < 200; i += 1, moves += 1) {
        const taskId = pick(movable);
        const target = pick(b.columns);
        // The client's view: the target column as it looked before the batch, the card dropped in.
        const view = (seen.get(target) ?? []).filter((id) => id !== taskId);
        view.splice(Math.floor(Math.random() * (view.length + 1)), 0, taskId);
        const user = pick(members);
        requests.push(
          call(t.app, user, 'PUT', '/api/task/move', {
            boardId: b.id,
            taskId,
            newColumnId: target,
            newColumnTaskIds: view.map(Number),
          }).then((res) => ({ status: res.status, kind: 'move' })),
        );
      }
      for (let i = 0; i < 3; i += 1) {
        const taskId = pick(movable);
        const user = pick(members);
        requests.splice(
          Math.floor(Math.random() * requests.length),
          0,
          call(t.app, user, 'PUT', '/api/task/edit', {
            boardId: b.id,
            taskId,
            title: `Правка ${batch}-${i}`,
            description: '',
            columnId: pick(b.columns),
            estimation: String(i),
            priority: null,
            assignees: [user.id],
            labels: [],
          }).then((res) => ({ status: res.status, kind: 'edit' })),
        );
      }
      const deleted = doomed[batch];
      if (deleted) {
        requests.push(
          call(t.app, pick(members), 'DELETE', `/api/task/delete/${b.id}/${deleted}`).then((res) => ({
            status: res.status,
            kind: 'delete',
          })),
        );
      }
      const answers = await Promise.all(shuffle(requests));
      expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
    }

    const final = await layout(b);
    const placed = [...final.values()].flat();
    expect(placed).toHaveLength(movable.length);
    expect(new Set(placed)).toEqual(new Set(movable));
    const count = await t.db
      .selectFrom('tasks')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('board_id', '=', b.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.count)).toBe(movable.length);
    // 200 moves, 3 edits per batch of 20, 5 deletes: one version each.
    expect(await boardVersion(t.db, b.id)).toBe(200 + 10 * 3 + 5);
  }, 60_000);
});
