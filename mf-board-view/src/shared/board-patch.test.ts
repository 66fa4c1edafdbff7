import type { Board } from 'contract';
import type { BoardPatch, BoardUpdate } from 'contract/realtime';
import { describe, expect, it } from 'vitest';
import { makeBoard, makeTask } from '../test/utils';
import { applyPatch } from './board-patch';
import { emptyFilters, type Filters } from './filters';

/** The update that takes a board at version 1 to version 2. */
function update(patch: Omit<BoardPatch, 'prevVersion' | 'userId'>, version = 2): BoardUpdate {
  return {
    boardId: 7,
    version,
    change: 'tasks',
    at: 0,
    patch: { prevVersion: version - 1, userId: 2, ...patch },
  };
}

const filters = (values: Partial<Filters>): Filters => ({ ...emptyFilters(), ...values });

function apply(board: Board, value: BoardUpdate, active = emptyFilters()): Board {
  const next = applyPatch(board, value, active);
  if (!next) throw new Error('the patch was not applied');
  return next;
}

describe('applyPatch', () => {
  it('applies a title edit and keeps every other task, column and list as it was', () => {
    const board = makeBoard();
    const next = apply(board, update({ tasks: [makeTask('2', '10', { title: 'Новое имя', version: 2 })] }));
    expect(next.version).toBe(2);
    expect(next.tasks['2']?.title).toBe('Новое имя');
    expect(next.tasks['1']).toBe(board.tasks['1']);
    expect(next.tasks['3']).toBe(board.tasks['3']);
    expect(next.columns['10']).toBe(board.columns['10']);
    expect(next.columns['11']).toBe(board.columns['11']);
    expect(next.columnOrder).toBe(board.columnOrder);
    expect(next.labels).toBe(board.labels);
    expect(next.members).toBe(board.members);
  });

  it('moves a task between columns and updates both', () => {
    const board = makeBoard();
    const next = apply(
      board,
      update({
        tasks: [makeTask('3', '10')],
        columns: [
          {
            id: '10',
            boardId: 7,
            name: 'Нужно сделать',
            taskIds: ['1', '3', '2'],
            version: 1,
            wipLimit: null,
            wipStrict: false,
          },
          {
            id: '11',
            boardId: 7,
            name: 'В работе',
            taskIds: [],
            version: 1,
            wipLimit: null,
            wipStrict: false,
          },
        ],
      }),
    );
    expect(next.columns['10']?.taskIds).toEqual(['1', '3', '2']);
    expect(next.columns['11']?.taskIds).toEqual([]);
    expect(next.tasks['3']?.columnId).toBe('10');
    expect(next.tasks['1']).toBe(board.tasks['1']);
  });

  it('reorders a column and keeps the re-sent, unchanged task object', () => {
    const board = makeBoard();
    const next = apply(
      board,
      update({
        tasks: [makeTask('2', '10')],
        columns: [
          {
            id: '10',
            boardId: 7,
            name: 'Нужно сделать',
            taskIds: ['2', '1'],
            version: 1,
            wipLimit: null,
            wipStrict: false,
          },
        ],
      }),
    );
    expect(next.columns['10']?.taskIds).toEqual(['2', '1']);
    expect(next.tasks['2']).toBe(board.tasks['2']);
    expect(next.columns['11']).toBe(board.columns['11']);
  });

  it('takes a task whose checklist progress changed', () => {
    const board = makeBoard();
    const next = apply(board, update({ tasks: [makeTask('2', '10', { checklist: { done: 1, total: 3 } })] }));
    expect(next.tasks['2']).not.toBe(board.tasks['2']);
    expect(next.tasks['2']?.checklist).toEqual({ done: 1, total: 3 });
  });

  it('takes out a task that no longer matches the filter', () => {
    const board = makeBoard({
      tasks: {
        '1': makeTask('1', '10', { priority: 'high' }),
        '2': makeTask('2', '10', { priority: 'high' }),
        '3': makeTask('3', '11', { priority: 'high' }),
      },
    });
    const next = apply(
      board,
      update({ tasks: [makeTask('2', '10', { priority: 'low', version: 2 })] }),
      filters({ priority: ['high'] }),
    );
    expect(next.tasks['2']).toBeUndefined();
    expect(next.columns['10']?.taskIds).toEqual(['1']);
    expect(next.columns['11']).toBe(board.columns['11']);
  });

  it('shows a task that now matches the assignee filter in its place in the column', () => {
    // Filtered by assignee 1: task 2 (no assignee) is not on the board.
    const board = makeBoard({
      columns: {
        '10': {
          id: '10',
          boardId: 7,
          name: 'Нужно сделать',
          taskIds: ['1'],
          version: 1,
          wipLimit: null,
          wipStrict: false,
        },
        '11': {
          id: '11',
          boardId: 7,
          name: 'В работе',
          taskIds: ['3'],
          version: 1,
          wipLimit: null,
          wipStrict: false,
        },
      },
      tasks: {
        '1': makeTask('1', '10', { assignees: [1] }),
        '3': makeTask('3', '11', { assignees: [1] }),
      },
    });
    const assigned = makeTask('2', '10', { assignees: [1, 2], version: 2 });
    const column10 = {
      id: '10',
      boardId: 7,
      name: 'Нужно сделать',
      taskIds: ['5', '2', '1'],
      version: 1,
      wipLimit: null,
      wipStrict: false,
    };
    const next = apply(
      board,
      update({ tasks: [assigned], columns: [column10] }),
      filters({ assignee: ['1'] }),
    );
    // Task 5 exists but is not assigned to user 1: it stays out.
    expect(next.columns['10']?.taskIds).toEqual(['2', '1']);
    expect(next.tasks['2']).toBe(assigned);

    // Without its column's order the new task has no known place: re-fetch.
    expect(applyPatch(board, update({ tasks: [assigned] }), filters({ assignee: ['1'] }))).toBeNull();
    // One that still does not match stays out.
    const other = makeTask('2', '10', { assignees: [2], version: 2 });
    expect(apply(board, update({ tasks: [other] }), filters({ assignee: ['1'] })).tasks['2']).toBeUndefined();
  });

  it('matches a search by title, and gives up when only the description could match', () => {
    const board = makeBoard();
    const active = filters({ search: ['  ', ' ИМЯ '] });
    const titled = makeTask('2', '10', { title: 'Новое имя', version: 2 });
    expect(apply(board, update({ tasks: [titled] }), active).tasks['2']).toBe(titled);

    const described = makeTask('2', '10', { title: 'Другое', hasDescription: true, version: 2 });
    expect(applyPatch(board, update({ tasks: [described] }), active)).toBeNull();

    const bare = makeTask('2', '10', { title: 'Другое', version: 2 });
    const next = apply(board, update({ tasks: [bare] }), active);
    expect(next.tasks['2']).toBeUndefined();
    expect(next.columns['10']?.taskIds).toEqual(['1']);

    // A task another filter already leaves out needs no description.
    const low = makeTask('2', '10', { title: 'Другое', hasDescription: true, priority: 'low', version: 2 });
    const byPriority = filters({ search: ['имя'], priority: ['high'] });
    expect(apply(board, update({ tasks: [low] }), byPriority).tasks['2']).toBeUndefined();
  });

  it('strips a removed label from tasks, and re-fetches when the filter uses it', () => {
    const board = makeBoard({
      tasks: {
        '1': makeTask('1', '10', { labels: [21, 22] }),
        '2': makeTask('2', '10'),
        '3': makeTask('3', '11', { labels: [22] }),
      },
    });
    const removal = update({ removed: { labels: [21] } });
    const next = apply(board, removal);
    expect(next.labels.map((label) => label.id)).toEqual([22]);
    expect(next.tasks['1']?.labels).toEqual([22]);
    expect(next.tasks['3']).toBe(board.tasks['3']);
    expect(applyPatch(board, removal, filters({ label: ['21'] }))).toBeNull();
  });

  it('removes a column with its tasks and takes the new column order', () => {
    const board = makeBoard();
    const next = apply(board, update({ columnOrder: ['11'], removed: { columns: ['10'] } }));
    expect(next.columnOrder).toEqual(['11']);
    expect(next.columns['10']).toBeUndefined();
    expect(Object.keys(next.tasks)).toEqual(['3']);
  });

  it('replaces settings, members and upserted labels', () => {
    const board = makeBoard();
    const label = { id: 23, boardId: 7, title: 'Срочно', color: '#000000', isMainColor: true, version: 1 };
    const members = board.members.slice(0, 2);
    const next = apply(
      board,
      update({
        board: { name: 'Проект Бета', color: '#ffffff', showIdsMode: 'dot', showTotalColumnEstimation: true },
        labels: [label],
        members,
      }),
    );
    expect(next).toMatchObject({ name: 'Проект Бета', color: '#ffffff', showIdsMode: 'dot', members });
    expect(next.labels.map((item) => item.id)).toEqual([21, 22, 23]);
    expect(next.tasks).toEqual(board.tasks);
  });

  it('ignores an update the board already has and refuses one after a gap', () => {
    const board = makeBoard({ version: 2 });
    expect(applyPatch(board, update({ tasks: [makeTask('1', '10', { title: 'x' })] }), emptyFilters())).toBe(
      board,
    );
    expect(applyPatch(board, update({}, 4), emptyFilters())).toBeNull();
    expect(applyPatch(board, { boardId: 7, version: 0, change: 'resync', at: 0 }, emptyFilters())).toBeNull();
  });
});
