import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CreateChecklist,
  CreateItem,
  DeleteChecklist,
  DeleteItem,
  EditChecklist,
  EditItem,
  ItemToTask,
  MESSAGES,
} from 'contract/checklists';
import { toId } from 'contract/ids';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { countAssignable } from '../board-change/access-repository.js';
import { changeBoard, changeOf } from '../board-change/change-board.js';
import type { BoardChanges } from '../board-change/changes.js';
import type { Database } from '../database.js';
import { HttpError, notFound } from '../errors.js';
import { normalize } from '../schemas.js';
import { createTask, findTask, findTaskDetail } from '../tasks/index.js';
import {
  createChecklist,
  createItem,
  deleteChecklist,
  deleteItem,
  findChecklist,
  findItem,
  type ItemRef,
  updateChecklist,
  updateItem,
} from './repository.js';

/**
 * The task after a change to its checklists, as the answer (with whether the caller watches it). The
 * task goes into the patch too: its counts may have changed, and a page with the task open learns its
 * checklists changed.
 */
async function answer(
  trx: Transaction<Database>,
  boardId: number,
  taskId: number,
  userId: number,
  changes: BoardChanges,
) {
  changes.task(taskId);
  return (await findTaskDetail(trx, boardId, taskId, userId))!;
}

const itemData = (item: ItemRef) => ({ checklistTitle: item.checklistTitle, itemText: item.text });

/**
 * An item's edit as activity: a tick or untick, and an edit of its text (with from and to) or of its
 * assignee; a move within its checklist is not recorded.
 */
function recordItemEdit(
  changes: BoardChanges,
  item: ItemRef,
  edit: { text?: string; done?: boolean; assigneeId?: number | null },
) {
  const taskId = item.taskId;
  const text = edit.text ?? item.text;
  if (edit.done !== undefined && edit.done !== item.done) {
    const kind = edit.done ? 'checklist.item-done' : 'checklist.item-undone';
    changes.record(kind, { taskId, data: { checklistTitle: item.checklistTitle, itemText: text } });
  }
  const textChanged = edit.text !== undefined && edit.text !== item.text;
  const assigneeChanged = edit.assigneeId !== undefined && edit.assigneeId !== item.assigneeId;
  if (textChanged || assigneeChanged) {
    changes.record('checklist.item-edited', {
      taskId,
      data: {
        checklistTitle: item.checklistTitle,
        itemText: text,
        ...(textChanged && { from: item.text, to: text }),
        ...(assigneeChanged && { assigneeId: edit.assigneeId }),
      },
    });
  }
}

const checklistRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // A checklist changes its task's card (the counts), so the announcement is a task change.
  const change = changeOf('tasks');
  type Work<T> = (trx: Transaction<Database>, found: T, changes: BoardChanges) => Promise<void>;

  /** One change of a checklist or an item of the board (404 when it has none of that id), answered with its task. */
  const changeFound =
    <T extends { taskId: number }>(
      find: (trx: Transaction<Database>, boardId: number, id: number) => Promise<T | null>,
    ) =>
    (boardId: number, id: number, request: FastifyRequest, reply: FastifyReply, work: Work<T>) =>
      changeBoard(app, change(boardId, request.user.id, reply), async (trx, _version, _board, changes) => {
        const found = await find(trx, boardId, id);
        if (!found) throw notFound();
        await work(trx, found, changes);
        return answer(trx, boardId, found.taskId, request.user.id, changes);
      });
  const changeList = changeFound(findChecklist);
  const changeItem = changeFound(findItem);

  app.post(
    '/:boardId/:id',
    { schema: CreateChecklist, preValidation: normalize({ title: 'trim' }) },
    async (request, reply) => {
      const { boardId, id: taskId } = request.params;
      const findTaskRef = async (trx: Transaction<Database>, board: number, id: number) =>
        (await findTask(trx, board, id)) ? { taskId: id } : null;
      return changeFound(findTaskRef)(boardId, taskId, request, reply, async (trx, _task, changes) => {
        await createChecklist(trx, boardId, taskId, request.body.title);
        changes.record('checklist.added', { taskId, data: { checklistTitle: request.body.title } });
      });
    },
  );

  app.put(
    '/:boardId/:id',
    { schema: EditChecklist, preValidation: normalize({ title: 'trim' }) },
    async (request, reply) => {
      const { boardId, id: checklistId } = request.params;
      return changeList(boardId, checklistId, request, reply, async (trx, list, changes) => {
        await updateChecklist(trx, list, request.body);
        const { title } = request.body;
        // Moving a checklist within its task is not recorded.
        if (title !== undefined && title !== list.title) {
          changes.record('checklist.edited', {
            taskId: list.taskId,
            data: { checklistTitle: title, from: list.title, to: title },
          });
        }
      });
    },
  );

  app.delete('/:boardId/:id', { schema: DeleteChecklist }, async (request, reply) => {
    const { boardId, id: checklistId } = request.params;
    return changeList(boardId, checklistId, request, reply, async (trx, list, changes) => {
      await deleteChecklist(trx, list);
      changes.record('checklist.deleted', { taskId: list.taskId, data: { checklistTitle: list.title } });
    });
  });

  app.post(
    '/item/:boardId/:id',
    { schema: CreateItem, preValidation: normalize({ text: 'trim' }) },
    async (request, reply) => {
      const { boardId, id: checklistId } = request.params;
      return changeList(boardId, checklistId, request, reply, async (trx, list, changes) => {
        await createItem(trx, boardId, list, request.body.text);
        changes.record('checklist.item-added', {
          taskId: list.taskId,
          data: { checklistTitle: list.title, itemText: request.body.text },
        });
      });
    },
  );

  app.put(
    '/item/:boardId/:id',
    { schema: EditItem, preValidation: normalize({ text: 'trim' }) },
    async (request, reply) => {
      const { boardId, id: itemId } = request.params;
      const { assigneeId, ...rest } = request.body;
      return changeItem(boardId, itemId, request, reply, async (trx, item, changes) => {
        const assignee = assigneeId === undefined || assigneeId === null ? assigneeId : toId(assigneeId);
        if (typeof assignee === 'number' && (await countAssignable(trx, boardId, [assignee])) !== 1) {
          throw new HttpError(400, { assigneeId: MESSAGES.assignee });
        }
        await updateItem(trx, item, { ...rest, assigneeId: assignee });
        recordItemEdit(changes, item, { ...rest, assigneeId: assignee });
      });
    },
  );

  app.delete('/item/:boardId/:id', { schema: DeleteItem }, async (request, reply) => {
    const { boardId, id: itemId } = request.params;
    return changeItem(boardId, itemId, request, reply, async (trx, item, changes) => {
      await deleteItem(trx, item);
      changes.record('checklist.item-deleted', { taskId: item.taskId, data: itemData(item) });
    });
  });

  // The item becomes a card at the end of its task's column, for the item's assignee while they are
  // still on the board (one who left since gives no assignee rather than refusing the conversion).
  app.post('/item/:boardId/:itemId/task', { schema: ItemToTask }, async (request, reply) => {
    const { boardId, itemId } = request.params;
    const userId = request.user.id;
    return changeBoard(app, change(boardId, userId, reply), async (trx, _version, _board, changes) => {
      const item = await findItem(trx, boardId, itemId);
      if (!item) throw notFound();
      const task = (await findTask(trx, boardId, item.taskId))!;
      const columnId = Number(task.columnId);
      const assignees =
        item.assigneeId !== null && (await countAssignable(trx, boardId, [item.assigneeId])) === 1
          ? [item.assigneeId]
          : [];
      const created = await createTask(trx, boardId, userId, {
        columnId,
        title: item.text,
        priority: null,
        assignees,
        labels: [],
      });
      await deleteItem(trx, item);
      changes
        .task(item.taskId)
        .task(Number(created.id))
        .column(columnId)
        .record('checklist.item-converted', {
          taskId: item.taskId,
          data: { ...itemData(item), newTaskId: created.id },
        });
      return { id: created.id, number: created.number };
    });
  });
};

export default checklistRoutes;
