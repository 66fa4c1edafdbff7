/**
 * Boards: the queries for the board list and for creating, editing, deleting and restoring boards.
 * A deleted board keeps its rows, marked `deleted_at`, for TRASH_DAYS (its creator may restore it);
 * the nightly purge (trash/purge.ts) erases it after that.
 */

import {
  type BoardListItem,
  type BoardSettings,
  DEFAULT_BOARD_COLOR,
  DEFAULT_COLUMNS,
  type DeletedBoard,
  type Sort,
} from 'contract/boards';
import { TRASH_DAYS } from 'contract/trash';
import { type Kysely, sql } from 'kysely';
import { touchLists } from '../board-change/access-repository.js';
import { recordRevision } from '../board-change/revisions.js';
import type { Database } from '../database.js';

type Db = Kysely<Database>;

/**
 * The boards the user is an accepted, not removed member of. By name: lower-cased, 'ё' as 'е', in
 * code point order (so Russian names sort alphabetically whatever the database's collation), then id.
 */
export async function listBoards(db: Db, userId: number, sort: Sort = 'default'): Promise<BoardListItem[]> {
  const nameKey = sql`translate(lower(b.name), 'ё', 'е') collate "C"`;
  let query = db
    .selectFrom('board_members as m')
    .innerJoin('boards as b', 'b.id', 'm.board_id')
    .select(['b.id', 'b.name', 'b.color', 'm.role'])
    .where('m.user_id', '=', userId)
    .where('m.accepted', '=', true)
    .where('m.is_deleted', '=', false)
    .where('b.deleted_at', 'is', null);
  if (sort === 'byNameASC') query = query.orderBy(nameKey, 'asc');
  else if (sort === 'byNameDESC') query = query.orderBy(nameKey, 'desc');
  return query.orderBy('b.id').execute();
}

/** The revisions of a new board: its settings at board version 0 and each column's name at version 1. */
export function firstRevisions(
  boardId: number,
  settings: { name: string; color?: string },
  columns: { id: number; name: string }[],
  userId: number,
) {
  return [
    {
      board_id: boardId,
      entity: 'board' as const,
      entity_id: boardId,
      version: 0,
      fields: JSON.stringify(boardFields(settings)),
      changed_by: userId,
    },
    ...columns.map((column) => ({
      board_id: boardId,
      entity: 'column' as const,
      entity_id: column.id,
      version: 1,
      fields: JSON.stringify({ name: column.name }),
      changed_by: userId,
    })),
  ];
}

/** A new board with its default columns; the creator is its first, accepted member. */
export async function createBoard(
  db: Db,
  userId: number,
  data: { name: string; color: string },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('boards')
      .values({ name: data.name, color: data.color, created_by: userId })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('board_members')
      .values({ board_id: id, user_id: userId, accepted: true, accepted_at: sql<Date>`now()`, role: 'admin' })
      .execute();
    const columns = await trx
      .insertInto('columns')
      .values(DEFAULT_COLUMNS.map((name, position) => ({ board_id: id, name, position })))
      .returning(['id', 'name'])
      .execute();
    await trx
      .insertInto('revisions')
      .values(firstRevisions(id, data, columns, userId))
      .execute();
    await touchLists(trx, { userIds: [userId] });
    return id;
  });
}

/** The settings a revision of the board keeps, with their defaults. */
export function boardFields(data: Partial<BoardSettings> & { name: string }): BoardSettings {
  return {
    name: data.name,
    color: data.color ?? DEFAULT_BOARD_COLOR,
    showIdsMode: data.showIdsMode ?? 'empty',
    showTotalColumnEstimation: data.showTotalColumnEstimation ?? false,
  };
}

/** The board's settings now; null when there is no such board. */
export async function findBoardSettings(db: Db, boardId: number): Promise<BoardSettings | null> {
  const row = await db
    .selectFrom('boards')
    .select(['name', 'color', 'show_ids_mode', 'show_total_column_estimation'])
    .where('id', '=', boardId)
    .executeTakeFirst();
  return row
    ? {
        name: row.name,
        color: row.color,
        showIdsMode: row.show_ids_mode,
        showTotalColumnEstimation: row.show_total_column_estimation,
      }
    : null;
}

/** Writes the board's settings, kept as the revision of the board's `version`. */
export async function updateBoard(
  db: Db,
  boardId: number,
  data: BoardSettings,
  version: number,
  userId: number,
): Promise<void> {
  await db
    .updateTable('boards')
    .set({
      name: data.name,
      color: data.color,
      show_ids_mode: data.showIdsMode,
      show_total_column_estimation: data.showTotalColumnEstimation,
    })
    .where('id', '=', boardId)
    .execute();
  await recordRevision(db, {
    boardId,
    entity: 'board',
    entityId: boardId,
    version,
    fields: { ...data },
    userId,
  });
  await touchLists(db, { boardId });
}

/** Marks the board deleted by `userId`; its rows stay until it is restored or purged. */
export async function deleteBoard(db: Db, boardId: number, userId: number): Promise<void> {
  await touchLists(db, { boardId });
  await db
    .updateTable('boards')
    .set({ deleted_at: sql<Date>`now()`, deleted_by: userId })
    .where('id', '=', boardId)
    .execute();
}

/** Still restorable: deleted less than TRASH_DAYS ago. */
const restorable = sql<boolean>`b.deleted_at > now() - make_interval(days => ${TRASH_DAYS})`;

/** The boards `userId` created and deleted that can still be restored, newest first. */
export async function listDeletedBoards(db: Db, userId: number): Promise<DeletedBoard[]> {
  const rows = await db
    .selectFrom('boards as b')
    .select([
      'b.id',
      'b.name',
      'b.color',
      'b.deleted_at',
      sql<Date>`b.deleted_at + make_interval(days => ${TRASH_DAYS})`.as('purge_at'),
    ])
    .where('b.created_by', '=', userId)
    .where('b.deleted_at', 'is not', null)
    .where(restorable)
    .orderBy('b.deleted_at', 'desc')
    .orderBy('b.id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    color: row.color,
    deletedAt: (row.deleted_at as Date).toISOString(),
    purgeAt: row.purge_at.toISOString(),
  }));
}

/**
 * Brings a restorable deleted board back, row-locking it (so two restores, or a restore and the
 * purge, serialise) and bumping its version past every version held while it was deleted; marks its
 * people's lists changed. The board's creator, or null when it is unknown, not deleted or too old.
 */
export async function restoreBoard(
  db: Db,
  boardId: number,
): Promise<{ createdBy: number; version: number } | null> {
  const row = await db
    .updateTable('boards as b')
    .set({ deleted_at: null, deleted_by: null, version: sql<string>`version + 1` })
    .where('b.id', '=', boardId)
    .where('b.deleted_at', 'is not', null)
    .where(restorable)
    .returning(['b.created_by', 'b.version'])
    .executeTakeFirst();
  if (!row) return null;
  await touchLists(db, { boardId });
  return { createdBy: row.created_by, version: Number(row.version) };
}

/** The boards the user is an accepted member of (not deleted), oldest first. */
export async function boardsOfMember(
  db: Db,
  userId: number,
): Promise<{ id: number; name: string; createdBy: number }[]> {
  const rows = await db
    .selectFrom('board_members as m')
    .innerJoin('boards as b', 'b.id', 'm.board_id')
    .select(['b.id', 'b.name', 'b.created_by'])
    .where('m.user_id', '=', userId)
    .where('m.accepted', '=', true)
    .where('m.is_deleted', '=', false)
    .where('b.deleted_at', 'is', null)
    .orderBy('b.id')
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, createdBy: row.created_by }));
}
