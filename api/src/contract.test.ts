/**
 * One contract: the task of the board detail and the task detail come from the one Task schema of the
 * tasks domain, so a field added there reaches both answers (the serializer drops any field a
 * response schema lacks).
 */

import { Board } from 'contract/boards';
import { Column } from 'contract/columns';
import { Label } from 'contract/labels';
import { Member } from 'contract/members';
import { PRIORITIES, Priority, Task, TaskDetail } from 'contract/tasks';
import { describe, expect, it } from 'vitest';
import { addLabel, addTask, call, seedBoard, useTestApp } from '../test/fixtures.js';

const t = useTestApp();

/** The item schema of a `Type.Record(Type.String(), item)`. */
const recordItem = (schema: { patternProperties?: Record<string, unknown> }) =>
  Object.values(schema.patternProperties ?? {})[0];

describe('one schema per shape', () => {
  it('the board detail is made of the domains’ own schemas', () => {
    expect(recordItem(Board.properties.tasks)).toBe(Task);
    expect(recordItem(Board.properties.columns)).toBe(Column);
    expect(Board.properties.labels.items).toBe(Label);
    expect(Board.properties.members.items).toBe(Member);
    expect(Board.properties.priorities.items).toBe(Priority);
  });

  it('the task detail has every property of Task, with the same schemas', () => {
    for (const [key, schema] of Object.entries(Task.properties)) {
      expect(TaskDetail.properties[key as keyof typeof TaskDetail.properties], key).toBe(schema);
    }
  });

  it('a task reaches the board detail and the task detail with every Task field, the same values', async () => {
    const b = await seedBoard(t.app);
    const label = await addLabel(t.app, b);
    const taskId = await addTask(t.app, b, b.columns[1], {
      priority: 'high',
      assignees: [b.member.id],
      labels: [label],
    });
    const taskKeys = Object.keys(Task.properties).sort();

    const board = await call(t.app, b.member, 'GET', `/api/board/${b.id}`);
    expect(board.status).toBe(200);
    const inBoard = board.body.tasks[taskId];
    expect(Object.keys(inBoard).sort()).toEqual(taskKeys);
    expect(board.body.priorities).toEqual(PRIORITIES);

    const detail = await call(t.app, b.member, 'GET', `/api/task/${b.id}/${taskId}`);
    expect(detail.status).toBe(200);
    expect(Object.keys(detail.body)).toEqual(expect.arrayContaining(taskKeys));
    expect(Object.fromEntries(taskKeys.map((key) => [key, detail.body[key]]))).toEqual(inBoard);
  });
});
