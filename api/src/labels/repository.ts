/** Labels: every query on the labels table (task_labels rows go with a label by cascade). */

import type { Label } from 'contract/labels';
import type { Kysely, Selectable } from 'kysely';
import { recordRevision } from '../board-change/revisions.js';
import type { Database, LabelsTable } from '../database.js';

type Db = Kysely<Database>;

export const LABEL_COLUMNS = ['id', 'board_id', 'title', 'color', 'is_main_color', 'version'] as const;

/** The one place a labels row becomes the API's label. */
export function toLabel(row: Pick<Selectable<LabelsTable>, (typeof LABEL_COLUMNS)[number]>): Label {
  return {
    id: row.id,
    boardId: row.board_id,
    title: row.title,
    color: row.color,
    isMainColor: row.is_main_color,
    version: row.version,
  };
}

/** What PUT /api/label sets: the fields a revision keeps. */
export interface LabelFields {
  [field: string]: unknown;
  title: string;
  color: string;
  isMainColor: boolean;
}

export const labelFields = ({ title, color, isMainColor }: Label): LabelFields => ({
  title,
  color,
  isMainColor,
});

function recordLabel(db: Db, label: Label, userId: number) {
  return recordRevision(db, {
    boardId: label.boardId,
    entity: 'label',
    entityId: label.id,
    version: label.version,
    fields: labelFields(label),
    userId,
  });
}

export async function findLabel(db: Db, boardId: number, labelId: number): Promise<Label | null> {
  const row = await db
    .selectFrom('labels')
    .select(LABEL_COLUMNS)
    .where('id', '=', labelId)
    .where('board_id', '=', boardId)
    .executeTakeFirst();
  return row ? toLabel(row) : null;
}

export async function createLabel(
  db: Db,
  boardId: number,
  data: { title: string; color: string },
  userId: number,
): Promise<Label> {
  const row = await db
    .insertInto('labels')
    .values({ board_id: boardId, title: data.title, color: data.color })
    .returning(LABEL_COLUMNS)
    .executeTakeFirstOrThrow();
  const label = toLabel(row);
  await recordLabel(db, label, userId);
  return label;
}

/** Writes a label's fields over `current`, one version on. */
export async function updateLabel(
  db: Db,
  boardId: number,
  current: Label,
  data: LabelFields,
  userId: number,
): Promise<Label> {
  const row = await db
    .updateTable('labels')
    .set({
      title: data.title,
      color: data.color,
      is_main_color: data.isMainColor,
      version: current.version + 1,
    })
    .where('id', '=', current.id)
    .where('board_id', '=', boardId)
    .returning(LABEL_COLUMNS)
    .executeTakeFirstOrThrow();
  const label = toLabel(row);
  await recordLabel(db, label, userId);
  return label;
}

/** Deletes a label, which takes it off every task; false when the board has no such label. */
export async function deleteLabel(db: Db, boardId: number, labelId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('labels')
    .where('id', '=', labelId)
    .where('board_id', '=', boardId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** How many of `ids` are labels of this board. */
export async function countBoardLabels(db: Db, boardId: number, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const row = await db
    .selectFrom('labels')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('board_id', '=', boardId)
    .where('id', 'in', ids)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The board's labels, by id. */
export async function boardLabels(db: Db, boardId: number): Promise<Label[]> {
  const rows = await db
    .selectFrom('labels')
    .select(LABEL_COLUMNS)
    .where('board_id', '=', boardId)
    .orderBy('id')
    .execute();
  return rows.map(toLabel);
}
