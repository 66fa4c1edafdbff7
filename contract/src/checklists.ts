import { Type } from 'typebox';
import { Body, errors, Id } from './common.js';
import { BodyId } from './ids.js';
import { TaskDetail } from './tasks.js';

// The shapes live in checklist-shapes.ts (tasks.ts embeds them); the contract names them from here.
export { Checklist, ChecklistItem, ChecklistProgress } from './checklist-shapes.js';

export const MESSAGES = {
  title: 'Введите название списка',
  text: 'Введите текст пункта',
  assignee: 'Исполнитель не участник доски',
  position: 'Некорректная позиция',
} as const;

const Title = Type.String({ minLength: 1, maxLength: 500, 'x-error': MESSAGES.title });
const Text = Type.String({ minLength: 1, maxLength: 500, 'x-error': MESSAGES.text });
/** 0-based place in its list; past the end means last. */
const Position = Type.Integer({ minimum: 0, maximum: 1_000_000, 'x-error': MESSAGES.position });
const AssigneeId = Type.Union([BodyId(MESSAGES.assignee), Type.Null()], {
  description: 'an accepted board member, or null',
  'x-error': MESSAGES.assignee,
});

const common = { tags: ['checklists'], security: [{ bearer: [] }] };
/** Every call but the conversion answers the task as GET /api/task/{boardId}/{taskId} does. */
const answer = { 200: TaskDetail, ...errors(400, 401, 403, 404) };
/**
 * Creating and changing share a path (`/{boardId}/{id}`, `/item/{boardId}/{id}`), so the last
 * parameter has one name: the parent for POST, the checklist or item itself for PUT and DELETE.
 */
const IdOf = (what: string) => Type.Integer({ ...Id, description: what });

export const CreateChecklist = {
  operationId: 'createChecklist',
  summary: 'Add a checklist to a task',
  ...common,
  params: Type.Object({ boardId: Id, id: IdOf('the task') }),
  body: Body({ title: Title }),
  response: answer,
};

export const EditChecklist = {
  operationId: 'editChecklist',
  summary: 'Rename a checklist',
  ...common,
  params: Type.Object({ boardId: Id, id: IdOf('the checklist') }),
  body: Body({ title: Type.Optional(Title), position: Type.Optional(Position) }),
  response: answer,
};

export const DeleteChecklist = {
  operationId: 'deleteChecklist',
  summary: 'Delete a checklist',
  ...common,
  params: Type.Object({ boardId: Id, id: IdOf('the checklist') }),
  response: answer,
};

export const CreateItem = {
  operationId: 'createChecklistItem',
  summary: 'Add an item to a checklist',
  ...common,
  params: Type.Object({ boardId: Id, id: IdOf('the checklist') }),
  body: Body({ text: Text }),
  response: answer,
};

export const EditItem = {
  operationId: 'editChecklistItem',
  summary: 'Change, tick or move a checklist item',
  ...common,
  params: Type.Object({ boardId: Id, id: IdOf('the item') }),
  body: Body({
    text: Type.Optional(Text),
    done: Type.Optional(Type.Boolean({ 'x-error': 'Некорректное значение' })),
    assigneeId: Type.Optional(AssigneeId),
    position: Type.Optional(Position),
  }),
  response: answer,
};

export const DeleteItem = {
  operationId: 'deleteChecklistItem',
  summary: 'Delete a checklist item',
  ...common,
  params: Type.Object({ boardId: Id, id: IdOf('the item') }),
  response: answer,
};

export const ItemToTask = {
  operationId: 'convertChecklistItemToTask',
  summary: 'Turn a checklist item into a task',
  ...common,
  params: Type.Object({ boardId: Id, itemId: Id }),
  response: {
    200: Type.Object({
      id: Type.String({ description: 'the new task' }),
      number: Type.Integer({ description: "the new task's number on the board, which its link carries" }),
    }),
    ...errors(400, 401, 403, 404),
  },
};
