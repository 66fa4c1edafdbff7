import { describe, expect, it } from 'vitest';
import { applyPatch, taskMatches } from './apply-patch.js';
import type { Board, Task } from './index.js';

// Tuesday 2026-03-10 21:00 UTC: Wednesday 00:00 in Moscow.
const NOW = new Date('2026-03-10T21:00:00Z');

function task(id: string, fields: Partial<Task> = {}): Task {
  return {
    id,
    boardId: 1,
    columnId: '10',
    number: Number(id),
    title: `Задача ${id}`,
    hasDescription: false,
    estimation: '',
    priority: null,
    assignees: [],
    labels: [],
    commentsCount: 0,
    filesCount: 0,
    createdAt: '2026-03-01T00:00:00.000Z',
    createdBy: 1,
    version: 1,
    dueAt: null,
    startAt: null,
    dueDone: false,
    checklist: { done: 0, total: 0 },
    ...fields,
  };
}

describe('taskMatches with due', () => {
  it('reads the due filter as the server does, at the given instant and zone', () => {
    const lateMoscow = task('1', { dueAt: '2026-03-11T20:30:00.000Z' }); // 23:30 Wednesday in Moscow
    const lateUtc = task('2', { dueAt: '2026-03-10T20:30:00.000Z' }); // 23:30 Tuesday in Moscow
    expect(taskMatches(lateMoscow, { due: ['today'], tz: 'Europe/Moscow' }, NOW)).toBe(true);
    expect(taskMatches(lateMoscow, { due: ['today'], tz: '+03:00' }, NOW)).toBe(true);
    expect(taskMatches(lateMoscow, { due: ['today'] }, NOW)).toBe(false);
    expect(taskMatches(lateUtc, { due: ['today'], tz: 'Europe/Moscow' }, NOW)).toBe(false);
    expect(taskMatches(lateUtc, { due: ['today'] }, NOW)).toBe(true);
    expect(taskMatches(lateUtc, { due: ['overdue'] }, NOW)).toBe(true);
    expect(taskMatches({ ...lateUtc, dueDone: true }, { due: ['overdue'] }, NOW)).toBe(false);
    expect(taskMatches(lateMoscow, { due: ['overdue'] }, new Date('2026-03-11T20:31:00Z'))).toBe(true);
    expect(taskMatches(task('3'), { due: ['none'] }, NOW)).toBe(true);
    expect(taskMatches(task('3'), { due: ['week', 'overdue'] }, NOW)).toBe(false);
    // The week from Monday: Sunday 22:00 UTC is Monday 01:00 in Moscow.
    const sunday = task('4', { dueAt: '2026-03-15T22:00:00.000Z' });
    expect(taskMatches(sunday, { due: ['week'] }, NOW)).toBe(true);
    expect(taskMatches(sunday, { due: ['week'], tz: 'Europe/Moscow' }, NOW)).toBe(false);
  });

  it('ANDs the due filter with the other keys, and cannot decide an unknown zone', () => {
    const high = task('1', { dueAt: '2026-03-01T00:00:00.000Z', priority: 'high' });
    expect(taskMatches(high, { due: ['overdue'], priority: ['high'] }, NOW)).toBe(true);
    expect(taskMatches(high, { due: ['overdue'], priority: ['low'] }, NOW)).toBe(false);
    expect(taskMatches(high, { due: ['none'], priority: ['high'] }, NOW)).toBe(false);
    expect(taskMatches(high, { due: ['today'], tz: 'Mars/Olympus' }, NOW)).toBeUndefined();
    // A zone without `due` filters nothing.
    expect(taskMatches(high, { tz: 'Mars/Olympus' }, NOW)).toBe(true);
  });
});

describe('applyPatch with due', () => {
  const board = (tasks: Task[]): Board => ({
    id: 1,
    name: 'Доска',
    color: '#ffffff',
    showIdsMode: 'empty',
    showTotalColumnEstimation: false,
    createdBy: 1,
    version: 5,
    members: [],
    columnOrder: ['10'],
    columns: {
      '10': {
        id: '10',
        boardId: 1,
        name: 'Колонка',
        taskIds: tasks.map((t) => t.id),
        version: 1,
        wipLimit: null,
        wipStrict: false,
      },
    },
    tasks: Object.fromEntries(tasks.map((t) => [t.id, t])),
    labels: [],
    priorities: [],
  });

  it('lets a task whose due date moved into or out of the window enter or leave the view', () => {
    const filter = { due: ['today' as const], tz: 'Europe/Moscow' };
    const today = task('1', { dueAt: '2026-03-11T10:00:00.000Z' });
    const before = board([today]);
    const column = { ...before.columns['10']!, taskIds: ['1', '2'] };
    const entering = task('2', { dueAt: '2026-03-11T12:00:00.000Z' });
    const after = applyPatch(
      before,
      {
        boardId: 1,
        version: 6,
        change: 'tasks',
        at: 0,
        patch: { prevVersion: 5, userId: 1, tasks: [entering], columns: [column] },
      },
      filter,
      NOW,
    );
    expect(Object.keys(after?.tasks ?? {})).toEqual(['1', '2']);
    expect(after?.columns['10']?.taskIds).toEqual(['1', '2']);

    const leaving = { ...today, dueAt: '2026-03-12T10:00:00.000Z', version: 2 };
    const later = applyPatch(
      after!,
      {
        boardId: 1,
        version: 7,
        change: 'tasks',
        at: 0,
        patch: { prevVersion: 6, userId: 1, tasks: [leaving] },
      },
      filter,
      NOW,
    );
    expect(Object.keys(later?.tasks ?? {})).toEqual(['2']);
    expect(later?.columns['10']?.taskIds).toEqual(['2']);
  });

  it('asks for the board when the zone is unknown here', () => {
    const update = {
      boardId: 1,
      version: 6,
      change: 'tasks' as const,
      at: 0,
      patch: { prevVersion: 5, userId: 1, tasks: [task('1')] },
    };
    expect(applyPatch(board([task('1')]), update, { due: ['none'], tz: 'Mars/Olympus' }, NOW)).toBeNull();
  });

  it('ignores the activity rows a patch carries (not board state)', () => {
    const before = board([task('1')]);
    const activity = [
      {
        id: 1,
        at: '2026-03-10T21:00:00.000Z',
        user: { id: 1, name: 'Анна' },
        kind: 'columns.reordered' as const,
        data: {},
      },
    ];
    const after = applyPatch(
      before,
      { boardId: 1, version: 6, change: 'columns', at: 0, patch: { prevVersion: 5, userId: 1, activity } },
      {},
      NOW,
    );
    expect(after).toEqual({ ...before, version: 6 });
  });
});
