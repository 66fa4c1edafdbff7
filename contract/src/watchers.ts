import { Type } from 'typebox';
import { Body, errors } from './common.js';
import { BodyId } from './ids.js';

export const WatchTask = {
  'x-board-action': 'watch',
  operationId: 'watchTask',
  summary: 'Start or stop watching a task',
  tags: ['tasks'],
  security: [{ bearer: [] }],
  description:
    "Starts or stops watching a task: watchers are notified of its comments, moves and due-date changes (not of their own). A task's creator, assignees and commenters watch it until they stop.",
  body: Body({
    boardId: BodyId(),
    taskId: BodyId(),
    watching: Type.Boolean({ 'x-error': 'Укажите, следить ли за задачей' }),
  }),
  response: { 200: Type.Object({ watching: Type.Boolean() }), ...errors(400, 401, 403, 404) },
};
