/** Boards: the queries for the board list and for creating, editing and deleting boards. */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../database.js';
import { recordRevision } from '../revisions/repository.js';
import { touchLists } from './access-repository.js';
import {
  type BoardListItem,
  type BoardSettings,
  DEFAULT_BOARD_COLOR,
  DEFAULT_COLUMNS,
  type Sort,
} from './schemas.js';

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
    .select(['b.id', 'b.name', 'b.color'])
    .where('m.user_id', '=', userId)
    .where('m.accepted', '=', true)
    .where('m.is_deleted', '=', false);
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
      .values({ board_id: id, user_id: userId, accepted: true, accepted_at: sql<Date>`now()` })
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

/** Deletes the board; the foreign keys cascade to everything on it. */
export async function deleteBoard(db: Db, boardId: number): Promise<void> {
  await touchLists(db, { boardId });
  await db.deleteFrom('boards').where('id', '=', boardId).execute();
}
