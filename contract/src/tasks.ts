import { type Static, Type } from 'typebox';
import { Checklist, ChecklistProgress } from './checklist-shapes.js';
import { Comment } from './comments.js';
import { Body, ErrorBody, errors, Id, Success } from './common.js';
import { FileItem } from './files.js';
import { BodyId, BodyIds } from './ids.js';
import { ConflictBody, FormVersion } from './revisions.js';

/** The one list of task priorities, lowest first. */
export const PRIORITY_VALUES = ['low', 'medium', 'high', 'critical'] as const;
export type PriorityValue = (typeof PRIORITY_VALUES)[number];

/** A priority as the board detail lists it: its value, name and colour. */
export const Priority = Type.Object({
  value: Type.Enum(PRIORITY_VALUES),
  label: Type.String(),
  color: Type.String(),
});
export type Priority = Static<typeof Priority>;

export const PRIORITIES = [
  { value: 'low', label: 'Низкий', color: '#2e7d32' },
  { value: 'medium', label: 'Средний', color: '#f9a825' },
  { value: 'high', label: 'Высокий', color: '#ef6c00' },
  { value: 'critical', label: 'Критический', color: '#c62828' },
] as const satisfies readonly Priority[];

/** A task's priority in a request body: a value or null. */
const PriorityField = Type.Union([Type.Enum(PRIORITY_VALUES), Type.Null()], {
  'x-error': 'Неизвестный приоритет',
});

export const Task = Type.Object({
  id: Type.String(),
  boardId: Type.Integer(),
  columnId: Type.String(),
  number: Type.Integer(),
  title: Type.String(),
  hasDescription: Type.Boolean(),
  estimation: Type.String(),
  priority: Type.Union([Type.Enum(PRIORITY_VALUES), Type.Null()]),
  assignees: Type.Array(Type.Integer()),
  labels: Type.Array(Type.Integer()),
  commentsCount: Type.Integer(),
  filesCount: Type.Integer(),
  createdAt: Type.String({ format: 'date-time' }),
  createdBy: Type.Integer(),
  version: Type.Integer({ description: 'grows with each change of the fields PUT /api/task/edit sets' }),
  dueAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'UTC' }),
  startAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: "UTC; the start ('Начало') of the range that ends at `dueAt`, never after it",
  }),
  dueDone: Type.Boolean({ description: "the due date's 'Выполнено' tick" }),
  checklist: ChecklistProgress,
  coverFileId: Type.Optional(
    Type.Union([Type.Integer(), Type.Null()], {
      description:
        "the image attachment shown on the card ('Сделать обложкой'); its link from GET /api/file/get",
    }),
  ),
});
export type Task = Static<typeof Task>;

export const TaskDetail = Type.Object({
  ...Task.properties,
  description: Type.String(),
  comments: Type.Array(Comment, { description: 'oldest first' }),
  files: Type.Array(FileItem, { description: 'oldest first' }),
  checklists: Type.Array(Checklist, { description: 'in position order' }),
  watching: Type.Optional(Type.Boolean({ description: 'whether the caller watches the task (GET only)' })),
});
export type TaskDetail = Static<typeof TaskDetail>;

const MESSAGES_DUE = 'Некорректная дата';

export const MESSAGES = {
  dueAt: MESSAGES_DUE,
  startAt: MESSAGES_DUE,
  startAfterDue: 'Начало позже срока',
  column: 'Колонка не найдена',
  assignees: 'Исполнитель не участник доски',
  labels: 'Метка не с этой доски',
  notInList: 'Задача должна быть в списке колонки',
  conflict: 'Задачу изменили',
  cover: 'Обложкой может быть только картинка из файлов этой задачи',
} as const;

