/** Comments: every query on the comments table. */

import type { Comment } from 'contract/comments';
import type { Kysely, Selectable } from 'kysely';
import type { CommentsTable, Database } from '../database.js';

type Db = Kysely<Database>;

const COMMENT_COLUMNS = [
  'id',
  'board_id',
  'task_id',
  'user_id',
  'text',
  'created_at',
  'author_name',
] as const;

/** The one place a comments row becomes the API's comment. */
function toComment(row: Pick<Selectable<CommentsTable>, (typeof COMMENT_COLUMNS)[number]>): Comment {
  return {
    id: row.id,
    boardId: row.board_id,
    taskId: String(row.task_id),
    userId: row.user_id,
    text: row.text,
    createdAt: row.created_at.toISOString(),
    ...(row.author_name !== null && { authorName: row.author_name }),
  };
}

/** Adds a comment to a task of the board; null when the board has no such task. */
export async function createComment(
  db: Db,
  data: { boardId: number; taskId: number; userId: number; text: string },
): Promise<Comment | null> {
  const row = await db
    .insertInto('comments')
    .columns(['board_id', 'task_id', 'user_id', 'text'])
    .expression((eb) =>
      eb
        .selectFrom('tasks')
        .select((s) => [
          s.val(data.boardId).as('board_id'),
          'id',
          s.val(data.userId).as('user_id'),
          s.val(data.text).as('text'),
        ])
        .where('id', '=', data.taskId)
        .where('board_id', '=', data.boardId),
    )
    .returning(COMMENT_COLUMNS)
    .executeTakeFirst();
  return row ? toComment(row) : null;
}

/** The board's comment of that id; null when it has none. */
export async function findComment(db: Db, boardId: number, commentId: number): Promise<Comment | null> {
  const row = await db
    .selectFrom('comments')
    .select(COMMENT_COLUMNS)
    .where('id', '=', commentId)
    .where('board_id', '=', boardId)
    .executeTakeFirst();
  return row ? toComment(row) : null;
}

/** The author of a comment on the board; null when the board has no such comment. */
/** The comment's author and task; null when the board has no such comment. */
export async function findCommentAuthor(
  db: Db,
  boardId: number,
  commentId: number,
): Promise<{ userId: number; taskId: number; text: string } | null> {
  const row = await db
    .selectFrom('comments')
    .select(['user_id', 'task_id', 'text'])
    .where('id', '=', commentId)
    .where('board_id', '=', boardId)
    .executeTakeFirst();
  return row ? { userId: row.user_id, taskId: row.task_id, text: row.text } : null;
}

export async function deleteComment(db: Db, commentId: number): Promise<boolean> {
  const result = await db.deleteFrom('comments').where('id', '=', commentId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** A task's comments, oldest first. */
export async function commentsOfTask(db: Db, taskId: number): Promise<Comment[]> {
  return (await commentsOfTasks(db, [taskId])).get(taskId) ?? [];
}

/** The comments of many tasks at once (an export), oldest first, by task id. */
export async function commentsOfTasks(db: Db, taskIds: number[]): Promise<Map<number, Comment[]>> {
  const byTask = new Map<number, Comment[]>();
  if (taskIds.length === 0) return byTask;
  const rows = await db
    .selectFrom('comments')
    .select(COMMENT_COLUMNS)
    .where('task_id', 'in', taskIds)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const list = byTask.get(row.task_id) ?? [];
    list.push(toComment(row));
    byTask.set(row.task_id, list);
  }
  return byTask;
}
