/** 'Сделать обложкой': one of a task's images shows on its card, for every viewer, and goes with the file. */

import type { Activity } from 'contract/activity';
import type { Board } from 'contract/boards';
import type { TaskDetail } from 'contract/tasks';
import { describe, expect, it } from 'vitest';
import { filesKit } from '../../test/files.js';
import { call, type Errors, person, useTestApp } from '../../test/fixtures.js';

const t = useTestApp();
const { setup, attach, taskOnBoard } = filesKit(t);

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFElEQVR4nGP4z8DAwPAfhP7/ZwAAHu8E/Gj7YDYAAAAASUVORK5CYII=',
  'base64',
);

const setCover = (who: Parameters<typeof call>[1], boardId: number, taskId: number, fileId: unknown) =>
  call<TaskDetail & Errors>(t.app, who, 'PUT', `/api/task/cover/${boardId}/${taskId}`, { fileId });

const coverOnBoard = async (who: Parameters<typeof call>[1], boardId: number, taskId: number) =>
  (await call<Board>(t.app, who, 'GET', `/api/board/${boardId}`)).body.tasks[String(taskId)]?.coverFileId;

describe('PUT /api/task/cover/{boardId}/{taskId}', () => {
  it("shows the task's image on the board, records it, and takes it off again", async () => {
    const s = await setup();
    await attach(s, Buffer.from('text'), 'Заметки.txt');
    const image = (await attach(s, PNG, 'Макет.png', 'image/png')).at(-1);
    const set = await setCover(s.anna, s.boardId, s.taskId, image!.id);
    expect(set.status).toBe(200);
    expect(set.body.coverFileId).toBe(image!.id);
    expect(await coverOnBoard(s.anna, s.boardId, s.taskId)).toBe(image!.id);

    const cleared = await setCover(s.anna, s.boardId, s.taskId, null);
    expect(cleared.body.coverFileId).toBeNull();
    expect(await coverOnBoard(s.anna, s.boardId, s.taskId)).toBeNull();

    const activity = await call<Activity[]>(t.app, s.anna, 'GET', `/api/activity/${s.boardId}`);
    const covers = activity.body
      .filter((row) => row.kind === 'task.edited')
      .map((row) => (row.data as { changes: unknown[] }).changes);
    expect(covers).toEqual([
      [{ field: 'cover', from: 'Макет.png', to: null }],
      [{ field: 'cover', from: null, to: 'Макет.png' }],
    ]);
  });

  it('refuses a file that is not an image of this task, and an outsider before reading the body', async () => {
    const s = await setup();
    const [text] = await attach(s, Buffer.from('text'), 'Заметки.txt');
    const otherTask = await taskOnBoard(t.db, s.boardId, s.anna.id, 'Другая');
    const [foreign] = await attach({ ...s, taskId: otherTask }, PNG, 'Чужой.png', 'image/png');
    for (const fileId of [text!.id, foreign!.id, 999_999, 'x']) {
      const res = await setCover(s.anna, s.boardId, s.taskId, fileId);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ fileId: 'Обложкой может быть только картинка из файлов этой задачи' });
    }
    expect(await coverOnBoard(s.anna, s.boardId, s.taskId)).toBeNull();

    const stranger = await person(t.app, 'Чужой');
    expect((await setCover(stranger, s.boardId, s.taskId, 'x')).status).toBe(403);
  });

  it('goes with its file, and comes back with a task restored from the trash', async () => {
    const s = await setup();
    const [image] = await attach(s, PNG, 'Макет.png', 'image/png');
    expect((await setCover(s.anna, s.boardId, s.taskId, image!.id)).status).toBe(200);

    const deleted = await call(t.app, s.anna, 'DELETE', `/api/task/delete/${s.boardId}/${s.taskId}`);
    expect(deleted.status).toBe(200);
    const restored = await call(t.app, s.anna, 'POST', `/api/trash/${s.boardId}/restore`, {
      kind: 'task',
      id: s.taskId,
    });
    expect(restored.status).toBe(200);
    expect(await coverOnBoard(s.anna, s.boardId, s.taskId)).toBe(image!.id);

    const removed = await call(t.app, s.anna, 'DELETE', `/api/file/${s.boardId}/${image!.id}/delete`);
    expect(removed.status).toBe(200);
    expect(await coverOnBoard(s.anna, s.boardId, s.taskId)).toBeNull();
  });
});
