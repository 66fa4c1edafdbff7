/** Templates, copies and moves on embedded PGlite, whose one connection each change holds while it runs. */
import { describe, expect, it } from 'vitest';
import { addTask, boardDetail, call, seedBoard, useTestApp } from '../../test/fixtures.js';

const t = useTestApp({}, { pglite: true });

describe('templates, copies and moves on PGlite', () => {
  it('saves a template, makes a board from it, copies the board and moves a card between them', async () => {
    const b = await seedBoard(t.app);
    const taskId = await addTask(t.app, b, b.columns[0], { title: 'Карточка' });
    const template = await call(t.app, b.creator, 'POST', '/api/templates', {
      boardId: b.id,
      name: 'Шаблон',
      withTasks: true,
    });
    expect(template.body).toMatchObject({ tasks: 1 });
    const made = await call(t.app, b.creator, 'POST', '/api/board', {
      name: 'Из шаблона',
      templateId: template.body.id,
    });
    const fromTemplate = made.body.find((board: { name: string }) => board.name === 'Из шаблона')
      .id as number;
    const copied = await call(t.app, b.creator, 'POST', `/api/board/${fromTemplate}/copy`, {
      name: 'Копия',
      withTasks: true,
    });
    const copy = (await boardDetail(t.app, b.creator, copied.body.boardId)).body;
    expect(Object.values(copy.tasks).map((task) => task.title)).toEqual(['Карточка']);

    const moved = await call(t.app, b.creator, 'POST', '/api/task/move-to-board', {
      boardId: b.id,
      taskId,
      toBoardId: copy.id,
      toColumnId: copy.columnOrder[2],
      position: 0,
    });
    expect(moved).toEqual({
      status: 200,
      body: { taskId, taskNumber: expect.any(Number), droppedAssignees: [] },
    });
    const after = (await boardDetail(t.app, b.creator, copy.id)).body;
    expect(after.columns[copy.columnOrder[2]!]!.taskIds).toEqual([taskId]);
    const back = await call(t.app, b.creator, 'POST', '/api/task/copy', {
      boardId: copy.id,
      taskId,
      toBoardId: b.id,
      toColumnId: b.columns[1],
    });
    expect(back.status).toBe(200);
  });
});
