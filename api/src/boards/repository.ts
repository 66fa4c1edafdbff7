/** Boards: the queries for the board list and for creating, editing and deleting boards. */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../database.js';
import { touchLists } from './access-repository.js';
import { type BoardListItem, DEFAULT_COLUMNS, type ShowIdsMode, type Sort } from './schemas.js';

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
    await trx
      .insertInto('columns')
      .values(DEFAULT_COLUMNS.map((name, position) => ({ board_id: id, name, position })))
      .execute();
    await touchLists(trx, { userIds: [userId] });
    return id;
  });
}

export async function updateBoard(
  db: Db,
  boardId: number,
  data: { name: string; color: string; showIdsMode: ShowIdsMode; showTotalColumnEstimation: boolean },
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
  await touchLists(db, { boardId });
}

/** Deletes the board; the foreign keys cascade to everything on it. */
export async function deleteBoard(db: Db, boardId: number): Promise<void> {
  await touchLists(db, { boardId });
  await db.deleteFrom('boards').where('id', '=', boardId).execute();
}