const Title = Type.String({ minLength: 1, maxLength: 500, 'x-error': 'Введите название задачи' });
const Description = Type.String({ maxLength: 20_000, 'x-error': 'Описание должно быть текстом' });
/** '' or a non-negative decimal number; the hook turns numbers into text and ',' into '.'. */
const Estimation = Type.String({
  maxLength: 8,
  pattern: '^([0-9]+([.][0-9]+)?)?$',
  'x-error': 'Оценка должна быть числом',
});
const Assignees = BodyIds(MESSAGES.assignees, 500);
/** An ISO 8601 date and time with its offset (stored in UTC), or null for no due date. */
const DueAt = Type.Union(
  [
    Type.String({
      pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:\\d{2})$',
    }),
    Type.Null(),
  ],
  { 'x-error': MESSAGES_DUE },
);
/** The start date, written as the due date; not after it (400 `{ startAt: MESSAGES.startAfterDue }`). */
const StartAt = DueAt;
const Labels = BodyIds(MESSAGES.labels, 500);

const common = { tags: ['tasks'], security: [{ bearer: [] }] };
const TaskParams = Type.Object({ boardId: Id, taskId: Id });
/** The task a body refers to. */
const TaskRef = { boardId: BodyId(), taskId: BodyId() };

export const CreateTask = {
  operationId: 'createTask',
  summary: 'Add a task to a column',
  ...common,
  body: Body({
    boardId: BodyId(),
    title: Title,
    columnId: BodyId(MESSAGES.column),
    assignees: Type.Optional(Assignees),
    labels: Type.Optional(Labels),
    priority: Type.Optional(PriorityField),
  }),
  // 409 `{ message }`: the column's strict limit is reached ('Колонка заполнена: лимит N').
  response: { 200: Task, ...errors(400, 401, 403, 404, 409) },
};

export const GetTask = {
  operationId: 'getTask',
  summary: 'A task with its comments, files and checklists',
  ...common,
  params: TaskParams,
  response: { 200: TaskDetail, ...errors(400, 401, 403, 404) },
};

export const EditTask = {
  operationId: 'editTask',
  summary: 'Change a task',
  ...common,
  body: Body({
    ...TaskRef,
    title: Title,
    description: Description,
    columnId: BodyId(MESSAGES.column),
    estimation: Estimation,
    priority: PriorityField,
    assignees: Assignees,
    labels: Labels,
    dueAt: Type.Optional(DueAt),
    startAt: Type.Optional(StartAt),
    dueDone: Type.Optional(Type.Boolean({ 'x-error': 'Некорректное значение' })),
    version: FormVersion,
  }),
  response: {
    200: Task,
    ...errors(400, 401, 403, 404),
    // A conflict, or `{ message }` alone when a new column's strict limit is reached.
    409: Type.Union([ConflictBody('task', TaskDetail), ErrorBody]),
  },
};

export const DeleteTask = {
  operationId: 'deleteTask',
  summary: 'Delete a task (to the trash)',
  ...common,
  params: TaskParams,
  response: { 200: Success, ...errors(400, 401, 403, 404) },
};

export const SetCover = {
  operationId: 'setTaskCover',
  summary: "Show one of the task's image files on its card, or none",
  ...common,
  description: `\`fileId\`: a PNG, JPEG, GIF or WebP file of this task, or null to show none. Recorded as a \`task.edited\` change of the field \`cover\` (file names).`,
  params: TaskParams,
  body: Body({ fileId: Type.Union([Id, Type.Null()], { 'x-error': MESSAGES.cover }) }),
  response: { 200: TaskDetail, ...errors(400, 401, 403, 404) },
};

export const MoveTask = {
  operationId: 'moveTask',
  summary: 'Move a task within or between columns',
  ...common,
  body: Body({
    ...TaskRef,
    newColumnId: BodyId(MESSAGES.column),
    newColumnTaskIds: BodyIds('Некорректный список задач', 20_000),
  }),
  // 409: into another column whose strict limit is reached.
  response: { 200: Success, ...errors(400, 401, 403, 404, 409) },
};
