/** Saved templates: every query on board_templates, and rows turned into the API's template. */
import type { Template } from 'contract/templates';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../database.js';

type Db = Kysely<Database>;

const SUMMARY = ['id', 'name', 'columns', 'labels', 'tasks', 'created_at'] as const;

function toTemplate(row: {
  id: number;
  name: string;
  columns: string[];
  labels: number;
  tasks: number;
  created_at: Date;
}): Template {
  return {
    id: String(row.id),
    name: row.name,
    builtIn: false,
    columns: row.columns,
    labels: row.labels,
    tasks: row.tasks,
    createdAt: row.created_at.toISOString(),
  };
}

/** The user's templates, newest first. */
export async function listTemplates(db: Db, userId: number): Promise<Template[]> {
  const rows = await db
    .selectFrom('board_templates')
    .select(SUMMARY)
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toTemplate);
}

export async function countTemplates(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('board_templates')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.count;
}

export async function insertTemplate(
  db: Db,
  data: {
    userId: number;
    name: string;
    columns: string[];
    labels: number;
    tasks: number;
    snapshot: unknown;
  },
): Promise<Template> {
  const row = await db
    .insertInto('board_templates')
    .values({
      user_id: data.userId,
      name: data.name,
      columns: JSON.stringify(data.columns),
      labels: data.labels,
      tasks: data.tasks,
      snapshot: JSON.stringify(data.snapshot),
    })
    .returning(SUMMARY)
    .executeTakeFirstOrThrow();
  return toTemplate(row);
}

/** The user's template's name and document; null when they have no such template. */
export async function findTemplate(
  db: Db,
  id: number,
  userId: number,
): Promise<{ name: string; snapshot: unknown } | null> {
  const row = await db
    .selectFrom('board_templates')
    .select(['name', 'snapshot'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ?? null;
}

/** Deletes the user's template; false when they have no such template. */
export async function deleteTemplate(db: Db, id: number, userId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('board_templates')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
