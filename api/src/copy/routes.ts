/**
 * Copies and moves (docs/decisions.md "Templates, copies and moves"), all made of the export's reading
 * and the import's writing:
 *
 * - POST /api/board/{boardId}/copy: the board read as its export document, as a SourceBoard without
 *   people, comments or the archive, checklists unticked, written as a new board by the import writer
 *   in one transaction (changeNewBoard). The copier is its owner and only member.
 * - POST /api/column/copy: the column's cards read the same way and written by the import writer into
 *   a new column right after it ('{name} (копия)'), in the board's one change.
 * - POST /api/task/copy and POST /api/task/move-to-board: one change of both boards
 *   (changeTwoBoards: both locked in id order). Labels are matched by title on the target (case
 *   aside) and made there when missing; assignees who are not accepted members of the target are
 *   dropped and named in the answer. A copy is written by the import writer; a move keeps the card's
 *   row, id, checklists, comments and files, and gives it the target's next number.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CopyBoard, CopyColumn, CopyTask, copiedColumnName, MESSAGES, MoveTaskToBoard } from 'contract/copy';
import { toId } from 'contract/ids';
import type { Transaction } from 'kysely';
import { requireBoardAccess } from '../board-change/access.js';
import { columnNames } from '../board-change/activity.js';
import {
  changeBoard,
  changeNewBoard,
  changeTwoBoards,
  type LockedSide,
} from '../board-change/change-board.js';
import { recordRevision } from '../board-change/revisions.js';
import {
  columnExists,
  columnOrder,
  columnTaskIds,
  createColumn,
  findColumn,
  requireRoom,
  setColumnOrder,
} from '../columns/index.js';
import type { Database } from '../database.js';
import { HttpError, notFound } from '../errors.js';
import { boardDocument, exportedTasks } from '../export/index.js';
import {
  Clipper,
  copiedBoard,
  copiedTask,
  sourceOfExport,
  sourceTask,
  writeBoard,
  writeTasks,
} from '../import/index.js';
import { boardLabels, createLabel } from '../labels/index.js';
import { membersAmong } from '../members/index.js';
import { normalize } from '../schemas.js';
import { findTasks, moveTask } from '../tasks/index.js';
import {
  labelsByTitle,
  moveTaskRows,
  orderWith,
  peopleOf,
  reserveNumbers,
  setTaskOrder,
} from './repository.js';

type Trx = Transaction<Database>;

const noStage = () => {};
const unique = (ids: readonly number[]) => [...new Set(ids)];

/**
 * The target's label for each of `labelIds` (the source's): the one with the same title, else a new
 * one with the source's colour, recorded on the target. On the same board each label is itself.
 */
async function matchLabels(
  trx: Trx,
  from: LockedSide,
  to: LockedSide,
  labelIds: readonly number[],
  userId: number,
): Promise<Map<string, number>> {
  const matched = new Map<string, number>();
  if (labelIds.length === 0) return matched;
  if (from.boardId === to.boardId) {
    for (const id of labelIds) matched.set(String(id), id);
    return matched;
  }
  const used = (await boardLabels(trx, from.boardId)).filter((label) => labelIds.includes(label.id));
  const target = labelsByTitle(await boardLabels(trx, to.boardId));
  for (const label of used) {
    const key = label.title.toLocaleLowerCase('ru');
    let same = target.get(key);
    if (!same) {
      same = await createLabel(trx, to.boardId, { title: label.title, color: label.color }, userId);
      target.set(key, same);
      to.changes.label(same.id).record('label.created', { data: { title: same.title } });
    }
    matched.set(String(label.id), same.id);
  }
  return matched;
}

/** 400 unless the column is on the target board (not archived). */
async function requireTargetColumn(trx: Trx, boardId: number, columnId: number): Promise<void> {
  if (!(await columnExists(trx, boardId, columnId)))
    throw new HttpError(400, { toColumnId: MESSAGES.column });
}

const copyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/board/:boardId/copy',
    { schema: CopyBoard, preValidation: normalize({ name: 'trim' }) },
    async (request) => {
      const { boardId } = request.params;
      const userId = request.user.id;
      const { createdBy } = await requireBoardAccess(app, boardId, userId, 'view');
      // Read at one moment (a big board takes several batches), then written all or nothing.
      const document = await app.db
        .transaction()
        .setIsolationLevel('repeatable read')
        .setAccessMode('read only')
        .execute((trx) =>
          boardDocument(
            trx,
            { boardId, createdBy },
            { tasks: request.body.withTasks ?? false, comments: false, archive: false },
          ),
        );
      const source = copiedBoard(sourceOfExport(document));
      const written = await changeNewBoard(app, userId, (trx, changes) =>
        writeBoard(
          trx,
          source,
          {
            userId,
            name: request.body.name,
            invite: new Map(),
            onStage: noStage,
            copied: { from: 'board', name: document.board.name },
          },
          changes,
        ),
      );
      return { boardId: written.boardId };
    },
  );

  app.post('/column/copy', { schema: CopyColumn }, async (request, reply) => {
    const boardId = toId(request.body.boardId);
    const columnId = toId(request.body.columnId);
    const userId = request.user.id;
    return changeBoard(
      app,
      { boardId, userId, change: 'columns', reply },
      async (trx, _version, _board, changes) => {
        const current = await findColumn(trx, boardId, columnId);
        if (!current) throw notFound();
        const column = await createColumn(trx, boardId, copiedColumnName(current.name), userId);
        const copyId = Number(column.id);
        const order = (await columnOrder(trx, boardId)).filter((id) => id !== copyId);
        order.splice(order.indexOf(columnId) + 1, 0, copyId);
        await setColumnOrder(trx, boardId, order);
        changes
          .column(copyId)
          .columnOrder()
          .record('column.created', { columnId: copyId, columnName: column.name });

        const tasks = await exportedTasks(trx, boardId, await columnTaskIds(trx, columnId), {
          comments: false,
        });
        if (tasks.length === 0) return { columnId: column.id };
        const members = await membersAmong(trx, boardId, unique(tasks.flatMap((task) => task.assignees)));
        const labels = unique(tasks.flatMap((task) => task.labels));
        const written = await writeTasks(
          trx,
          tasks.map((task, position) => ({
            task: copiedTask(sourceTask(task), { assignees: true, comments: false }),
            columnId: copyId,
            position,
          })),
          {
            boardId,
            userId,
            firstNumber: await reserveNumbers(trx, boardId, tasks.length),
            labelIds: new Map(labels.map((id) => [String(id), id])),
            assignee: (key) => (members.has(Number(key)) ? { userId: Number(key) } : null),
            author: () => undefined,
            clipper: new Clipper(),
            onStage: noStage,
          },
        );
        for (const id of written.taskIds) changes.task(id);
        return { columnId: column.id };
      },
    );
  });

  app.post('/task/copy', { schema: CopyTask }, async (request, reply) => {
    const { body } = request;
    const fromId = toId(body.boardId);
    const toBoardId = toId(body.toBoardId);
    const taskId = toId(body.taskId);
    const columnId = toId(body.toColumnId);
    const withComments = body.withComments ?? false;
    const userId = request.user.id;
    return changeTwoBoards(
      app,
      {
        userId,
        reply,
        from: { boardId: fromId, action: 'view', change: 'tasks' },
        to: { boardId: toBoardId, action: 'edit', change: 'tasks' },
      },
      async (trx, { from, to }) => {
        if ((await findTasks(trx, fromId, [taskId])).length === 0) throw notFound();
        await requireTargetColumn(trx, toBoardId, columnId);
        await requireRoom(trx, toBoardId, columnId);
        const [task] = await exportedTasks(trx, fromId, [taskId], { comments: withComments });
        if (!task) throw notFound();
        const labelIds = await matchLabels(trx, from, to, task.labels, userId);
        const kept = await membersAmong(trx, toBoardId, task.assignees);
        const number = await reserveNumbers(trx, toBoardId, 1);
        const written = await writeTasks(
          trx,
          // Placed at `position` below.
          [
            {
              task: copiedTask(sourceTask(task), { assignees: true, comments: withComments }),
              columnId,
              position: 0,
            },
          ],
          {
            boardId: toBoardId,
            userId,
            firstNumber: number,
            labelIds,
            assignee: (key) => (kept.has(Number(key)) ? { userId: Number(key) } : null),
            // A copied comment keeps its author (an account here, whatever board it is on).
            author: (key) => Number(key),
            clipper: new Clipper(),
            onStage: noStage,
          },
        );
        const copyId = written.taskIds[0] as number;
        await setTaskOrder(trx, orderWith(await columnTaskIds(trx, columnId), copyId, body.position));
        to.changes.task(copyId).column(columnId).record('task.created', { taskId: copyId, columnId });
        const dropped = task.assignees.filter((id) => !kept.has(id));
        return { taskId: String(copyId), taskNumber: number, droppedAssignees: await peopleOf(trx, dropped) };
      },
    );
  });

  app.post('/task/move-to-board', { schema: MoveTaskToBoard }, async (request, reply) => {
    const { body } = request;
    const fromId = toId(body.boardId);
    const toBoardId = toId(body.toBoardId);
    const taskId = toId(body.taskId);
    const columnId = toId(body.toColumnId);
    const userId = request.user.id;
    return changeTwoBoards(
      app,
      {
        userId,
        reply,
        from: { boardId: fromId, action: 'edit', change: 'tasks' },
        to: { boardId: toBoardId, action: 'edit', change: 'tasks' },
      },
      async (trx, { from, to }) => {
        const [onBoard] = await findTasks(trx, fromId, [taskId]);
        if (!onBoard) throw notFound();
        await requireTargetColumn(trx, toBoardId, columnId);
        const fromColumn = Number(onBoard.columnId);
        if (fromId !== toBoardId || fromColumn !== columnId) await requireRoom(trx, toBoardId, columnId);

        // On its own board: an ordinary move (PUT /api/task/move) to that place.
        if (fromId === toBoardId) {
          const order = orderWith(await columnTaskIds(trx, columnId), taskId, body.position);
          const moved = await moveTask(trx, fromId, taskId, columnId, order, userId);
          if (typeof moved === 'string') throw notFound();
          from.changes.task(taskId).column(fromColumn, columnId);
          if (fromColumn !== columnId) {
            const names = await columnNames(trx, [fromColumn, columnId]);
            from.changes.record('task.moved', {
              taskId,
              columnId,
              data: {
                from: { id: String(fromColumn), name: names.get(fromColumn) ?? '' },
                to: { id: String(columnId), name: names.get(columnId) ?? '' },
              },
            });
          }
          return { taskId: String(taskId), taskNumber: onBoard.number, droppedAssignees: [] };
        }

        const [task] = await exportedTasks(trx, fromId, [taskId], { comments: false });
        if (!task) throw notFound();
        const labelIds = await matchLabels(trx, from, to, task.labels, userId);
        const labels = unique(task.labels.flatMap((id) => labelIds.get(String(id)) ?? [])).sort(
          (a, b) => a - b,
        );
        const kept = await membersAmong(trx, toBoardId, task.assignees);
        const keepAssignees = task.assignees.filter((id) => kept.has(id)).sort((a, b) => a - b);
        const itemAssignees = task.checklists.flatMap((list) =>
          list.items.flatMap((item) => item.assigneeId ?? []),
        );
        const number = await reserveNumbers(trx, toBoardId, 1);
        const version = await moveTaskRows(trx, {
          taskId,
          toBoardId,
          columnId,
          number,
          labels,
          keepAssignees,
          members: await membersAmong(trx, toBoardId, unique(itemAssignees)),
        });
        await setTaskOrder(trx, await columnTaskIds(trx, fromColumn));
        await setTaskOrder(trx, orderWith(await columnTaskIds(trx, columnId), taskId, body.position));
        await recordRevision(trx, {
          boardId: toBoardId,
          entity: 'task',
          entityId: taskId,
          version,
          fields: {
            title: task.title,
            description: task.description,
            estimation: task.estimation,
            priority: task.priority,
            columnId: String(columnId),
            assignees: keepAssignees,
            labels,
            dueAt: task.dueAt,
            startAt: task.startAt,
            dueDone: task.dueDone,
          },
          userId,
        });
        from.changes
          .removeTask(taskId)
          .column(fromColumn)
          .record('task.moved-out', {
            taskId,
            taskTitle: task.title,
            columnId: fromColumn,
            data: { board: { id: toBoardId, name: to.name } },
          });
        to.changes
          .task(taskId)
          .column(columnId)
          .record('task.moved-in', {
            taskId,
            taskTitle: task.title,
            columnId,
            data: { board: { id: fromId, name: from.name } },
          });
        const dropped = task.assignees.filter((id) => !kept.has(id));
        return { taskId: String(taskId), taskNumber: number, droppedAssignees: await peopleOf(trx, dropped) };
      },
    );
  });
};

export default copyRoutes;
