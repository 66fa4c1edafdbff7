/**
 * WIP limits (docs/decisions.md "Start dates, WIP limits, the calendar range"): a column with a
 * strict limit takes no card once it holds as many as its limit. Every call that puts a card into a
 * column from elsewhere asks `requireRoom` under the board's lock (create, move between columns, the
 * edit's column change, copy and move to a board, restore from the trash, back from the archive), so
 * concurrent moves cannot overfill it. A move inside its column never asks; a column over its limit
 * (lowered later) keeps its cards.
 */

import { columnFull } from 'contract/columns';
import type { Kysely } from 'kysely';
import type { Database } from '../database.js';
import { HttpError } from '../errors.js';
import { fullStrictLimit } from './repository.js';

/** 409 'Колонка заполнена: лимит N' when the column's strict limit is reached. */
export async function requireRoom(db: Kysely<Database>, boardId: number, columnId: number): Promise<void> {
  const limit = await fullStrictLimit(db, boardId, columnId);
  if (limit !== null) throw new HttpError(409, { message: columnFull(limit) });
}
