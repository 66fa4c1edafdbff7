import { type Static, Type } from 'typebox';
import { errors } from './common.js';
import { Task } from './tasks.js';

/** A task of 'Мои задачи': the board's task shape plus the board it is on. */
export const MyTask = Type.Object({
  ...Task.properties,
  board: Type.Object({ id: Type.Integer(), name: Type.String() }),
});
export type MyTask = Static<typeof MyTask>;

export const ListMyTasks = {
  operationId: 'listMyTasks',
  summary: 'Tasks assigned to the user on all boards',
  tags: ['tasks'],
  security: [{ bearer: [] }],
  description:
    "Every task assigned to the caller on boards they are an accepted, not removed member of, by due date (none last), then board and id. Grouping is the client's.",
  response: { 200: Type.Array(MyTask), ...errors(401) },
};
