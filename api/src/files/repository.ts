/** Files: every query on the files table and on users.avatar, and rows turned into the API's file. */

import type { User } from 'contract/auth';
import type { FileItem } from 'contract/files';
import { type Kysely, type Selectable, sql } from 'kysely';
import { toUser, USER_COLUMNS } from '../auth/index.js';
import type { Database, FilesTable } from '../database.js';
import { isValidKey } from '../plugins/storage-contract.js';
import { OBJECT_PATH, objectUrl } from './signing.js';

type Db = Kysely<Database>;

type FileRow = Pick<
  Selectable<FilesTable>,
  'id' | 'board_id' | 'task_id' | 'name' | 'type' | 'size' | 'storage_key'
>;

const FILE_COLUMNS = ['id', 'board_id', 'task_id', 'name', 'type', 'size', 'storage_key'] as const;

/** The one place a files row becomes the API's file: its url is the object's unsigned path. */
export function toFileItem(row: FileRow): FileItem {
  return {
    id: row.id,
    boardId: row.board_id,
    taskId: String(row.task_id),
    name: row.name,
    url: objectUrl(row.storage_key),
    type: row.type,
    size: Number(row.size),
  };
}

/** A task's files, oldest first. */
export async function filesOfTask(db: Db, taskId: number): Promise<FileItem[]> {
  return (await filesOfTasks(db, [taskId])).get(taskId) ?? [];
}

/** The files of many tasks at once (an export), oldest first, by task id. */
export async function filesOfTasks(db: Db, taskIds: number[]): Promise<Map<number, FileItem[]>> {
  const byTask = new Map<number, FileItem[]>();
  if (taskIds.length === 0) return byTask;
  const rows = await db
    .selectFrom('files')
    .select(FILE_COLUMNS)
    .where('task_id', 'in', taskIds)
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const list = byTask.get(row.task_id) ?? [];
    list.push(toFileItem(row));
    byTask.set(row.task_id, list);
  }
  return byTask;
}

export async function taskExists(db: Db, boardId: number, taskId: number): Promise<boolean> {
  const row = await db
    .selectFrom('tasks')
    .select('id')
    .where('id', '=', taskId)
    .where('board_id', '=', boardId)
    .executeTakeFirst();
  return row !== undefined;
}

export interface NewFile {
  boardId: number;
  taskId: number;
  name: string;
  key: string;
  type: string;
  size: number;
  createdBy: number;
}

/**
 * Adds a file row; false when the object already belongs to a file. Callers hold the board lock and
 * keys carry their board, so no other add of the same key can run in between (a unique index backs
 * this up).
 */
export async function insertFile(db: Db, file: NewFile): Promise<boolean> {
  if (await findFileByKey(db, file.key)) return false;
  await db
    .insertInto('files')
    .values({
      board_id: file.boardId,
      task_id: file.taskId,
      name: file.name,
      storage_key: file.key,
      type: file.type,
      size: file.size,
      created_by: file.createdBy,
    })
    .execute();
  return true;
}

export interface StoredFile {
  boardId: number;
  taskId: number;
  name: string;
  type: string;
  key: string;
}

function toStoredFile(row: FileRow): StoredFile {
  return { boardId: row.board_id, taskId: row.task_id, name: row.name, type: row.type, key: row.storage_key };
}

export async function findFile(db: Db, id: number): Promise<StoredFile | null> {
  const row = await db.selectFrom('files').select(FILE_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? toStoredFile(row) : null;
}

export async function findFileByKey(db: Db, key: string): Promise<StoredFile | null> {
  const row = await db
    .selectFrom('files')
    .select(FILE_COLUMNS)
    .where('storage_key', '=', key)
    .executeTakeFirst();
  return row ? toStoredFile(row) : null;
}

/** Deletes a board's file; its storage key and task, or null when the board has no such file. */
export async function deleteFile(
  db: Db,
  boardId: number,
  id: number,
): Promise<{ key: string; taskId: number; name: string } | null> {
  const row = await db
    .deleteFrom('files')
    .where('id', '=', id)
    .where('board_id', '=', boardId)
    .returning(['storage_key', 'task_id', 'name'])
    .executeTakeFirst();
  return row ? { key: row.storage_key, taskId: row.task_id, name: row.name } : null;
}

/**
 * Storage keys of the files a delete is about to cascade to. Read in the deleting transaction,
 * under the board lock, so no file can be added in between; the objects are removed after commit.
 */
export async function fileKeysOf(
  db: Db,
  owner: { boardId: number } | { taskId: number } | { columnId: number },
): Promise<string[]> {
  let query = db.selectFrom('files').select('files.storage_key');
  if ('boardId' in owner) query = query.where('files.board_id', '=', owner.boardId);
  else if ('taskId' in owner) query = query.where('files.task_id', '=', owner.taskId);
  else {
    query = query
      .innerJoin('tasks', 'tasks.id', 'files.task_id')
      .where('tasks.column_id', '=', owner.columnId);
  }
  const rows = await query.execute();
  return rows.map((row) => row.storage_key);
}

/**
 * Sets the user's avatar url; answers the updated user and the url it replaced (null when none).
 * The row lock keeps two concurrent changes from both seeing the same previous avatar.
 */
export async function setAvatar(
  db: Db,
  userId: number,
  url: string,
): Promise<{ user: User; previous: string | null } | null> {
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('users')
      .select('avatar')
      .where('id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    if (!current) return null;
    const row = await trx
      .updateTable('users')
      .set({ avatar: url })
      .where('id', '=', userId)
      .returning(USER_COLUMNS)
      .executeTakeFirstOrThrow();
    return { user: toUser(row), previous: current.avatar };
  });
}

/** The board's files' storage keys, by file id (a ZIP export copies their bytes). */
export async function boardFileKeys(
  db: Db,
  boardId: number,
): Promise<Map<number, { taskId: number; name: string; key: string }>> {
  const rows = await db
    .selectFrom('files')
    .select(['id', 'task_id', 'name', 'storage_key'])
    .where('board_id', '=', boardId)
    .orderBy('id')
    .execute();
  return new Map(rows.map((row) => [row.id, { taskId: row.task_id, name: row.name, key: row.storage_key }]));
}

/**
 * Every storage key a row names: files, trash entries' files, avatars. A backup reads them in its
 * snapshot to be sure each has its bytes in the archive (backup/backup.ts).
 */
export async function namedStorageKeys(db: Db): Promise<Set<string>> {
  const rows = await db
    .selectFrom('files')
    .select('storage_key as key')
    .union(db.selectFrom('trash').select(sql<string>`unnest(file_keys)`.as('key')))
    .union(
      db
        .selectFrom('users')
        .select('avatar as key')
        .where('avatar', 'is not', null)
        .$narrowType<{ key: string }>(),
    )
    .execute();
  const keys = new Set<string>();
  for (const { key } of rows) {
    const stored = key.startsWith(OBJECT_PATH) ? key.slice(OBJECT_PATH.length) : key;
    if (isValidKey(stored)) keys.add(stored);
  }
  return keys;
}
